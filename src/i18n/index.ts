import i18next, { type Resource } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { FALLBACK_LANGUAGE, INTERFACE_LANGUAGES } from '../../actors/site'

/**
 * i18next for the 18 interface languages (spec §1). Resources are bundled: every
 * `locales/<code>/<namespace>.json` is one namespace of one language (shell.json for the app
 * shell, auth.json for the sign-in popups, and so on as screens arrive), all loaded here, so a
 * language switch never waits for the network. tests/unit/i18n checks every key is in every
 * locale and really translated.
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

const files = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' })

/** The bundled resources: language → namespace → keys. */
export const resources: Resource = {}
for (const [file, content] of Object.entries(files)) {
  const m = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file)
  if (m === null) continue
  const [, lng, ns] = m as unknown as [string, string, string]
  ;(resources[lng] ??= {})[ns] = content as Record<string, string>
}

/** The namespaces found (every locale has the same ones; the i18n test checks it). */
export const NAMESPACES: ReadonlyArray<string> = [...new Set(Object.values(resources).flatMap((r) => Object.keys(r)))].sort()

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
