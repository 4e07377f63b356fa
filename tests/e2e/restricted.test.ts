import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser'

/**
 * The access-restricted page (screens §2 /pages/403/; calls §7.3 getAccessRestrictedInfo) at
 * phone and desktop sizes: besides the lobby's own words it shows the operator's title and text
 * (markup that would run code shows inert), the address the hall saw and a support link that opens
 * outside the lobby.
 */
const kit = useBrowser()

describe.each(['desktop', 'phone'] as const)('access restricted at %s size', (size) => {
  it('shows the operator’s text inert, the visitor’s address and the way to support', async () => {
    await kit.patchSite('001', 'accessRestricted', {
      title: 'Not in your country',
      content: '<p>Our licence covers <b>other regions</b>.</p><img src="data:image/png;base64,AAAA" alt="" onerror="window.__pwned = 1"><script>window.__pwned = 2</script>',
    })
    await kit.control('area', { siteCode: '001', areaStatus: false })
    const { page, errors } = await kit.open(size)
    await page.goto(`${kit.hallUrl}/?site=001`)
    await page.getByRole('heading', { name: 'Access restricted' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/pages/403')
    await page.getByRole('heading', { name: 'Not in your country' }).waitFor()
    await page.getByText('other regions').waitFor()
    await page.getByText(/^Your address: (127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/).waitFor()
    const support = page.getByRole('link', { name: 'Contact support' })
    expect(await support.getAttribute('href')).toBe('https://support.invalid/chat')
    expect(await support.getAttribute('rel')).toBe('noopener noreferrer')
    expect(await page.locator('.status__content script, .status__content [onerror]').count()).toBe(0)
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
    expect(errors).toEqual([])
  })
})
