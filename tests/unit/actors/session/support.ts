import { actorSpecs } from '../../../../actors'
import type { EventOfType, LobbyEvent, LobbyEventInput } from '../../../../schemas/events'
import { revealAll } from '../../../../src/effects/secret'
import type { UserInfo } from '../../../../schemas/hall/calls/auth'
import type { HallError } from '../../../../schemas/hall/errors'
import { Bus, type BusRecord } from '../../../../src/bus/bus'
import { BusClock, type TimerPort } from '../../../../src/bus/clock'
import { ActorHost } from '../../../../src/bus/host'
import { appStarted, responded, siteInfo } from '../../../support/site-fixtures'

/** Timers a test advances by hand: due timers publish `clock.fired` on the bus, as live. */
export class ManualTimers implements TimerPort {
  private now = 0
  private nextHandle = 0
  private readonly pending = new Map<number, { at: number; fn: () => void }>()
  set(fn: () => void, ms: number): unknown {
    const handle = ++this.nextHandle
    this.pending.set(handle, { at: this.now + ms, fn })
    return handle
  }
  clear(handle: unknown): void {
    this.pending.delete(handle as number)
  }
  /** Moves time on by `ms`, running every timer that comes due, in order (timers set meanwhile too). */
  advance(ms: number): void {
    const end = this.now + ms
    for (;;) {
      const due = [...this.pending.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0]
      if (due === undefined) break
      this.pending.delete(due[0])
      this.now = due[1].at
      due[1].fn()
    }
    this.now = end
  }
}

/** A user as the login family answers it. */
export const user = (over: Partial<UserInfo> = {}): UserInfo => ({
  userIdx: '1001',
  userkey: 'uk-1001',
  session_key: 'sk-1001',
  token: 'tk-1001',
  username: 'player01',
  platfromid: 'Player 01',
  portrait_id: 1,
  currency: 'USD',
  account_type: 0,
  change_password: 0,
  must_bind_phone: 0,
  must_bind_email: 0,
  must_bind_google_auth: 0,
  mustBindWithdrawPass: 0,
  must_bind_item: 0,
  email: '',
  thirdEmail: '',
  thirdType: 0,
  mobile_phone: '',
  cpf: '',
  is_open_google_auth: 0,
  userOptResult: [],
  user_status: 1,
  game_gold: '100.00',
  has_recharged: 0,
  showPassword: 0,
  lastgameinfo: null,
  ...over,
})

export const guest = (over: Partial<UserInfo> = {}): UserInfo =>
  user({ userIdx: '2002', userkey: 'uk-guest', session_key: 'sk-guest', token: 'tk-guest', username: 'guest00000001', account_type: 1, game_gold: '2000.00', ...over })

export const serviceError = (code: number, msg = 'error'): HallError => ({ _tag: 'ServiceCode', code, msg })

export interface BootOptions {
  readonly userkey?: string | null
  readonly autoVisitor?: boolean
  readonly systemToken?: string
  readonly url?: string
  readonly device?: 'mobile' | 'desktop'
  /** Leave out session.storedLoaded (the golden boot log has none). */
  readonly noStored?: boolean
}

/** The lobby's actors on a bus, with timers the test advances. */
export const lobby = () => {
  let now = 1_000
  const bus = new Bus({ now: () => now++, onInvalid: 'throw' })
  const timers = new ManualTimers()
  const clock = new BusClock((timer) => bus.publish({ type: 'clock.fired', timer }, 'runner', 'clock'), timers)
  const host = new ActorHost(bus, actorSpecs, clock)
  const records: BusRecord[] = []
  bus.records$.subscribe((r) => records.push(r))
  host.start()
  const fact = (e: LobbyEvent) => bus.publish(e, 'runner', 'test')
  const intent = (e: LobbyEventInput) => bus.publish(e, 'view')
  const from = (source: string) => records.filter((r) => r.source === source).map((r) => r.event)
  const session = () => host.actor('session')!.getSnapshot()
  const language = () => host.actor('language')!.getSnapshot()
  const geetest = () => host.actor('geetest')!.getSnapshot()
  const wallet = () => host.actor('wallet')!.getSnapshot()
  /** Everything the session actor emitted, in order. */
  const emitted = () => from('session')
  const ofType = <T extends LobbyEvent['type']>(type: T) => emitted().filter((e): e is EventOfType<T> => e.type === type)
  /** The session's hall requests as the hall runner sends them (the secrets typed read in clear). */
  const requests = () => ofType('hall.requested').map((r) => {
    const payload = revealAll(r.payload)
    return payload === r.payload ? r : { ...r, payload }
  })
  const lastRequest = () => requests().at(-1)!
  const answer = (data: unknown, request = lastRequest()) => fact(responded(request.requestId, request.call, data))
  const fail = (error: HallError, request = lastRequest()) => fact({ type: 'hall.failed', requestId: request.requestId, call: request.call, error })

  /** Boots the site (the real site actor) and the session's start facts. */
  const boot = (o: BootOptions = {}) => {
    fact(appStarted({ device: o.device ?? 'desktop', url: o.url ?? 'http://127.0.0.1:8080/' }))
    if (o.noStored !== true) {
      fact({ type: 'session.storedLoaded', stored: { userkey: o.userkey ?? null, username: o.userkey ? 'player01' : null, accountType: o.userkey ? 0 : null } })
    }
    fact(responded('site-1', 'getSiteInfo', siteInfo()))
    const autoVisitor = o.autoVisitor === true ? 'open' : 'close'
    fact(responded('site-2', 'getSysInfo', { token: o.systemToken ?? 'sys-token', auto_visitor_login_web: autoVisitor, auto_visitor_login_h5: autoVisitor }))
    fact(responded('site-3', 'ipCheck', { areaStatus: true, siteMaintenanceStatus: false }))
  }
  return { bus, host, records, timers, fact, intent, emitted, from, ofType, requests, lastRequest, answer, fail, session, language, geetest, wallet, boot }
}
export type Lobby = ReturnType<typeof lobby>
