/**
 * Every hall call of the spec's catalogue (spec §7, tests/fixtures/hall-calls.tsv), one module per
 * area. The lobby's hall client, the reference hall and the recorder all look calls up here, so a
 * call's path, method, encryption, silence and schemas are declared exactly once. The realtime
 * socket (/websocket/ws) is not a call and is not listed.
 */
import type { HallCall } from '../call'
import * as accountOwn from './account-own'
import * as agents from './agents'
import * as active from './active'
import * as about from './about'
import * as auth from './auth'
import * as feedback from './feedback'
import * as games from './games'
import * as message from './message'
import * as pay from './pay'
import * as playOwn from './play-own'
import * as records from './records'
import * as rewardsOwn from './rewards-own'
import * as security from './security'
import * as signupOwn from './signup-own'
import * as site from './site'
import * as task from './task'
import * as vip from './vip'
import * as wheelOwn from './wheel-own'
import * as webPushOwn from './webpush-own'
import * as withdraw from './withdraw'
import * as withdrawOwn from './withdraw-own'
import * as yuebao from './yuebao'

export * from './about'
export * from './account-own'
export * from './agents'
export * from './active'
export * from './auth'
export * from './codes'
export * from './common'
export * from './feedback'
export * from './games'
export * from './message'
export * from './pay'
export * from './play-own'
export * from './records'
export * from './rewards-own'
export * from './security'
export * from './signup-own'
export * from './sensitive'
export * from './site'
export * from './task'
export * from './vip'
export * from './wheel-own'
export * from './webpush-own'
export * from './withdraw'
export * from './withdraw-own'
export * from './yuebao'

const isCall = (v: unknown): v is HallCall =>
  typeof v === 'object' && v !== null && 'path' in v && 'method' in v && 'request' in v && 'response' in v

/**
 * All calls, collected from the area modules' exports so a new defineCall cannot be forgotten in a
 * hand-kept list; the order is by area, then declaration.
 */
const specCalls: ReadonlyArray<HallCall> = [
  auth, security, site, active, pay, withdraw, yuebao, games, message, task, vip,
].flatMap((m) => Object.values(m).filter(isCall))

/**
 * Calls the spec's screens need but its catalogue does not name: the hall's own design, each
 * documented in docs/hall-protocol.md ("Calls of the hall's own design").
 */
export const designedCalls: ReadonlyArray<HallCall> = [records, withdrawOwn, feedback, about, accountOwn, rewardsOwn, playOwn, wheelOwn, agents, webPushOwn, signupOwn].flatMap((m) => (Object.values(m) as unknown[]).filter(isCall))

// A call's own flag says whether it is of the hall's design: the two lists above must agree with it.
for (const c of specCalls) if (c.designed) throw new Error(`call ${c.name} is flagged designed but sits in a spec area`)
for (const c of designedCalls) if (!c.designed) throw new Error(`call ${c.name} is of the hall's design but not flagged designed`)

export const allCalls: ReadonlyArray<HallCall> = [...specCalls, ...designedCalls]

const key = (method: string, path: string): string => `${method.toUpperCase()} ${path}`
const index: ReadonlyMap<string, HallCall> = new Map(allCalls.map((c) => [key(c.method, c.path), c]))

/**
 * The call with this method and hall path (without the hall prefix), or undefined. Paths are
 * matched exactly: the spec mixes cases (/home/UserLogout, /user/notLogin/...) and the hall treats
 * them as distinct.
 */
export const callByPath = (method: string, path: string): HallCall | undefined =>
  index.get(key(method, path))
