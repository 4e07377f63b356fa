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

  it('links and a selected control read at 4.5:1 or more (WCAG AA) in every theme', () => {
    // The colour tokens of each theme: base.css's :root, then the theme's block over it.
    const tokens = (block: string): Record<string, string> =>
      Object.fromEntries([...block.matchAll(/(--color-[\w-]+):\s*(#[0-9a-fA-F]{6})\b/g)].map((m) => [m[1] ?? '', m[2] ?? '']))
    const base = tokens(/:root \{([\s\S]*?)\n\}/.exec(readFileSync(TOKEN_FILES[0]!, 'utf8'))?.[1] ?? '')
    const themes = readFileSync(TOKEN_FILES[1]!, 'utf8')
    const of = (id: number) => (id === 1 ? base : { ...base, ...tokens(new RegExp(`:root\\[data-theme='${id}'\\] \\{([^}]*)\\}`).exec(themes)?.[1] ?? '') })
    const luminance = (hex: string): number => {
      const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
      return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0)
    }
    const contrast = (a: string, b: string): number => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
      return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05)
    }
    expect(contrast('#ffffff', '#2f7bff')).toBeCloseTo(3.89, 2)
    const short: string[] = []
    for (const id of [1, 2, 3, 4, 5, 6, 7]) {
      const t = of(id)
      for (const [fg, bg] of [['--color-link', '--color-surface'], ['--color-link', '--color-surface-2'], ['--color-primary-text', '--color-primary-strong']] as const) {
        const ratio = contrast(t[fg] ?? '#000000', t[bg] ?? '#000000')
        if (t[fg] === undefined || t[bg] === undefined || ratio < 4.5) short.push(`theme ${id}: ${fg} on ${bg} ${ratio.toFixed(2)}`)
      }
    }
    expect(short).toEqual([])
  })
})
