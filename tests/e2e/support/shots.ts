import path from 'node:path'
import type { Locator, Page } from 'playwright-core'

/**
 * A picture of a page or part of it, for a person to look at: taken only when
 * LOBBY_SCREENSHOT_DIR names a folder (it goes there as `<name>.png`). A test run checks what the
 * page shows by role and text; a picture nobody reads cost up to half a second each (a full page
 * more), so a normal run takes none.
 */
export const lookAt = async (target: Page | Locator, name: string, o: { readonly fullPage?: boolean } = {}): Promise<void> => {
  const dir = process.env['LOBBY_SCREENSHOT_DIR']
  if (dir === undefined || dir === '') return
  const file = path.join(dir, `${name}.png`)
  if ('goto' in target) await target.screenshot({ path: file, ...(o.fullPage === true ? { fullPage: true } : {}) })
  else await target.screenshot({ path: file })
}
