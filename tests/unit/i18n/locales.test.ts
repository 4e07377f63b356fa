import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { i18n, LANGUAGE_NAMES, LANGUAGES, loadLanguage } from '../../../src/i18n'
import { NAMESPACES } from '../../../src/i18n/locale-table'

/**
 * Every string of the lobby is in every interface language, and really translated: a key
 * missing from a locale, an empty value, or a non-English value identical to the English one
 * fails, unless it is listed below (brand names, codes, and words that are the same in that
 * language).
 */

/** `namespace:key` allowed to equal English in every language (brands, acronyms, codes). */
const SAME_EVERYWHERE: ReadonlyArray<string> = ['shell:route.vip', 'vip:title', 'vip:level', 'layout:mine.vipLevel', 'postlogin:security.item.googleAuth', 'errors:ok', 'withdraw:card.cpf', 'withdraw:source_vip']

/** `namespace:key` allowed to equal English in one language: the word really is the same there. */
const SAME_IN: Readonly<Record<string, ReadonlyArray<string>>> = {
  es_ES: ['shell:category.club', 'records:totals', 'withdraw:speed_2'],
  fr_FR: ['messages:title', 'account:setting.notifications', 'about:update.version', 'feedback:form.type', 'feedback:type.1', 'shell:category.club', 'shell:category.sports', 'shell:tab.sport', 'shell:route.sports', 'shell:route.eventIndex', 'shell:route.notice', 'records:kind', 'records:kind_bonus', 'records:totals', 'ui:filter.date', 'withdraw:source_bonus', 'pay:bonus', 'activities:title', 'verify:puzzle.symbol.triangle'],
  it_IT: ['shell:category.club', 'shell:tab.home', 'postlogin:security.item.email', 'records:kind_bonus', 'ui:total_one', 'withdraw:source_bonus', 'pay:bonus'],
  de_DE: ['about:update.version', 'records:kind_bonus', 'withdraw:speed_2', 'withdraw:card.bank', 'withdraw:status', 'withdraw:details', 'withdraw:source_bonus', 'pay:bonus', 'pay:statusLabel', 'pay:bank', 'activities:state', 'activities:level.1'],
  pt_PT: ['records:totals', 'withdraw:speed_2'],
  pt_BR: ['records:totals', 'withdraw:speed_2'],
  // 'Email' (and bonus, transfer, platform, total) are the everyday words in these languages.
  id_ID: ['vip:col.level', 'postlogin:security.item.email', 'records:kind_bonus', 'records:kind_transfer', 'records:platform', 'records:totals', 'withdraw:speed_2', 'withdraw:card.bank', 'withdraw:status', 'withdraw:source_deposit', 'withdraw:source_bonus', 'pay:title', 'pay:submit', 'pay:bonus', 'pay:statusLabel', 'pay:bank', 'activities:state', 'activities:type.10'],
  tl_PH: ['postlogin:security.item.email', 'records:kind_bonus', 'records:kind_transfer', 'withdraw:source_bonus', 'withdraw:smsCode', 'pay:bonus', 'pay:statusLabel', 'pay:network', 'pay:address'],
  vi_VN: ['postlogin:security.item.email'],
}

const ENGLISH = 'en_US'
const dir = path.resolve(import.meta.dirname, '../../../src/i18n/locales')

/** Flattens nested keys: { a: { b: 'x' } } → { 'a.b': 'x' }. */
const flatten = (value: unknown, prefix = ''): Record<string, unknown> => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { [prefix]: value }
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => Object.entries(flatten(v, prefix === '' ? k : `${prefix}.${k}`))),
  )
}
const placeholders = (s: string): string[] => [...s.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]!).sort()
/** A value with no letters (only placeholders, digits, punctuation) cannot be translated. */
const untranslatable = (s: string): boolean => !/\p{L}/u.test(s.replace(/\{\{[^}]*\}\}/g, ''))

/** Every locale file on disk: language → namespace → keys. */
const resources: Record<string, Record<string, unknown>> = Object.fromEntries(
  readdirSync(dir).map((lng) => [
    lng,
    Object.fromEntries(readdirSync(path.join(dir, lng)).map((f) => [f.replace(/\.json$/, ''), JSON.parse(readFileSync(path.join(dir, lng, f), 'utf8')) as unknown])),
  ]),
)

const english = (ns: string) => flatten(resources[ENGLISH]?.[ns] ?? {})

describe('locales', () => {
  it('has exactly the 18 interface languages, each with every namespace found on disk', () => {
    const onDisk = readdirSync(dir).sort()
    expect(onDisk).toEqual([...LANGUAGES].sort())
    const namespacesOnDisk = [...new Set(onDisk.flatMap((l) => readdirSync(path.join(dir, l)).map((f) => f.replace(/\.json$/, ''))))].sort()
    // The setup loads every locales/<code>/<namespace>.json there is.
    expect([...NAMESPACES]).toEqual(namespacesOnDisk)
    for (const lng of LANGUAGES) for (const ns of NAMESPACES) expect(resources[lng]?.[ns], `${lng}/${ns}.json`).toBeDefined()
  })

  for (const ns of NAMESPACES) {
    describe(`namespace ${ns}`, () => {
      it('every locale has every English key, and no other', () => {
        const keys = Object.keys(english(ns)).sort()
        expect(keys.length).toBeGreaterThan(0)
        for (const lng of LANGUAGES) {
          const own = Object.keys(flatten(resources[lng]?.[ns] ?? {})).sort()
          expect({ lng, missing: keys.filter((k) => !own.includes(k)), extra: own.filter((k) => !keys.includes(k)) }).toEqual({
            lng,
            missing: [],
            extra: [],
          })
        }
      })

      it('no value is empty, and every value keeps the English placeholders', () => {
        const en = english(ns)
        for (const lng of LANGUAGES) {
          for (const [key, value] of Object.entries(flatten(resources[lng]?.[ns] ?? {}))) {
            expect(typeof value === 'string' && value.trim() !== '', `${lng} ${ns}:${key} is empty`).toBe(true)
            const source = en[key]
            if (typeof source === 'string' && typeof value === 'string') expect(placeholders(value), `${lng} ${ns}:${key}`).toEqual(placeholders(source))
          }
        }
      })

      it('no non-English value is the English one, unless allowed', () => {
        const en = english(ns)
        const copied: string[] = []
        for (const lng of LANGUAGES) {
          if (lng === ENGLISH) continue
          const allowed = new Set([...SAME_EVERYWHERE, ...(SAME_IN[lng] ?? [])])
          for (const [key, value] of Object.entries(flatten(resources[lng]?.[ns] ?? {}))) {
            if (value === en[key] && typeof value === 'string' && !untranslatable(value) && !allowed.has(`${ns}:${key}`)) copied.push(`${lng} ${ns}:${key} = ${value}`)
          }
        }
        expect(copied).toEqual([])
      })
    })
  }

  it('names every language in itself', () => {
    expect(Object.keys(LANGUAGE_NAMES).sort()).toEqual([...LANGUAGES].sort())
    expect(new Set(Object.values(LANGUAGE_NAMES)).size).toBe(LANGUAGES.length)
  })

  it('translates through i18next in any language once loaded, falling back to English for an unknown one', async () => {
    for (const lng of ['de_DE', 'zh_CN', 'ja_JP']) await loadLanguage(lng)
    expect(i18n.t('header.login', { lng: 'de_DE' })).toBe('Anmelden')
    expect(i18n.t('header.login', { lng: 'zh_CN' })).toBe('登录')
    expect(i18n.t('game.welcome', { lng: 'ja_JP', site: 'Lobby' })).toBe('Lobby へようこそ')
    expect(i18n.t('header.login', { lng: 'xx_XX' })).toBe('Log in')
  })
})
