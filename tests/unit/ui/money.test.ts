import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatAmount } from '../../../src/ui/amount'
import { moneyKeystroke, moneyTextScale, moneyTypable, MONEY_TEXT_FIT } from '../../../src/ui/money'
import { pinDigits } from '../../../src/ui/PinInput'
import { compareMoney, LIMITS, money, moneyError, moneyParams, type MoneyKind } from '../../../src/ui/validation'

const kinds: ReadonlyArray<MoneyKind> = ['fiat', 'crypto']
const kind = fc.constantFrom(...kinds)
/** Any text a player may type or paste into a money input. */
const typed = fc.oneof(fc.string({ maxLength: 24 }), fc.stringMatching(/^[\d.,\s-]{0,24}$/))
/** Typing character by character: every prefix of a string, each as the field's next value. */
const keystrokes = (text: string, k: MoneyKind): string => {
  let value = ''
  for (const ch of text) value = moneyKeystroke(value + ch, k) ?? value
  return value
}

describe('money input keystrokes (spec §5)', () => {
  it('lets digits, one point and the allowed decimals through', () => {
    expect(moneyKeystroke('12', 'fiat')).toBe('12')
    expect(moneyKeystroke('12.', 'fiat')).toBe('12.')
    expect(moneyKeystroke('12.34', 'fiat')).toBe('12.34')
    expect(moneyKeystroke('12.345', 'fiat')).toBeNull()
    expect(moneyKeystroke('0.1234567890', 'crypto')).toBe('0.1234567890')
    expect(moneyKeystroke('0.12345678901', 'crypto')).toBeNull()
    expect(moneyKeystroke('', 'fiat')).toBe('')
  })

  it('refuses letters, signs and a second point', () => {
    for (const v of ['1a', '-1', '+1', '1.2.3', '1e5', '٣']) expect(moneyKeystroke(v, 'fiat'), v).toBeNull()
  })

  it('takes a decimal comma as the point, drops thousands commas and spaces, gives a leading point its 0', () => {
    expect(moneyKeystroke('12,5', 'fiat')).toBe('12.5')
    expect(moneyKeystroke('1,234.50', 'fiat')).toBe('1234.50')
    expect(moneyKeystroke(' 1 000 ', 'fiat')).toBe('1000')
    expect(moneyKeystroke('.5', 'fiat')).toBe('0.5')
  })

  it('holds at most 12 digits without a point and 15 characters with one', () => {
    expect(moneyKeystroke('9'.repeat(12), 'fiat')).toBe('9'.repeat(12))
    expect(moneyKeystroke('9'.repeat(13), 'fiat')).toBeNull()
    expect(moneyKeystroke(`${'9'.repeat(12)}.99`, 'fiat')).toBe(`${'9'.repeat(12)}.99`)
    expect(moneyKeystroke(`${'1'.repeat(4)}.${'1'.repeat(10)}`, 'crypto')).toHaveLength(15)
    expect(moneyKeystroke(`${'1'.repeat(5)}.${'1'.repeat(10)}`, 'crypto')).toBeNull()
  })

  it('property: whatever is typed, the field holds only what moneyError finds well formed', () => {
    fc.assert(
      fc.property(kind, typed, (k, text) => {
        const value = keystrokes(text, k)
        expect(moneyTypable(value, k)).toBe(true)
        if (value !== '') {
          const error = moneyError(value, { kind: k })
          // Well formed: at worst zero ('0.00' asks for an amount above 0) or a point still waiting
          // for its decimals ('10.'), never another format message.
          expect(error === null || error === 'validation.money' || error === 'validation.moneyPoint').toBe(true)
          if (error === 'validation.money') expect(compareMoney(value, '0')).toBe(0)
          if (error === 'validation.moneyPoint') expect(value.endsWith('.')).toBe(true)
        }
      }),
    )
  })

  it('property: nothing with more fiat decimals than 2 (crypto 10) gets in', () => {
    fc.assert(
      fc.property(kind, fc.stringMatching(/^\d{1,4}$/), fc.integer({ min: 1, max: 4 }), (k, whole, extra) => {
        const decimals = '5'.repeat(LIMITS.moneyDecimals[k] + extra)
        expect(moneyKeystroke(`${whole}.${decimals}`, k)).toBeNull()
        expect(keystrokes(`${whole}.${decimals}`, k)).toBe(`${whole}.${'5'.repeat(LIMITS.moneyDecimals[k])}`)
      }),
    )
  })
})

describe('moneyError (spec §5)', () => {
  it('asks for an amount, digits only, above zero', () => {
    expect(moneyError('')).toBe('validation.moneyRequired')
    expect(moneyError('  ')).toBe('validation.moneyRequired')
    expect(moneyError('abc')).toBe('validation.money')
    // Typed on the way to '10.5', but no amount to send (the hall reads no '10.').
    expect(moneyError('10.')).toBe('validation.moneyPoint')
    expect(moneyError('0.')).toBe('validation.moneyPoint')
    expect(moneyError('10.5')).toBeNull()
    expect(moneyError('-5')).toBe('validation.money')
    expect(moneyError('0')).toBe('validation.money')
    expect(moneyError('0.00')).toBe('validation.money')
    expect(moneyError('0.01')).toBeNull()
  })

  it('checks decimals by kind, then length', () => {
    expect(moneyError('10.255')).toBe('validation.moneyDecimals')
    expect(moneyError('10.255', { kind: 'crypto' })).toBeNull()
    expect(moneyError('0.00000000001', { kind: 'crypto' })).toBe('validation.moneyDecimals')
    expect(moneyError('9'.repeat(13))).toBe('validation.moneyLength')
    expect(moneyError(`${'1'.repeat(5)}.${'1'.repeat(10)}`, { kind: 'crypto' })).toBe('validation.moneyLength')
  })

  it('keeps within min and max, compared exactly', () => {
    const bounds = { min: '10', max: '5000.50' }
    expect(moneyError('9.99', bounds)).toBe('validation.moneyMin')
    expect(moneyError('10', bounds)).toBeNull()
    expect(moneyError('10.00', bounds)).toBeNull()
    expect(moneyError('5000.50', bounds)).toBeNull()
    expect(moneyError('5000.51', bounds)).toBe('validation.moneyMax')
    expect(moneyError('0.0000000002', { kind: 'crypto', min: '0.0000000001', max: '0.0000000001' })).toBe('validation.moneyMax')
  })

  it('the money rule is moneyError without bounds', () => {
    fc.assert(fc.property(kind, typed, (k, v) => {
        expect(money(k)(v)).toBe(moneyError(v, { kind: k }))
      }),
    )
  })

  it('its messages get the decimals of the kind and the bounds', () => {
    expect(moneyParams({ kind: 'crypto', min: '1', max: '2' })).toEqual({ decimals: 10, min: '1', max: '2' })
    expect(moneyParams()).toEqual({ decimals: 2, min: '', max: '' })
    expect(moneyParams({ min: '10', max: '5000' }, 'de_DE')).toEqual({ decimals: 2, min: '10,00', max: '5.000,00' })
  })
})

describe('compareMoney', () => {
  const decimal = fc.tuple(fc.stringMatching(/^\d{1,6}$/), fc.stringMatching(/^\d{0,4}$/)).map(([w, f]) => (f === '' ? w : `${w}.${f}`))

  it('property: agrees with the numbers for short decimals, and ignores leading and trailing zeros', () => {
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        expect(Math.sign(compareMoney(a, b))).toBe(Math.sign(Number(a) - Number(b)))
        expect(compareMoney(`00${a}`, a.includes('.') ? `${a}00` : `${a}.00`)).toBe(0)
      }),
    )
  })

  it('is exact where floating point is not', () => {
    expect(compareMoney('1234.1234567891', '1234.123456789')).toBeGreaterThan(0)
    expect(compareMoney('999999999999.99', '999999999999.98')).toBeGreaterThan(0)
  })
})

describe('money text (spec §5: a balance shrinks above 12 characters)', () => {
  it('keeps its size up to 12 characters, then shrinks in proportion, never under half', () => {
    expect(moneyTextScale(1)).toBe(1)
    expect(moneyTextScale(MONEY_TEXT_FIT)).toBe(1)
    expect(moneyTextScale(13)).toBeCloseTo(12 / 13)
    expect(moneyTextScale(24)).toBe(0.5)
    expect(moneyTextScale(40)).toBe(0.5)
  })

  it('property: never grows as the text gets longer', () => {
    fc.assert(fc.property(fc.nat(60), fc.nat(60), (a, b) => {
        expect(moneyTextScale(Math.max(a, b))).toBeLessThanOrEqual(moneyTextScale(Math.min(a, b)))
      }),
    )
  })

  it('formats in the interface language, keeping a crypto amount exact', () => {
    expect(formatAmount('1234.5', 'en_US')).toBe('1,234.50')
    expect(formatAmount('1234.5', 'de_DE')).toBe('1.234,50')
    expect(formatAmount('0.1234567891', 'en_US')).toBe('0.1234567891')
    expect(formatAmount('999999999999.99', 'en_US')).toBe('999,999,999,999.99')
    expect(formatAmount('—', 'en_US')).toBe('—')
  })
})

describe('PIN input', () => {
  it('keeps digits only, at most its length: a paste with spaces and dashes fills it', () => {
    expect(pinDigits('12 34-56', 6)).toBe('123456')
    expect(pinDigits('1234567', 6)).toBe('123456')
    expect(pinDigits('ab1', 6)).toBe('1')
  })

  it('property: the result is digits and never longer than the PIN', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.integer({ min: 1, max: 8 }), (text, n) => {
        const pin = pinDigits(text, n)
        expect(pin).toMatch(/^\d*$/)
        expect(pin.length).toBeLessThanOrEqual(n)
      }),
    )
  })
})
