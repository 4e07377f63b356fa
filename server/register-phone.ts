/**
 * The phone of a registration (issue 24, "the phone field with the country list where the site
 * asks for a phone"; docs/hall-protocol.md "Sign-up"): whether a site asks for one is its
 * 'register' document (`phone`: off, optional, required; migration 251); the number given must
 * be of a country of the site's smsCountry list, within that country's length, and pass the
 * site's phone rule of the country-select variant (phoneOfCountrySelect: the Brazilian rules on a
 * Brazilian site, refusing a leading 0). It is stored as the bound phone, segment and number.
 */
import { phoneOfCountrySelect } from '../schemas/validation'
import type { RegisterConfig } from '../schemas/hall/calls'
import type { Queryable } from './db'
import { ServiceError } from './calls/types'
import { siteDocument } from './store'

/** The reference hall's codes of a registration's phone (issue 24's range 2200-2209). */
export const RegisterPhoneCodes = {
  /** The site asks for a phone and none was given. */
  required: 2200,
  /** The phone is not of a country of the site's list, not of its length, or fails the site's rule (the message is the rule's key). */
  invalid: 2201,
} as const

const PHONE_SETTINGS: ReadonlyArray<RegisterConfig['phone']> = ['off', 'optional', 'required']

/** What a site's register form asks (the 'register' document; no phone when unset). */
export const registerConfigOf = async (db: Queryable, siteCode: string): Promise<RegisterConfig> => {
  const phone = (await siteDocument<{ phone?: unknown }>(db, siteCode, 'register'))?.phone
  return { phone: PHONE_SETTINGS.find((p) => p === phone) ?? 'off' }
}

interface SmsCountry {
  readonly phoneNumberSegment: string
  readonly phoneLengthScope: ReadonlyArray<number>
}

/**
 * The phone to bind at registration ('' when none is asked or given), or the refusal: the country
 * must be one of the site's, the number of its length and the site's rule.
 */
export const registrationPhone = async (
  db: Queryable,
  siteCode: string,
  p: { readonly areaCode?: string | undefined; readonly mobile_phone?: string | undefined },
): Promise<string> => {
  const { phone } = await registerConfigOf(db, siteCode)
  const number = (p.mobile_phone ?? '').trim()
  if (phone === 'off') return ''
  if (number === '') {
    if (phone === 'required') throw new ServiceError(RegisterPhoneCodes.required, 'a phone is required')
    return ''
  }
  const countries = (await siteDocument<ReadonlyArray<SmsCountry>>(db, siteCode, 'smsCountry')) ?? []
  const country = countries.find((c) => c.phoneNumberSegment === (p.areaCode ?? '').trim())
  if (country === undefined) throw new ServiceError(RegisterPhoneCodes.invalid, 'the country is not one of the site')
  const [min = 6, max = min] = country.phoneLengthScope
  if (!/^\d+$/.test(number) || number.length < min || number.length > max) throw new ServiceError(RegisterPhoneCodes.invalid, `the number must have ${min} to ${max} digits`)
  const problem = phoneOfCountrySelect(siteCode)(number)
  if (problem !== null) throw new ServiceError(RegisterPhoneCodes.invalid, problem)
  return `${country.phoneNumberSegment}${number}`
}
