import { describe, expect, it } from 'vitest'
import {
  code,
  codeLength,
  confirmation,
  cpf,
  email,
  firstOf,
  goToPage,
  LIMITS,
  money,
  numberCheck,
  password,
  paymentPassword,
  phoneBR,
  realName,
  required,
  url,
  username,
} from '../../../src/ui/validation'

const s = (n: number, ch = 'a') => ch.repeat(n)

describe('validation rules (spec §5)', () => {
  it('required: empty and blank fail with the required message', () => {
    expect(required('')).toBe('validation.required')
    expect(required('   ')).toBe('validation.required')
    expect(required('x')).toBeNull()
  })

  it('firstOf returns the first failing rule', () => {
    const rule = firstOf(required, (v) => (v === 'bad' ? 'validation.username' : null))
    expect(rule('')).toBe('validation.required')
    expect(rule('bad')).toBe('validation.username')
    expect(rule('good')).toBeNull()
  })

  it('username: letters and digits, either case, 4 to 16', () => {
    expect(username('')).toBe('validation.required')
    expect(username('abc')).toBe('validation.username')
    expect(username('abcd')).toBeNull()
    expect(username('AbC1')).toBeNull()
    expect(username(s(16))).toBeNull()
    expect(username(s(17))).toBe('validation.username')
    expect(username('abc_d')).toBe('validation.username')
    expect(username('abc d')).toBe('validation.username')
    expect(username('abcdé')).toBe('validation.username')
    expect(username('1234')).toBeNull()
  })

  it('password: 6 to 16', () => {
    expect(password('')).toBe('validation.required')
    expect(password('abc12')).toBe('validation.passwordLength')
    expect(password('abc123')).toBeNull()
    expect(password(`${s(15)}1`)).toBeNull()
    expect(password(`${s(16)}1`)).toBe('validation.passwordLength')
  })

  it('password: word characters and ~!@#$%^&*_=+-/,.? only', () => {
    for (const ch of '~!@#$%^&*_=+-/,.?') expect(password(`abc12${ch}`), ch).toBeNull()
    for (const ch of [' ', '(', ')', '<', '"', "'", ':', ';', '[', ']', '\\', '|', 'é']) {
      expect(password(`abc12${ch}`), ch).toBe('validation.passwordChars')
    }
  })

  it('password: not only digits, only letters or only symbols', () => {
    expect(password('123456')).toBe('validation.passwordWeak')
    expect(password('abcDEF')).toBe('validation.passwordWeak')
    expect(password('!@#$%^')).toBe('validation.passwordWeak')
    expect(password('______')).toBe('validation.passwordWeak')
    expect(password('abc!@#')).toBeNull()
    expect(password('123!@#')).toBeNull()
    expect(password('abc123')).toBeNull()
  })

  it('confirmation: required and equal to the password', () => {
    expect(confirmation('abc123')('')).toBe('validation.required')
    expect(confirmation('abc123')('abc124')).toBe('validation.passwordMismatch')
    expect(confirmation('abc123')('abc123')).toBeNull()
  })

  it('email: standard format, at most 50', () => {
    expect(email('')).toBe('validation.required')
    expect(email('player@example.com')).toBeNull()
    expect(email('a.b+c@mail.example.co')).toBeNull()
    expect(email('player@example')).toBe('validation.email')
    expect(email('player.example.com')).toBe('validation.email')
    expect(email('pla yer@example.com')).toBe('validation.email')
    expect(email('player@@example.com')).toBe('validation.email')
    const at50 = `${s(50 - '@example.com'.length)}@example.com`
    expect(at50).toHaveLength(50)
    expect(email(at50)).toBeNull()
    expect(email(`a${at50}`)).toBe('validation.emailLength')
  })

  it('CPF: digits only, 1 to 11', () => {
    expect(cpf('')).toBe('validation.required')
    expect(cpf('1')).toBeNull()
    expect(cpf('12345678901')).toBeNull()
    expect(cpf('123456789012')).toBe('validation.cpf')
    expect(cpf('123.456.789-01')).toBe('validation.cpf')
  })

  it('payment password: exactly 6 digits', () => {
    expect(paymentPassword('')).toBe('validation.required')
    expect(paymentPassword('12345')).toBe('validation.paymentPassword')
    expect(paymentPassword('123456')).toBeNull()
    expect(paymentPassword('1234567')).toBe('validation.paymentPassword')
    expect(paymentPassword('12345a')).toBe('validation.paymentPassword')
  })

  it('codes: SMS 4 digits, email 5, image 4; required; asked for first', () => {
    expect(codeLength('sms')).toBe(4)
    expect(codeLength('email')).toBe(5)
    expect(codeLength('image')).toBe(4)
    expect(code('sms', true)('')).toBe('validation.required')
    expect(code('sms', false)('1234')).toBe('validation.codeNotRequested')
    expect(code('sms', true)('123')).toBe('validation.code')
    expect(code('sms', true)('1234')).toBeNull()
    expect(code('sms', true)('12345')).toBe('validation.code')
    expect(code('sms', true)('12a4')).toBe('validation.code')
    expect(code('email', true)('1234')).toBe('validation.code')
    expect(code('email', true)('12345')).toBeNull()
    expect(code('email', true)('123456')).toBe('validation.code')
    expect(code('image', true)('a1B2')).toBeNull()
    expect(code('image', true)('a1B')).toBe('validation.code')
    expect(code('image', true)('a1B2c')).toBe('validation.code')
  })

  it('number check: digits with up to 2 decimals', () => {
    expect(numberCheck('0')).toBeNull()
    expect(numberCheck('12.5')).toBeNull()
    expect(numberCheck('12.50')).toBeNull()
    expect(numberCheck('12.505')).toBe('validation.number')
    expect(numberCheck('12.')).toBe('validation.number')
    expect(numberCheck('-1')).toBe('validation.number')
    expect(numberCheck('1e3')).toBe('validation.number')
    expect(numberCheck('')).toBe('validation.number')
  })

  it('money: numeric, 2 decimals fiat, 10 crypto', () => {
    expect(money('fiat')('')).toBe('validation.moneyRequired')
    expect(money('fiat')('10.')).toBe('validation.moneyPoint')
    expect(money('fiat')('abc')).toBe('validation.money')
    expect(money('fiat')('-5')).toBe('validation.money')
    expect(money('fiat')('10.25')).toBeNull()
    expect(money('fiat')('10.255')).toBe('validation.moneyDecimals')
    expect(money('crypto')('0.0000000001')).toBeNull()
    expect(money('crypto')('0.00000000001')).toBe('validation.moneyDecimals')
  })

  it('money: at most 12 digits without a decimal point, 15 characters with one', () => {
    expect(money('fiat')(s(LIMITS.moneyLength.whole, '9'))).toBeNull()
    expect(money('fiat')(s(13, '9'))).toBe('validation.moneyLength')
    expect(money('fiat')(`${s(12, '9')}.99`)).toBeNull()
    expect(money('crypto')(`${s(12, '9')}.99`)).toBeNull()
    const at15 = `${s(4, '1')}.${s(10, '1')}`
    expect(at15).toHaveLength(15)
    expect(money('crypto')(at15)).toBeNull()
    expect(money('crypto')(`${s(5, '1')}.${s(10, '1')}`)).toBe('validation.moneyLength')
  })

  it('real name: required, at most 75, uppercase when the site says so', () => {
    expect(realName(false)('')).toBe('validation.required')
    expect(realName(false)(s(75))).toBeNull()
    expect(realName(false)(s(76))).toBe('validation.realNameLength')
    expect(realName(true)('Maria Silva')).toBe('validation.realNameUppercase')
    expect(realName(true)('MARIA SILVA')).toBeNull()
  })

  it('Brazilian phone: third digit 9, the mobile pattern, at most 16, leading 0 on the country variant', () => {
    expect(phoneBR()('')).toBe('validation.required')
    expect(phoneBR()('11987654321')).toBeNull()
    expect(phoneBR()('(11) 98765-4321')).toBeNull()
    expect(phoneBR()('11-987654321')).toBeNull()
    expect(phoneBR()('11887654321')).toBe('validation.phoneError')
    expect(phoneBR()('1198765432')).toBe('validation.phoneError2')
    expect(phoneBR()('01987654321')).toBe('validation.phoneError2')
    expect('(11)  98765-43210').toHaveLength(17)
    expect(phoneBR()('(11)  98765-43210')).toBe('validation.phoneLength')
    expect(phoneBR()('+55 (11) 98765-4')).toBe('validation.phoneError')
    expect(phoneBR({ refuseLeadingZero: true })('011987654321')).toBe('validation.phoneLeadingZero')
  })

  it('URL: http or https only', () => {
    expect(url('https://example.com')).toBeNull()
    expect(url('http://example.com/a?b=1')).toBeNull()
    expect(url('ftp://example.com')).toBe('validation.url')
    expect(url('example.com')).toBe('validation.url')
  })

  it('go to page: digits only, clamped to 1..ceil(total / size)', () => {
    expect(goToPage('3', 95, 10)).toBe(3)
    expect(goToPage('0', 95, 10)).toBe(1)
    expect(goToPage('11', 95, 10)).toBe(10)
    expect(goToPage('10', 100, 10)).toBe(10)
    expect(goToPage('11', 100, 10)).toBe(10)
    expect(goToPage('1', 0, 10)).toBe(1)
    expect(goToPage('2a', 95, 10)).toBeNull()
    expect(goToPage('', 95, 10)).toBeNull()
  })
})
