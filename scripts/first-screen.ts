/**
 * Build step: dist/first-screen.json, what the hall needs to paint the home page's first screen
 * before the lobby starts (server/first-screen.ts): the words of FIRST_SCREEN_TEXTS in every
 * interface language and the lobby's icons, taken from the same files the lobby is built from.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'vite'
import { FIRST_SCREEN_KIT_FILE, FIRST_SCREEN_TEXTS, type FirstScreenKit } from '../schemas/first-screen.ts'
import { ICON_PATHS } from '../src/ui/icon-paths.ts'

const LOCALES = 'src/i18n/locales'

const flatten = (value: unknown, prefix: string, out: Record<string, string>): void => {
  if (typeof value === 'string') out[prefix] = value
  else if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value)) flatten(v, prefix === '' ? k : `${prefix}.${k}`, out)
}

/** The first screen's words of one language, `namespace:key` to words. */
const textsOf = (root: string, lang: string): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const ns of new Set(FIRST_SCREEN_TEXTS.map((k) => k.split(':')[0]!))) {
    const all: Record<string, string> = {}
    flatten(JSON.parse(readFileSync(join(root, LOCALES, lang, `${ns}.json`), 'utf8')), '', all)
    for (const [key, words] of Object.entries(all)) {
      const full = `${ns}:${key}`
      if (FIRST_SCREEN_TEXTS.some((w) => (w.endsWith('.') ? full.startsWith(w) : full === w))) out[full] = words
    }
  }
  return out
}

/** The kit of a source tree: every locale's words and the icons. */
export const firstScreenKit = (root: string): FirstScreenKit => ({
  icons: ICON_PATHS,
  texts: Object.fromEntries(readdirSync(join(root, LOCALES)).sort().map((lang) => [lang, textsOf(root, lang)])),
})

export const firstScreen = (): Plugin => {
  let root = process.cwd()
  return {
    name: 'lobby-first-screen',
    apply: 'build',
    configResolved(config) {
      root = config.root
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: FIRST_SCREEN_KIT_FILE, source: JSON.stringify(firstScreenKit(root)) })
    },
  }
}
