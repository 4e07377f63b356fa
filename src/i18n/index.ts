import i18next, { type Resource } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { FALLBACK_LANGUAGE, INTERFACE_LANGUAGES } from '../../actors/site'

/**
 * i18next for the 18 interface languages (spec §1). Every `locales/<code>/<namespace>.json` is
 * one namespace of one language (shell.json for the app shell, auth.json for the sign-in
 * popups, and so on). English, the fallback, is bundled with the app; every other language is
 * its own chunk, fetched when it is first chosen (`setLanguage`), so the first route does not
 * carry 17 languages nobody reads. tests/unit/i18n checks every key is in every locale and
 * really translated.
 */

/** The interface languages, in the order of spec §1. */
export const LANGUAGES = INTERFACE_LANGUAGES
export type Language = (typeof LANGUAGES)[number]

/** Each language's name in itself: what the language switch lists, whatever the current language. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en_US: 'English',
  zh_CN: '简体中文',
  zh_TW: '繁體中文',
  th_TH: 'ไทย',
  vi_VN: 'Tiếng Việt',
  ko_KR: '한국어',
  ja_JP: '日本語',
  pt_PT: 'Português',
  es_ES: 'Español',
  de_DE: 'Deutsch',
  fr_FR: 'Français',
  it_IT: 'Italiano',
  ru_RU: 'Русский',
  my_MM: 'မြန်မာ',
  id_ID: 'Bahasa Indonesia',
  hi_IN: 'हिन्दी',
  tl_PH: 'Filipino',
  km_KH: 'ខ្មែរ',
}

/** Whether a code is one of the 18 interface languages. */
export const isLanguage = (code: string): code is Language => (LANGUAGES as ReadonlyArray<string>).includes(code)

const english = import.meta.glob<Record<string, string>>('./locales/en_US/*.json', { eager: true, import: 'default' })
const lazy = import.meta.glob<Record<string, string>>(['./locales/*/*.json', '!./locales/en_US/*.json'], { import: 'default' })

const parse = (file: string): { lng: string; ns: string } | null => {
  const m = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file)
  return m === null ? null : { lng: m[1]!, ns: m[2]! }
}

/** The bundled resources: English only (the other languages arrive with `loadLanguage`). */
const resources: Resource = { [FALLBACK_LANGUAGE]: {} }
for (const [file, content] of Object.entries(english)) {
  const p = parse(file)
  if (p !== null) resources[FALLBACK_LANGUAGE]![p.ns] = content
}

/** The namespaces (every locale has the same ones; the i18n test checks it). */
export const NAMESPACES: ReadonlyArray<string> = Object.keys(resources[FALLBACK_LANGUAGE]!).sort()

/** The lobby's i18next instance. */
export const i18n = i18next.createInstance()
void i18n.use(initReactI18next).init({
  resources,
  lng: FALLBACK_LANGUAGE,
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  load: 'currentOnly',
  ns: [...NAMESPACES],
  defaultNS: 'shell',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
})

const loading = new Map<string, Promise<void>>()

/** Fetches a language's namespaces into i18next (once; English is always there). */
export const loadLanguage = (code: string): Promise<void> => {
  if (code === FALLBACK_LANGUAGE || !isLanguage(code)) return Promise.resolve()
  let pending = loading.get(code)
  if (pending === undefined) {
    const files = Object.entries(lazy).filter(([file]) => parse(file)?.lng === code)
    pending = Promise.all(
      files.map(async ([file, load]) => {
        i18n.addResourceBundle(code, parse(file)!.ns, await load(), true, true)
      }),
    ).then(() => undefined)
    // A failed fetch (offline, a new deployment) may be tried again on the next switch.
    pending.catch(() => loading.delete(code))
    loading.set(code, pending)
  }
  return pending
}

let wanted = ''
/**
 * Switches the interface language once its strings are loaded; the latest choice wins when
 * switches overlap. If the language cannot be fetched the interface stays as it was.
 */
export const setLanguage = async (code: string): Promise<void> => {
  wanted = code
  try {
    await loadLanguage(code)
  } catch {
    return
  }
  if (wanted === code && i18n.language !== code) await i18n.changeLanguage(code)
}
