import i18next from 'i18next'
import { useEffect, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import en from './locales/en_US.json'
import pt from './locales/pt_BR.json'

/**
 * The support console's languages (docs/timeline.md "Languages"): English and Brazilian Portuguese,
 * in its own i18next instance and its own locale files (src/devtools/support/locales), apart from
 * the lobby's 19 (src/i18n), whose every namespace must exist in every lobby language. The choice
 * is made in the console's header, kept in localStorage; without one, a browser set to Portuguese
 * starts in Portuguese. `<html lang>` follows.
 */

export const CONSOLE_LANGUAGES = ['en_US', 'pt_BR'] as const
export type ConsoleLanguage = (typeof CONSOLE_LANGUAGES)[number]

/** Each language's name in itself (the switch lists these, whatever the current language). */
export const CONSOLE_LANGUAGE_NAMES: Readonly<Record<ConsoleLanguage, string>> = { en_US: 'English', pt_BR: 'Português (Brasil)' }

/** The BCP 47 tag of a language: `<html lang>` and Intl. */
export const TAGS: Readonly<Record<ConsoleLanguage, string>> = { en_US: 'en-US', pt_BR: 'pt-BR' }

/** Where the choice is remembered. */
export const LANGUAGE_KEY = 'lobby.support.language'

const isConsoleLanguage = (v: unknown): v is ConsoleLanguage => (CONSOLE_LANGUAGES as ReadonlyArray<unknown>).includes(v)

const stored = (): string | null => {
  try {
    return globalThis.localStorage?.getItem(LANGUAGE_KEY) ?? null
  } catch {
    return null
  }
}

/** The remembered choice, else Portuguese for a browser set to Portuguese, else English. */
export const initialLanguage = (): ConsoleLanguage => {
  const s = stored()
  if (isConsoleLanguage(s)) return s
  const browser = globalThis.navigator?.languages?.[0] ?? globalThis.navigator?.language ?? ''
  return /^pt\b/i.test(browser) ? 'pt_BR' : 'en_US'
}

/** The console's i18next instance (namespace `console`). */
export const consoleI18n = i18next.createInstance()
void consoleI18n.init({
  resources: { en_US: { console: en }, pt_BR: { console: pt } },
  lng: initialLanguage(),
  fallbackLng: 'en_US',
  supportedLngs: [...CONSOLE_LANGUAGES],
  load: 'currentOnly',
  ns: ['console'],
  defaultNS: 'console',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
})

/** The current language. */
export const language = (): ConsoleLanguage => (isConsoleLanguage(consoleI18n.language) ? consoleI18n.language : 'en_US')

/** Switches the console's language and remembers the choice. */
export const setConsoleLanguage = (lng: ConsoleLanguage): void => {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_KEY, lng)
  } catch {
    // A browser that refuses storage still switches for this page.
  }
  void consoleI18n.changeLanguage(lng)
}

const subscribe = (onChange: () => void) => {
  consoleI18n.on('languageChanged', onChange)
  return () => consoleI18n.off('languageChanged', onChange)
}

/** The console's `t`, its language, and the locale's formats; re-renders when the language changes. */
export const useConsole = () => {
  const { t } = useTranslation('console', { i18n: consoleI18n })
  const lng = useSyncExternalStore(subscribe, language, language)
  const tag = TAGS[lng]
  return { t, lng, tag, money: (amount: string | number, currency?: string) => money(tag, amount, currency), dateTime: (iso: string | null) => dateTime(tag, iso) }
}

/** Keeps `<html lang>` on the console's language. */
export const useHtmlLang = (): void => {
  const lng = useSyncExternalStore(subscribe, language, language)
  useEffect(() => {
    document.documentElement.lang = TAGS[lng]
  }, [lng])
}

/**
 * An amount in a locale's digits: 1234.5 → 1,234.50 (en-US) or 1.234,50 (pt-BR), with its
 * currency code after it. The hall's decimal text keeps its own precision (up to 8 places).
 */
export const money = (tag: string, amount: string | number, currency?: string): string => {
  const text = String(amount)
  const n = Number(text)
  if (text.trim() === '' || !Number.isFinite(n)) return currency === undefined ? text : `${text} ${currency}`
  const places = Math.min(8, Math.max(2, (/\.(\d+)$/.exec(text)?.[1] ?? '').replace(/0+$/, '').length))
  const shown = new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: places }).format(n)
  return currency === undefined ? shown : `${shown} ${currency}`
}

/** A UTC time in a locale's order, in UTC: 05/06/2026, 07:08:09 (en-US) or 06/05/2026, 07:08:09 (pt-BR). */
export const dateTime = (tag: string, iso: string | null): string => {
  if (iso === null || iso === '') return '—'
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  return new Intl.DateTimeFormat(tag, { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }).format(d)
}
