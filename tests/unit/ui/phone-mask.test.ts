import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { phoneBR, phoneOfCountrySelect, phoneOfSite } from '../../../schemas/validation'
import { maskPhoneBR, masksPhone, phoneDigits, shownPhone, typedPhone } from '../../../src/ui/phone-mask'
import { PhoneNumberInput } from '../../../src/ui/PhoneNumberInput'

/**
 * The phone mask of spec §5 ("Phone masking requires a dash after area code"; issue 45): on the
 * Brazilian sites 101 and 081 a phone input shows the area code, a dash, then the number as the
 * player types; the form keeps and sends the digits only, so phoneBR's messages are the same.
 */
describe('the Brazilian phone mask', () => {
  it('puts a dash after the two-digit area code as the digits come', () => {
    const typing = ['1', '11', '119', '1191', '11912', '11912345678']
    expect(typing.map(maskPhoneBR)).toEqual(['1', '11', '11-9', '11-91', '11-912', '11-912345678'])
    // What the input holds after a keystroke is masked again from its digits.
    expect(maskPhoneBR('11-9123')).toBe('11-9123')
    expect(maskPhoneBR('(11) 91234-5678')).toBe('11-912345678')
    // Deleting the dash's neighbour leaves no dangling dash.
    expect(maskPhoneBR('11-')).toBe('11')
    expect(maskPhoneBR('')).toBe('')
  })

  it('hands the form the digits only, no more than fit in 16 characters with the dash', () => {
    expect(phoneDigits('11-912345678')).toBe('11912345678')
    expect(phoneDigits('11-9a1b2')).toBe('11912')
    expect(phoneDigits('1'.repeat(20))).toHaveLength(15)
    expect(maskPhoneBR('1'.repeat(20))).toHaveLength(16)
  })

  it('masks on sites 101 and 081 only; elsewhere the input shows and hands on what was typed', () => {
    expect(['101', '081', '001', '201'].map(masksPhone)).toEqual([true, true, false, false])
    expect(shownPhone('101', '11912345678')).toBe('11-912345678')
    expect(typedPhone('081', '11-91234')).toBe('1191234')
    expect(shownPhone('001', '5551234567')).toBe('5551234567')
    expect(typedPhone('001', '555-123 4567')).toBe('555-123 4567')
  })

  it('leaves the Brazilian checks and their messages as they were: they read the digits the form holds', () => {
    const typed = (s: string) => typedPhone('101', s)
    expect(phoneOfSite('101')(typed('11-912345678'))).toBeNull()
    expect(phoneBR()(typed('11-812345678'))).toBe('validation.phoneError')
    expect(phoneBR()(typed('01-912345678'))).toBe('validation.phoneError2')
    expect(phoneBR()(typed('11-91234'))).toBe('validation.phoneError2')
    expect(phoneBR()(typed(''))).toBe('validation.required')
    expect(phoneOfCountrySelect('081')(typed('01-912345678'))).toBe('validation.phoneLeadingZero')
  })
})

describe('PhoneNumberInput', () => {
  const render = (siteCode: string, value: string, maxLength?: number) =>
    renderToStaticMarkup(createElement(PhoneNumberInput, { siteCode, value, onChange: () => undefined, maxLength, 'aria-label': 'Phone' }))

  it('shows the number masked on a Brazilian site, a numeric tel input whose length counts the dash', () => {
    const html = render('101', '11912345678', 11)
    expect(html).toContain('value="11-912345678"')
    expect(html).toContain('type="tel"')
    expect(html).toContain('inputMode="numeric"')
    expect(html).toContain('maxLength="12"')
  })

  it('is a plain tel input elsewhere', () => {
    const html = render('001', '5551234567', 11)
    expect(html).toContain('value="5551234567"')
    expect(html).toContain('maxLength="11"')
    expect(html).not.toContain('inputMode')
  })
})
