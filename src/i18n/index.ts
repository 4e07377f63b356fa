import i18next, { type BackendModule, type Resource } from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { Domain } from '../../actors/domain'
import type * as LocaleTable from './locale-table'
import { FALLBACK_LANGUAGE, INTERFACE_LANGUAGES } from '../../actors/site'

/**
 * i18next for the 18 interface languages (spec §1) and Brazilian Portuguese (pt_BR, the Brazilian
 * sites' language, issue 45). Every `locales/<code>/<namespace>.json` is
 * one namespace of one language (shell.json for the app shell, auth.json for the sign-in
 * popups, and so on). Only the English of the first route's namespaces is bundled with the app;
 * every other file is its own chunk, fetched when a screen needs it or a language is chosen
 * (`setLanguage`), so the first route carries neither 17 languages nobody reads nor the words of
 * screens not yet shown. tests/unit/i18n checks every key is in every locale and really
 * translated.
 */

/** The interface languages, in the order of spec §1 (pt_BR after pt_PT). */
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
  pt_BR: 'Português (Brasil)',
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

/**
 * The first route's namespaces: every namespace a module of the first route's JavaScript uses
 * (tests/unit/i18n/first-route.test.ts walks the static imports from src/main.tsx and checks it).
 * Their English is bundled; every other namespace, and every namespace of another language, is its
 * own chunk, fetched when a screen that uses it is first shown (`useTranslation` suspends that
 * screen until then) or when the language is switched. The glob below names the same files: a
 * glob must be a literal.
 */
const firstRoute = import.meta.glob<Record<string, string>>(
  './locales/en_US/{account,auth,errors,games,home,layout,lines,messages,music,realtime,redpackets,service,shell,signin,toast,ui,upgrade,verify,yuebao}.json',
  { eager: true, import: 'default' },
)

/** A file's language and namespace. */
const parse = (file: string): { lng: string; ns: string } | null => {
  const m = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file)
  return m === null ? null : { lng: m[1]!, ns: m[2]! }
}

/**
 * The loaders of every file not bundled (about 600, one per language and namespace) are a module
 * of their own (./locale-table.ts, about 9 KiB gzipped), imported the first time a namespace is
 * fetched (a lazy screen, a language switch), not with the first route (issue 41).
 */
let table: Promise<typeof LocaleTable> | undefined
const localeTable = (): Promise<typeof LocaleTable> => {
  const t = (table ??= import('./locale-table'))
  // A failed import (offline, a chunk of an older build) is forgotten: the next fetch asks again.
  t.catch(() => {
    if (table === t) table = undefined
  })
  return t
}

/** The bundled resources: the first route's English (the rest arrives through `backend`). */
const resources: Resource = { [FALLBACK_LANGUAGE]: {} }
for (const [file, content] of Object.entries(firstRoute)) {
  const p = parse(file)
  if (p !== null) resources[FALLBACK_LANGUAGE]![p.ns] = content
}

/** The namespaces bundled with the first route. */
export const FIRST_ROUTE_NAMESPACES: ReadonlyArray<string> = Object.keys(resources[FALLBACK_LANGUAGE]!).sort()

/** Fetches one namespace of one language (its chunk), or fails. */
const fetchNamespace = (lng: string, ns: string): Promise<Record<string, string>> =>
  localeTable().then((t) => {
    const load = t.loaders.get(`${lng}/${ns}`)
    return load === undefined ? Promise.reject(new Error(`no namespace ${lng}/${ns}`)) : load()
  })

/**
 * i18next's loader for what is not bundled. A failed fetch (offline, a chunk of an older build
 * that is gone) is reported as i18next's 'failedLoading', which the lazy views turn into their
 * "Try again" (src/views/routing/lazy-view.tsx).
 */
const backend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (lng, ns, callback) => {
    fetchNamespace(lng, ns).then(
      (data) => callback(null, data),
      (e: unknown) => callback(e instanceof Error ? e : new Error(String(e)), false),
    )
  },
}

/** The lobby's i18next instance. */
export const i18n = i18next.createInstance()
void i18n
  .use(backend)
  .use(initReactI18next)
  .init({
    resources,
    partialBundledLanguages: true,
    lng: FALLBACK_LANGUAGE,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    ns: [...FIRST_ROUTE_NAMESPACES],
    defaultNS: 'shell',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  })

const loading = new Map<string, Promise<void>>()

/** Fetches one namespace of a language into i18next (once per page unless it failed). */
const loadNamespace = (lng: string, ns: string): Promise<void> => {
  if (i18n.hasResourceBundle(lng, ns)) return Promise.resolve()
  const key = `${lng}/${ns}`
  let pending = loading.get(key)
  if (pending === undefined) {
    pending = fetchNamespace(lng, ns).then((data) => {
      i18n.addResourceBundle(lng, ns, data, true, true)
    })
    // A failed fetch (offline, a new deployment) may be tried again on the next switch.
    pending.catch(() => loading.delete(key))
    loading.set(key, pending)
  }
  return pending
}

/**
 * Fetches the namespaces of a language into i18next: the given ones, or every namespace the page
 * has loaded so far in any language (what is on screen, and the first route's), so a switch
 * shows the new language at once and no screen waits.
 */
export const loadLanguage = (code: string, namespaces?: ReadonlyArray<string>): Promise<void> => {
  if (!isLanguage(code)) return Promise.resolve()
  const loaded = new Set<string>(FIRST_ROUTE_NAMESPACES)
  for (const lng of Object.keys(i18n.store.data)) for (const ns of Object.keys(i18n.store.data[lng] ?? {})) loaded.add(ns)
  return Promise.all([...(namespaces ?? loaded)].map((ns) => loadNamespace(code, ns))).then(() => undefined)
}

/**
 * The namespaces no one domain owns: the shell's, the shared controls' and the devtools'. Every
 * other namespace is a domain's (its module's `namespaces`, actors/<domain>/domain.ts;
 * tests/unit/domains.test.ts checks each has exactly one owner).
 */
export const SHARED_NAMESPACES: ReadonlyArray<string> = ['devtools', 'shell', 'ui']

/**
 * Fetches a domain's words (its module's namespaces) in a language, the current one by default:
 * what a domain started after boot asks for before its screens show, so they never wait for words.
 */
export const loadDomainWords = (domain: Pick<Domain, 'namespaces'>, code: string = i18n.language): Promise<void> =>
  loadLanguage(code, domain.namespaces)

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
