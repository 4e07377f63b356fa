import { callHall, control, player as callerOf, visitor, type Caller } from '../server/support'
import type { TestPlayer } from '../e2e/support/hall'

/**
 * What a QA map's player has set up before its path (`prepare` of tests/qa/map.ts), through the
 * hall's own calls as any client of the hall would make them: not steps of the path, so they fail
 * the path loudly when the hall refuses them.
 */

/** The withdraw password a prepared player has (six digits, spec §5). */
export const QA_PIN = '123456'

/** The player signed in on the hall by its own login call. */
export const signedIn = async (hallUrl: string, p: TestPlayer): Promise<Caller> => {
  const login = await callHall(hallUrl, await visitor(hallUrl, p.siteCode), 'POST', '/home/login', { username: p.username, password: p.password })
  if (login.envelope.code !== 1) throw new Error(`the hall refused the login of ${p.username}: ${login.envelope.msg}`)
  return callerOf(p.siteCode, login.envelope.data)
}

/** One call that must succeed; its data. */
export const ok = async (hallUrl: string, caller: Caller, path: string, params: unknown): Promise<unknown> => {
  const r = await callHall(hallUrl, caller, 'POST', path, params)
  if (r.envelope.code !== 1) throw new Error(`the hall refused ${path} (code ${r.envelope.code}): ${r.envelope.msg}`)
  return r.envelope.data
}

/** Binds a phone (by the code the hall "sent") and sets the withdraw password QA_PIN: what a withdrawal needs (spec §5). */
export const secure = async (hallUrl: string, p: TestPlayer, caller: Caller): Promise<void> => {
  const phone = `555${String(Date.now()).slice(-7)}`
  await ok(hallUrl, caller, '/user/security/createsms', { phone })
  const sent = await control(hallUrl, 'last-code', { username: p.username, siteCode: p.siteCode })
  await ok(hallUrl, caller, '/user/security/modifyphone', { phone, code: sent['code'] })
  await ok(hallUrl, caller, '/user/security/modifywithdrawpass', { newPass: QA_PIN })
}

/** Binds a bank card (CHASE, ANA SILVA): the account a withdrawal goes to. */
export const bindCard = async (hallUrl: string, caller: Caller, cardNo = '4111222233334444'): Promise<void> => {
  await ok(hallUrl, caller, '/certify/bindcard', { bank_code: 'CHASE', card_no: cardNo, holder: 'ANA SILVA', withdraw_pass: QA_PIN })
}

/** Reads the savings page's figures once, as a first visit does: the hall pops the savings introduction once, so it will not cover the page. */
export const savingsIntroSeen = async (hallUrl: string, caller: Caller): Promise<void> => {
  await ok(hallUrl, caller, '/yuebao/index', { page: 1 })
}
