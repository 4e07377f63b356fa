import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * No colour outside the theme tokens (issue 10, spec §9 themes): a colour literal (hex, rgb(),
 * hsl(), or a named colour) may appear only in the token files, so the seven themes recolour
 * everything. Scans every stylesheet under src/ and the style props of every .tsx. The devtools
 * (src/devtools: the session timeline and support console, pages of their own that the lobby's
 * themes never apply to) are outside the scan.
 */
const root = path.resolve(import.meta.dirname, '../../..')
const SRC = path.join(root, 'src')
const TOKEN_FILES = ['src/ui/base.css', 'src/ui/themes.css'].map((f) => path.join(root, f))
const OUTSIDE = [path.join(SRC, 'devtools')]

const HEX = /#[0-9a-fA-F]{3,8}\b/
const FUNC = /\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(/
const NAMED = /(?<![-\w])(?:white|black|red|green|blue|yellow|orange|purple|gray|grey|pink|brown|cyan|magenta|silver|gold|navy|teal|maroon)(?![-\w])/

/** A colour literal in a piece of CSS text (comments, urls and selectors aside). */
export const colourIn = (css: string): string | null => {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/url\([^)]*\)/g, '')
  for (const decl of text.matchAll(/([\w-]+)\s*:\s*([^;{}]+)/g)) {
    const value = decl[2] ?? ''
    const m = HEX.exec(value) ?? FUNC.exec(value) ?? NAMED.exec(value)
    if (m !== null) return `${decl[1]}: ${value.trim()}`
  }
  return null
}

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (OUTSIDE.includes(full)) return []
    return statSync(full).isDirectory() ? files(full) : [full]
  })

/** The style={{ ... }} props of a .tsx file, as CSS-like text. */
const styleProps = (tsx: string): string =>
  [...tsx.matchAll(/style=\{\{([^}]*)\}\}/g)].map((m) => (m[1] ?? '').replace(/,/g, ';').replace(/'/g, '')).join(';')

describe('colour tokens', () => {
  it('finds a colour literal where one is written', () => {
    expect(colourIn('.a { color: #fff; }')).toBe('color: #fff')
    expect(colourIn('.a { background: rgb(0 0 0 / 0.5) }')).not.toBeNull()
    expect(colourIn('.a { border: 1px solid red; }')).not.toBeNull()
    expect(colourIn('.a { color: var(--color-text); background: var(--gradient-hero); }')).toBeNull()
    expect(colourIn('.red-packet { color: var(--color-packet); } .icon-button--accent { color: inherit }')).toBeNull()
    expect(colourIn(styleProps("<div style={{ color: '#123456' }} />"))).not.toBeNull()
    expect(colourIn(styleProps('<div style={{ height: 12 }} />'))).toBeNull()
  })

  it('no stylesheet or style prop under src/ writes a colour outside the token files', () => {
    const offenders: string[] = []
    for (const file of files(SRC)) {
      if (TOKEN_FILES.includes(file)) continue
      const text = readFileSync(file, 'utf8')
      const found = file.endsWith('.css') ? colourIn(text) : file.endsWith('.tsx') ? colourIn(styleProps(text)) : null
      if (found !== null) offenders.push(`${path.relative(root, file)}: ${found}`)
    }
    expect(offenders).toEqual([])
  })

  it('the token files define all seven themes (spec §9 ids 1-7, 1 blue in :root)', () => {
    const themes = readFileSync(TOKEN_FILES[1]!, 'utf8')
    for (const id of [2, 3, 4, 5, 6, 7]) expect(themes).toContain(`:root[data-theme='${id}']`)
    expect(readFileSync(TOKEN_FILES[0]!, 'utf8')).toMatch(/:root \{[\s\S]*--color-primary: #2f7bff/)
  })
})
