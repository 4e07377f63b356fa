/**
 * Form rules (spec §5), as pure functions, one module for every form of the lobby (src/ui/validation.ts
 * re-exports it with the money messages' parameters) and for the hall's own checks of the same rules: each takes the raw input and returns the key of the
 * message to show (in the `auth` namespace, under `validation.`), or null when the value passes.
 * Messages take the item name as `item` and the numbers below as `min`, `max`, `length`, `decimals`
 * (VALIDATION_PARAMS), so a view calls `t(key, { ...VALIDATION_PARAMS, item: label })`.
 */

/** The numbers of spec §5 and §9. */
export const LIMITS = {
  usernameMin: 4,
  usernameMax: 16,
  passwordMin: 6,
  passwordMax: 16,
  emailMax: 50,
  cpfMax: 11,
  paymentPassword: 6,
  codeLength: { sms: 4, email: 5, image: 4, authenticator: 6 },
  realNameMax: 75,
  phoneMax: 16,
  moneyDecimals: { fiat: 2, crypto: 10 },
  /** The longest money input: 12 digits without a decimal point, 15 characters with one. */
  moneyLength: { whole: 12, withPoint: 15 },
  numberDecimals: 2,
  /** A secret question's answer (the hall's design): 1 to 50 characters. */
  answerMax: 50,
  /** A display name (the hall's design): 2 to 16 characters, no control characters. */
  displayNameMin: 2,
  displayNameMax: 16,
} as const

/** The interpolation values every validation message may use. */
export const VALIDATION_PARAMS = {
  usernameMin: LIMITS.usernameMin,
  usernameMax: LIMITS.usernameMax,
  passwordMin: LIMITS.passwordMin,
  passwordMax: LIMITS.passwordMax,
  emailMax: LIMITS.emailMax,
  cpfMax: LIMITS.cpfMax,
  paymentPassword: LIMITS.paymentPassword,
  realNameMax: LIMITS.realNameMax,
  phoneMax: LIMITS.phoneMax,
  numberDecimals: LIMITS.numberDecimals,
  answerMax: LIMITS.answerMax,
  displayNameMin: LIMITS.displayNameMin,
  displayNameMax: LIMITS.displayNameMax,
} as const

/** Every message key a rule may return. */
export type ValidationKey =
  | 'validation.required'
  | 'validation.username'
  | 'validation.passwordLength'
  | 'validation.passwordChars'
  | 'validation.passwordWeak'
  | 'validation.passwordMismatch'
  | 'validation.email'
  | 'validation.emailLength'
  | 'validation.cpf'
  | 'validation.paymentPassword'
  | 'validation.code'
  | 'validation.codeNotRequested'
  | 'validation.number'
  | 'validation.money'
  | 'validation.moneyRequired'
  | 'validation.moneyPoint'
  | 'validation.moneyDecimals'
  | 'validation.moneyLength'
  | 'validation.moneyMin'
  | 'validation.moneyMax'
  | 'validation.realNameLength'
  | 'validation.realNameUppercase'
  | 'validation.phoneError'
  | 'validation.phoneError2'
  | 'validation.phoneLength'
  | 'validation.phoneLeadingZero'
  | 'validation.url'
  | 'validation.samePassword'
  | 'validation.answer'
  | 'validation.displayName'
  | 'validation.birthday'
  | 'validation.phone'

/** A rule: the message key, or null when the value passes. */
export type Rule = (value: string) => ValidationKey | null

/** The symbols a password may hold besides word characters (spec §5: ~!@#$%^&*_=+-/,./?). */
export const PASSWORD_SYMBOLS = '~!@#$%^&*_=+-/,.?'
const escaped = PASSWORD_SYMBOLS.replace(/[-\\^\]/]/g, '\\$&')
const PASSWORD_CHARS = new RegExp(`^[\\w${escaped}]*$`)
const ONLY_SYMBOLS = new RegExp(`^[${escaped}]+$`)

/** Required: message 'required' with the item name (spec §5). Blank counts as empty. */
export const required: Rule = (value) => (value.trim() === '' ? 'validation.required' : null)

/** Runs rules in order and returns the first message. */
export const firstOf =
  (...rules: ReadonlyArray<Rule>): Rule =>
  (value) => {
    for (const rule of rules) {
      const key = rule(value)
      if (key !== null) return key
    }
    return null
  }

/** Username: letters and digits only (either case), 4 to 16. */
export const username: Rule = firstOf(required, (v) =>
  /^[A-Za-z0-9]+$/.test(v) && v.length >= LIMITS.usernameMin && v.length <= LIMITS.usernameMax ? null : 'validation.username',
)

/**
 * Password: 6 to 16 word characters and ~!@#$%^&*_=+-/,.? , not only digits, not only letters,
 * not only symbols.
 */
export const password: Rule = firstOf(required, (v) => {
  if (v.length < LIMITS.passwordMin || v.length > LIMITS.passwordMax) return 'validation.passwordLength'
  if (!PASSWORD_CHARS.test(v)) return 'validation.passwordChars'
  if (/^\d+$/.test(v) || /^[A-Za-z]+$/.test(v) || ONLY_SYMBOLS.test(v)) return 'validation.passwordWeak'
  return null
})

/** The confirmation of a password: required, and the same as the password. */
export const confirmation =
  (passwordValue: string): Rule =>
  (value) =>
    required(value) ?? (value === passwordValue ? null : 'validation.passwordMismatch')

/** Email: standard format, at most 50 characters. */
export const email: Rule = firstOf(required, (v) => {
  if (v.length > LIMITS.emailMax) return 'validation.emailLength'
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(v) ? null : 'validation.email'
})

/** CPF: digits only, 1 to 11. */
export const cpf: Rule = firstOf(required, (v) => (new RegExp(`^\\d{1,${LIMITS.cpfMax}}$`).test(v) ? null : 'validation.cpf'))

/** Payment (withdraw) password: exactly 6 digits. */
export const paymentPassword: Rule = firstOf(required, (v) =>
  new RegExp(`^\\d{${LIMITS.paymentPassword}}$`).test(v) ? null : 'validation.paymentPassword',
)

/** The kinds of verification code and their lengths (spec §5: SMS 4 digits, email 5, image 4). */
export type CodeKind = keyof typeof LIMITS.codeLength

/**
 * A verification code: required, asked for first, and of its kind's length. SMS and email codes
 * are digits; an image code is letters or digits.
 */
export const code =
  (kind: CodeKind, requested: boolean): Rule =>
  (value) => {
    const empty = required(value)
    if (empty !== null) return empty
    if (!requested) return 'validation.codeNotRequested'
    const n = LIMITS.codeLength[kind]
    const pattern = kind === 'image' ? new RegExp(`^[A-Za-z0-9]{${n}}$`) : new RegExp(`^\\d{${n}}$`)
    return pattern.test(value) ? null : 'validation.code'
  }

/** The length a code input takes, for its maxLength and the message. */
export const codeLength = (kind: CodeKind): number => LIMITS.codeLength[kind]

/** Number check: digits with up to 2 decimals. */
export const numberCheck: Rule = (v) => (new RegExp(`^\\d+(\\.\\d{1,${LIMITS.numberDecimals}})?$`).test(v) ? null : 'validation.number')

/** A fiat amount takes 2 decimals, a crypto amount 10 (spec §5). */
export type MoneyKind = 'fiat' | 'crypto'

/** The parts of a non-negative decimal ('0012.50' → ['12', '5']), for exact comparison. */
const parts = (v: string): [string, string] => {
  const [whole = '', fraction = ''] = v.split('.')
  return [whole.replace(/^0+/, ''), fraction.replace(/0+$/, '')]
}

/**
 * Compares two non-negative decimal strings exactly (no floating point: 15-character crypto
 * amounts stay exact): negative when a < b, 0 when equal, positive when a > b.
 */
export const compareMoney = (a: string, b: string): number => {
  const [aw, af] = parts(a)
  const [bw, bf] = parts(b)
  if (aw.length !== bw.length) return aw.length - bw.length
  if (aw !== bw) return aw < bw ? -1 : 1
  const n = Math.max(af.length, bf.length)
  const ap = af.padEnd(n, '0')
  const bp = bf.padEnd(n, '0')
  return ap === bp ? 0 : ap < bp ? -1 : 1
}

/**
 * An amount to send (spec §5): required (its own message, which names no field); digits with at
 * most one decimal point and digits after it ('10.' is refused: the hall reads no such amount),
 * so nothing negative; at most 2 decimals for fiat and 10 for crypto; at most 12 digits without a point
 * and 15 characters with one; above zero; and within `min` and `max` when given (compared
 * exactly, as decimals). The messages take `min`, `max` and `decimals` (moneyParams).
 */
export const moneyError = (value: string, opts: { kind?: MoneyKind; min?: string; max?: string } = {}): ValidationKey | null => {
  const kind = opts.kind ?? 'fiat'
  const v = value.trim()
  if (v === '') return 'validation.moneyRequired'
  // '10.' is typed on the way to '10.5': the field holds it, but it is not an amount to send.
  if (/^\d+\.$/.test(v)) return 'validation.moneyPoint'
  if (!/^\d+(\.\d+)?$/.test(v)) return 'validation.money'
  if ((v.split('.')[1]?.length ?? 0) > LIMITS.moneyDecimals[kind]) return 'validation.moneyDecimals'
  if (v.length > (v.includes('.') ? LIMITS.moneyLength.withPoint : LIMITS.moneyLength.whole)) return 'validation.moneyLength'
  if (compareMoney(v, '0') <= 0) return 'validation.money'
  if (opts.min !== undefined && compareMoney(v, opts.min) < 0) return 'validation.moneyMin'
  if (opts.max !== undefined && compareMoney(v, opts.max) > 0) return 'validation.moneyMax'
  return null
}


/** Money input as a rule (moneyError without bounds). */
export const money =
  (currencyType: MoneyKind): Rule =>
  (v) =>
    moneyError(v, { kind: currencyType })

/** The decimals a money input allows, for the message. */
export const moneyDecimals = (currencyType: 'fiat' | 'crypto'): number => LIMITS.moneyDecimals[currencyType]

/** Real name: required, at most 75, uppercase when the site says so (realNameMustUppercase). */
export const realName =
  (mustUppercase: boolean): Rule =>
  (v) => {
    const empty = required(v)
    if (empty !== null) return empty
    if (v.length > LIMITS.realNameMax) return 'validation.realNameLength'
    return mustUppercase && v !== v.toUpperCase() ? 'validation.realNameUppercase' : null
  }

/**
 * Brazilian phone: required, at most 16 characters; its digits (mask characters aside) have a 9
 * as the third digit (phoneError), then follow the Brazilian mobile pattern: a two-digit area code
 * without 0, 9, eight digits (phoneError2). On the country-select variant a leading 0 is refused.
 */
export const phoneBR =
  (o: { refuseLeadingZero?: boolean } = {}): Rule =>
  (v) => {
    const empty = required(v)
    if (empty !== null) return empty
    if (v.length > LIMITS.phoneMax) return 'validation.phoneLength'
    if (o.refuseLeadingZero === true && v.trim().startsWith('0')) return 'validation.phoneLeadingZero'
    const digits = v.replace(/[\s()+-]/g, '')
    if (!/^\d+$/.test(digits) || digits[2] !== '9') return 'validation.phoneError'
    return /^[1-9]{2}9\d{8}$/.test(digits) ? null : 'validation.phoneError2'
  }

/** The sites whose players have Brazilian phones (spec §1: the special sites 101 and 081, Portuguese (Brazil)). */
export const BRAZILIAN_SITES: ReadonlyArray<string> = ['101', '081']

/**
 * The phone rule of a site, for the lobby's forms and the hall's checks alike: the Brazilian rules
 * (phoneBR) on a Brazilian site, the general phone rule elsewhere.
 */
export const phoneOfSite = (siteCode: string): Rule => (BRAZILIAN_SITES.includes(siteCode) ? phoneBR() : phone)

/**
 * The phone rule of a site's country-select variant (a national number after the country chosen
 * from smsCountry: sign-up's phone): on a Brazilian site the Brazilian rules refusing a leading 0,
 * elsewhere the general rule.
 */
export const phoneOfCountrySelect = (siteCode: string): Rule => (BRAZILIAN_SITES.includes(siteCode) ? phoneBR({ refuseLeadingZero: true }) : phone)

/** URL check: http or https. */
export const url: Rule = (v) => (/^https?:\/\/\S+$/i.test(v.trim()) ? null : 'validation.url')

/**
 * Go-to-page input: digits only, clamped to 1..ceil(total / pageSize) (spec §5). Returns the page
 * to go to, or null when the input is not a number.
 */
export const goToPage = (input: string, total: number, pageSize: number): number | null => {
  if (!/^\d+$/.test(input.trim())) return null
  const last = Math.max(1, Math.ceil(total / pageSize))
  return Math.min(last, Math.max(1, Number(input.trim())))
}

/** A new password that must differ from the current one (a change of the login or withdraw password). */
export const differentFrom =
  (current: string): Rule =>
  (v) =>
    v !== '' && v === current ? 'validation.samePassword' : null

/** A secret question's answer: required, at most 50 characters (compared trimmed and case-insensitively by the hall). */
export const answer: Rule = firstOf(required, (v) => (v.trim().length > LIMITS.answerMax ? 'validation.answer' : null))

/** A display name: 2 to 16 characters once trimmed, no control characters. */
export const displayName: Rule = firstOf(required, (v) => {
  const t = v.trim()
  return t.length < LIMITS.displayNameMin || t.length > LIMITS.displayNameMax || /[\u0000-\u001f\u007f]/.test(t) ? 'validation.displayName' : null
})

/** A birthday: a real date YYYY-MM-DD, not after `today` (YYYY-MM-DD) and not before 1900. */
export const birthday =
  (today: string): Rule =>
  (v) => {
    const empty = required(v)
    if (empty !== null) return empty
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v)
    if (m === null) return 'validation.birthday'
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
    const date = new Date(Date.UTC(y, mo - 1, d))
    const real = date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d
    return real && y >= 1900 && v <= today ? null : 'validation.birthday'
  }

/**
 * A phone input trimmed to the country's longest number (spec §5: the length is trimmed to the
 * country's longest, and never past 16 characters).
 */
export const trimPhone = (v: string, countryMax: number = LIMITS.phoneMax): string => v.slice(0, Math.min(countryMax, LIMITS.phoneMax))

/** A phone number of any country: digits, 6 to 15 of them, an optional leading +. */
export const phone: Rule = firstOf(required, (v) => (/^\+?\d{6,15}$/.test(v.trim()) ? null : 'validation.phone'))
