import fc from 'fast-check'
import { Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import { Password, Username } from '../../../schemas/hall/calls/auth'
import {
  LIMITS, PASSWORD_SYMBOLS, answer, birthday, code, confirmation, cpf, differentFrom, displayName, email, goToPage, numberCheck, password, paymentPassword, phone, phoneBR, phoneOfSite,
  BRAZILIAN_SITES, realName, required, trimPhone, url, username,
} from '../../../schemas/validation'

/**
 * The rules of spec §5 (schemas/validation.ts, shared by every form and the hall), each as a
 * property: what it accepts and what it refuses, over generated inputs.
 */
const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max })
const alnum = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'), minLength: min, maxLength: max })
const letters = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'), minLength: min, maxLength: max })

describe('validation rules (spec §5), as properties', () => {
  it('username: 4 to 16 letters or digits accepted; shorter, longer or with other characters refused', () => {
    fc.assert(fc.property(alnum(4, 16), (u) => void expect(username(u)).toBeNull()))
    fc.assert(fc.property(alnum(1, 3), (u) => void expect(username(u)).toBe('validation.username')))
    fc.assert(fc.property(alnum(17, 30), (u) => void expect(username(u)).toBe('validation.username')))
    fc.assert(fc.property(alnum(2, 8), fc.constantFrom('_', '-', ' ', '@', 'é'), alnum(2, 7), (a, c, b) => void expect(username(a + c + b)).toBe('validation.username')))
  })

  it('password: 6 to 16 of letters, digits and the symbols, mixing two kinds; only letters, only digits or other lengths refused', () => {
    fc.assert(fc.property(letters(1, 8), digits(5, 8), (l, d) => void expect(password((l + d).slice(0, 16))).toBeNull()))
    fc.assert(fc.property(digits(6, 16), (d) => void expect(password(d)).toBe('validation.passwordWeak')))
    fc.assert(fc.property(letters(6, 16), (l) => void expect(password(l)).toBe('validation.passwordWeak')))
    fc.assert(fc.property(letters(1, 2), digits(1, 2), (l, d) => void expect(password(l + d)).toBe('validation.passwordLength')))
    fc.assert(fc.property(letters(9, 12), digits(8, 10), (l, d) => void expect(password(l + d)).toBe('validation.passwordLength')))
    fc.assert(fc.property(fc.constantFrom(...PASSWORD_SYMBOLS), letters(3, 6), digits(2, 5), (s, l, d) => void expect(password(l + s + d)).toBeNull()))
  })

  it('email: name@domain.tld within 50 accepted; no @, no dot after it, or too long refused', () => {
    fc.assert(fc.property(alnum(1, 10), alnum(1, 10), letters(2, 5), (n, d, t) => void expect(email(`${n}@${d}.${t}`)).toBeNull()))
    fc.assert(fc.property(alnum(1, 20), (n) => void expect(email(n)).not.toBeNull()))
    fc.assert(fc.property(alnum(45, 60), (n) => void expect(email(`${n}@example.com`)).not.toBeNull()))
  })

  it('CPF: 1 to 11 digits accepted; more digits or any other character refused', () => {
    fc.assert(fc.property(digits(1, LIMITS.cpfMax), (c) => void expect(cpf(c)).toBeNull()))
    fc.assert(fc.property(digits(12, 20), (c) => void expect(cpf(c)).toBe('validation.cpf')))
    fc.assert(fc.property(digits(1, 5), fc.constantFrom('.', '-', 'a', ' '), digits(1, 5), (a, c, b) => void expect(cpf(a + c + b)).toBe('validation.cpf')))
  })

  it('payment password: exactly 6 digits', () => {
    fc.assert(fc.property(digits(6, 6), (d) => void expect(paymentPassword(d)).toBeNull()))
    fc.assert(fc.property(digits(1, 5), (d) => void expect(paymentPassword(d)).not.toBeNull()))
    fc.assert(fc.property(digits(7, 12), (d) => void expect(paymentPassword(d)).not.toBeNull()))
  })

  it('real name: at most 75; in capitals where the site says realNameMustUppercase', () => {
    fc.assert(fc.property(letters(1, 75), (n) => void expect(realName(false)(n)).toBeNull()))
    fc.assert(fc.property(letters(76, 90), (n) => void expect(realName(false)(n)).toBe('validation.realNameLength')))
    fc.assert(fc.property(letters(1, 75), (n) => void expect(realName(true)(n.toUpperCase())).toBeNull()))
    fc.assert(fc.property(letters(1, 74), fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), (n, c) => void expect(realName(true)(n.toUpperCase() + c)).toBe('validation.realNameUppercase')))
  })

  it('Brazilian phone: area code without 0, third digit 9, eight more digits, at most 16 characters; a leading 0 refused on the country-select form', () => {
    const area = fc.tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 9 })).map(([a, b]) => `${a}${b}`)
    fc.assert(fc.property(area, digits(8, 8), (a, rest) => void expect(phoneBR()(`${a}9${rest}`)).toBeNull()))
    fc.assert(fc.property(area, digits(8, 8), (a, rest) => void expect(phoneBR()(`(${a}) 9${rest.slice(0, 4)}-${rest.slice(4)}`)).toBeNull()))
    fc.assert(fc.property(area, fc.constantFrom(...'01245678'), digits(8, 8), (a, third, rest) => void expect(phoneBR()(`${a}${third}${rest}`)).toBe('validation.phoneError')))
    fc.assert(fc.property(area, digits(0, 7), (a, rest) => void expect(phoneBR()(`${a}9${rest}`)).toBe('validation.phoneError2')))
    fc.assert(fc.property(digits(17, 24), (d) => void expect(phoneBR()(d)).toBe('validation.phoneLength')))
    fc.assert(fc.property(digits(9, 14), (d) => void expect(phoneBR({ refuseLeadingZero: true })(`0${d}`)).toBe('validation.phoneLeadingZero')))
  })

  it('the phone rule of a site: the Brazilian rules on sites 101 and 081, the general rule elsewhere', () => {
    expect(BRAZILIAN_SITES).toEqual(['101', '081'])
    const anyPhone = fc.oneof(digits(0, 20), fc.string({ maxLength: 20 }))
    fc.assert(fc.property(fc.constantFrom(...BRAZILIAN_SITES), anyPhone, (site, v) => void expect(phoneOfSite(site)(v)).toBe(phoneBR()(v))))
    const otherSite = fc.stringMatching(/^\d{3}$/).filter((c) => !BRAZILIAN_SITES.includes(c))
    fc.assert(fc.property(otherSite, anyPhone, (site, v) => void expect(phoneOfSite(site)(v)).toBe(phone(v))))
    // A German mobile is a phone on site 001, not a Brazilian mobile on 101.
    expect([phoneOfSite('001')('+4915112345678'), phoneOfSite('101')('+4915112345678')]).toEqual([null, 'validation.phoneError'])
  })

  it('a phone input is trimmed to the country\'s longest number, never past 16 characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.integer({ min: 1, max: 30 }), (v, max) => {
        const t = trimPhone(v, max)
        expect(t.length).toBeLessThanOrEqual(Math.min(max, LIMITS.phoneMax))
        expect(v.startsWith(t)).toBe(true)
      }),
    )
  })

  it('phone (any country): 6 to 15 digits with an optional +', () => {
    fc.assert(fc.property(digits(6, 15), fc.boolean(), (d, plus) => void expect(phone(plus ? `+${d}` : d)).toBeNull()))
    fc.assert(fc.property(digits(1, 5), (d) => void expect(phone(d)).toBe('validation.phone')))
    fc.assert(fc.property(digits(16, 20), (d) => void expect(phone(d)).toBe('validation.phone')))
  })

  it('codes: SMS 4 digits, email 5, authenticator 6, and asked for first', () => {
    for (const [kind, n] of [['sms', 4], ['email', 5], ['authenticator', 6]] as const) {
      fc.assert(fc.property(digits(n, n), (c) => void expect(code(kind, true)(c)).toBeNull()))
      fc.assert(fc.property(digits(n, n), (c) => void expect(code(kind, false)(c)).toBe('validation.codeNotRequested')))
      fc.assert(fc.property(digits(1, 10).filter((c) => c.length !== n), (c) => void expect(code(kind, true)(c)).toBe('validation.code')))
    }
  })

  it('secret answer: 1 to 50 characters once trimmed; display name: 2 to 16; a new password differs from the current one', () => {
    fc.assert(fc.property(letters(1, 50), (a) => void expect(answer(a)).toBeNull()))
    fc.assert(fc.property(letters(51, 70), (a) => void expect(answer(a)).toBe('validation.answer')))
    fc.assert(fc.property(fc.constantFrom('', ' ', '   '), (a) => void expect(answer(a)).toBe('validation.required')))
    fc.assert(fc.property(alnum(2, 16), (n) => void expect(displayName(n)).toBeNull()))
    fc.assert(fc.property(alnum(17, 30), (n) => void expect(displayName(n)).toBe('validation.displayName')))
    fc.assert(fc.property(alnum(1, 1), (n) => void expect(displayName(n)).toBe('validation.displayName')))
    fc.assert(fc.property(alnum(6, 16), (p) => void expect(differentFrom(p)(p)).toBe('validation.samePassword')))
    fc.assert(fc.property(alnum(6, 16), alnum(6, 16), (a, b) => void expect(differentFrom(a)(b)).toBe(a === b ? 'validation.samePassword' : null)))
  })

  it('birthday: a real date from 1900 up to today; impossible days and the future refused', () => {
    const today = '2026-06-15'
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2026-06-15T00:00:00Z'), noInvalidDate: true }), (d) =>
        void expect(birthday(today)(d.toISOString().slice(0, 10))).toBeNull(),
      ),
    )
    fc.assert(
      fc.property(fc.date({ min: new Date('2026-06-16T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }), (d) =>
        void expect(birthday(today)(d.toISOString().slice(0, 10))).toBe('validation.birthday'),
      ),
    )
    fc.assert(fc.property(fc.integer({ min: 1901, max: 2025 }), fc.constantFrom('02-30', '02-31', '04-31', '13-01', '00-10'), (y, md) => void expect(birthday(today)(`${y}-${md}`)).toBe('validation.birthday')))
  })

  it('required: any value with a non-blank character passes; empty or only blanks is refused', () => {
    const blank = fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u3000'), maxLength: 8 })
    fc.assert(fc.property(blank, (b) => void expect(required(b)).toBe('validation.required')))
    fc.assert(fc.property(blank, fc.string({ minLength: 1 }).filter((v) => v.trim() !== ''), blank, (a, v, b) => void expect(required(a + v + b)).toBeNull()))
  })

  it('confirmation: the same value passes, any other is a mismatch, an empty one is required first', () => {
    fc.assert(fc.property(fc.string({ minLength: 1 }).filter((v) => v.trim() !== ''), (v) => void expect(confirmation(v)(v)).toBeNull()))
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }).filter((v) => v.trim() !== ''), (pw, again) =>
        void expect(confirmation(pw)(again)).toBe(pw === again ? null : 'validation.passwordMismatch'),
      ),
    )
    fc.assert(fc.property(fc.string(), (pw) => void expect(confirmation(pw)('')).toBe('validation.required')))
  })

  it('image code: exactly 4 letters or digits, asked for first; other lengths or characters refused', () => {
    fc.assert(fc.property(alnum(4, 4), (c) => void expect(code('image', true)(c)).toBeNull()))
    fc.assert(fc.property(alnum(4, 4), (c) => void expect(code('image', false)(c)).toBe('validation.codeNotRequested')))
    fc.assert(fc.property(alnum(1, 3), (c) => void expect(code('image', true)(c)).toBe('validation.code')))
    fc.assert(fc.property(alnum(5, 10), (c) => void expect(code('image', true)(c)).toBe('validation.code')))
    fc.assert(fc.property(alnum(0, 3), fc.constantFrom('_', '-', '@', 'é', '.'), (a, x) => void expect(code('image', true)((a + x).padEnd(4, 'x'))).toBe('validation.code')))
  })

  it('number: digits with at most 2 decimals; a third decimal, a sign, letters or a bare point refused', () => {
    fc.assert(fc.property(digits(1, 12), digits(0, 2), (w, f) => void expect(numberCheck(f === '' ? w : `${w}.${f}`)).toBeNull()))
    fc.assert(fc.property(digits(1, 12), digits(3, 6), (w, f) => void expect(numberCheck(`${w}.${f}`)).toBe('validation.number')))
    fc.assert(fc.property(digits(1, 12), fc.constantFrom('-', '+'), (w, sign) => void expect(numberCheck(sign + w)).toBe('validation.number')))
    fc.assert(fc.property(digits(0, 6), letters(1, 3), digits(0, 6), (a, l, b) => void expect(numberCheck(a + l + b)).toBe('validation.number')))
    fc.assert(fc.property(digits(1, 6), (w) => void expect([numberCheck(`${w}.`), numberCheck(`.${w}`)]).toEqual(['validation.number', 'validation.number'])))
  })

  it('url: http or https (any case) with a non-blank rest passes; other schemes, none or a blank inside refused', () => {
    const rest = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789./-?=&_'), minLength: 1, maxLength: 30 })
    fc.assert(fc.property(fc.constantFrom('http://', 'https://', 'HTTPS://', 'Http://'), rest, (scheme, r) => void expect(url(scheme + r)).toBeNull()))
    fc.assert(fc.property(fc.constantFrom('ftp://', 'file://', 'javascript:', 'mailto:', '', '//', 'www.'), rest, (scheme, r) => void expect(url(scheme + r)).toBe('validation.url')))
    fc.assert(fc.property(rest, rest, (a, b) => void expect(url(`https://${a} ${b}`)).toBe('validation.url')))
  })

  it('go to page: digits go to that page clamped to 1..last (at least 1); anything else goes nowhere', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(5_000), fc.integer({ min: 1, max: 100 }), (n, total, size) => {
        const last = Math.max(1, Math.ceil(total / size))
        const page = goToPage(String(n), total, size)
        expect(page).toBe(Math.min(last, Math.max(1, n)))
        expect(page).toBeGreaterThanOrEqual(1)
        expect(page).toBeLessThanOrEqual(last)
      }),
    )
    fc.assert(fc.property(digits(1, 4), fc.constantFrom('-', '.', 'a', 'e', ','), fc.nat(500), (d, x, total) => void expect(goToPage(d + x, total, 10)).toBeNull()))
    fc.assert(fc.property(fc.nat(500), (total) => void expect(goToPage('', total, 10)).toBeNull()))
  })

  it('password: only symbols refused as weak; any character outside letters, digits and the symbols refused', () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom(...PASSWORD_SYMBOLS), minLength: 6, maxLength: 16 }), (s) => void expect(password(s)).toBe('validation.passwordWeak')))
    const other = fc.constantFrom(' ', '<', '>', '"', "'", '(', ')', '[', ']', '{', '}', ';', ':', '|', '\\', '`', 'é', 'ç', '中', 'ß')
    fc.assert(fc.property(letters(2, 6), other, digits(3, 6), (l, o, d) => void expect(password(l + o + d)).toBe('validation.passwordChars')))
  })

  it('the hall\'s Username and Password schemas accept exactly what the rules accept (one rule each)', () => {
    const isUsername = Schema.is(Username)
    const isPassword = Schema.is(Password)
    const candidate = fc.oneof(fc.string({ maxLength: 20 }), alnum(0, 20), fc.string({ unit: fc.constantFrom(...`${PASSWORD_SYMBOLS}ab12 é`), maxLength: 20 }))
    fc.assert(fc.property(candidate, (v) => void expect(isUsername(v)).toBe(username(v) === null)))
    fc.assert(fc.property(candidate, (v) => void expect(isPassword(v)).toBe(password(v) === null)))
  })
})
