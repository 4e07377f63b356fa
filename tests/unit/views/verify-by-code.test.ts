import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import type { i18n as I18n } from 'i18next'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  boundEmailCodeCommand, boundPhoneCodeCommand, questionActor, secondVerifyCommand, verifyEmailCommand, verifyGoogleAuthCodeCommand, verifyPhoneCodeCommand,
} from '../../../actors/account'
import { verifyEmailCodeCommand } from '../../../actors/security'
import { siteActor } from '../../../actors/site'
import type { AuthInfo } from '../../../schemas/hall/calls/security'
import type { VerifyType } from '../../../schemas/hall/calls/common'
import { i18nIn } from '../../support/i18n-ready'
import { createTestSystem, type LobbySystem } from '../../../src/system'
import { SystemProvider } from '../../../src/system-react'
import { VerifyByCode } from '../../../src/views/account/SecurityFlow'

/**
 * The second verification's form of the security centre, rendered to markup against the real
 * account actors: each verify type asks for what the hall checks for it (secondVerify). Type 4
 * (the secret question) asks the answer, a text, not a 6-digit code.
 */

const info: AuthInfo = { mobile_phone: '******4567', email: 'pl***@example.com', is_open_google_auth: 1, withdraw_pass: 1 }

let english: I18n
beforeAll(async () => {
  english = await i18nIn('en_US')
})

let system: LobbySystem | null = null
afterEach(() => {
  system?.stop()
  system = null
})

const render = (type: VerifyType): string => {
  system = createTestSystem({
    actors: [secondVerifyCommand, verifyPhoneCodeCommand, verifyEmailCommand, verifyEmailCodeCommand, verifyGoogleAuthCodeCommand, boundPhoneCodeCommand, boundEmailCodeCommand, questionActor, siteActor],
  })
  return renderToStaticMarkup(
    createElement(SystemProvider, {
      system,
      children: createElement(I18nextProvider, { i18n: english }, createElement(VerifyByCode, { type, info })),
    }),
  )
}

const inputs = (html: string) => [...html.matchAll(/<input([^>]*)>/g)].map((m) => m[1]!)
const labelTexts = (html: string) => [...html.matchAll(/<label[^>]*>([\s\S]*?)<\/label>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, '').trim())

describe('VerifyByCode', () => {
  it('type 4 asks the secret question\'s answer: a text field, no numeric 6-digit code', () => {
    const html = render(4)
    expect(html).toContain('answer your secret question')
    expect(labelTexts(html)).toContain('Answer')
    expect(labelTexts(html)).not.toContain('Verification code')
    const fields = inputs(html)
    expect(fields).toHaveLength(1)
    expect(fields[0]).toContain('type="password"')
    expect(fields[0]).not.toContain('inputMode="numeric"')
    expect(fields[0]).not.toMatch(/maxLength/i)
  })

  it('type 1 asks the authenticator\'s 6-digit code; types 2 and 3 the code sent, with a button to send it', () => {
    const ga = render(1)
    expect(labelTexts(ga)).toContain('Verification code')
    expect(inputs(ga)[0]).toMatch(/maxLength="6"/)
    expect(inputs(ga)[0]).toMatch(/inputMode="numeric"/)
    system?.stop()
    const sms = render(3)
    expect(sms).toContain('we text a code to ******4567')
    expect(inputs(sms)[0]).toMatch(/maxLength="4"/)
    expect(sms).toContain('Send code')
  })
})
