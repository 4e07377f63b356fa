import { BRAZILIAN_SITES, LIMITS } from '../../schemas/validation'

/**
 * The phone mask of spec §5 ("Phone masking requires a dash after area code"): on a Brazilian site
 * (BRAZILIAN_SITES, whose phones follow phoneBR) a phone input shows the two-digit area code, a
 * dash, then the number, as the player types. The form holds, checks and sends the digits only:
 * the dash is display.
 */

/** Whether a site's phone inputs are masked (a Brazilian site). */
export const masksPhone = (siteCode: string): boolean => BRAZILIAN_SITES.includes(siteCode)

/** The digits of a masked phone, no more than fit in phoneMax characters with the dash. */
export const phoneDigits = (value: string): string => value.replace(/\D/g, '').slice(0, LIMITS.phoneMax - 1)

/** A Brazilian phone as shown: the area code, a dash, then the number ('11912345678' → '11-912345678'). */
export const maskPhoneBR = (value: string): string => {
  const digits = phoneDigits(value)
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}-${digits.slice(2)}`
}

/** What a phone input shows for the form's value on a site. */
export const shownPhone = (siteCode: string, value: string): string => (masksPhone(siteCode) ? maskPhoneBR(value) : value)

/** The form's value for what the player typed into a phone input on a site: the digits on a masked site, else as typed. */
export const typedPhone = (siteCode: string, typed: string): string => (masksPhone(siteCode) ? phoneDigits(typed) : typed)
