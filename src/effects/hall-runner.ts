import { Effect } from 'effect'
import type { Subscription } from 'rxjs'
import type { EventOfType, LobbyEvent } from '../../schemas/events'
import '../../schemas/hall/calls/first-route'
import { definedCall, type HallCall } from '../../schemas/hall/call'
import { HALL_PREFIX } from '../../schemas/hall/protocol'
import type { Bus } from '../bus/bus'
import { callHall, toHallError, type CallOptions, type HallContext } from './hall'
import { revealAll } from './secret'

/**
 * The hall runner: performs every `hall.requested` notice with the hall client and publishes
 * the answer as `hall.responded` or `hall.failed`. It keeps the common-header context (site,
 * language, currency, token, key material) from the events that change it
 * (`session.credentialsChanged` for the token, key material and currency). It decides nothing
 * about errors: it reports them typed, and actors react.
 */

/** A call by name: the first route's, and a lazy domain's once its chunk brought it (schemas/hall/call.ts). */
const callsByName = { get: (name: string): HallCall | undefined => definedCall(name) }

/** The hall origin from the site's configApiBaseUrl, which may end with the hall prefix. */
export const hallOrigin = (configApiBaseUrl: string): string => {
  const trimmed = configApiBaseUrl.replace(/\/+$/, '')
  return trimmed.endsWith(HALL_PREFIX) ? trimmed.slice(0, -HALL_PREFIX.length) : trimmed
}

/** What the runner reads of the page. */
export interface HallRunnerEnv {
  readonly domain: string
  readonly timezone: string
  readonly fingerprint: string
  readonly options?: CallOptions
  /**
   * Where a call is sent from: at once by default; the live page defers it past the frame being
   * drawn (`afterNextPaint`), so a tap that asks the hall paints before the request is enciphered
   * and signed. The call's headers are read when it is asked, whenever it is sent.
   */
  readonly defer?: (send: () => void) => void
}

/** Device header values (spec §3 device type strings: H5 '3', PC '4'). */
export const deviceHeader = (device: 'mobile' | 'desktop'): string => (device === 'mobile' ? '3' : '4')

export const startHallRunner = (bus: Bus, env: HallRunnerEnv): Subscription => {
  let ctx: HallContext | null = null
  const update = (event: LobbyEvent): void => {
    if (event.type === 'app.started') {
      ctx = {
        baseUrl: hallOrigin(event.site.configApiBaseUrl),
        siteCode: event.site.siteCode,
        language: event.site.languageCode,
        currency: '',
        device: deviceHeader(event.device),
        domain: env.domain,
        timezone: env.timezone,
        fingerprint: env.fingerprint,
        token: '',
        keyMaterial: event.site.siteKey,
      }
    } else if (ctx !== null && event.type === 'site.ready') {
      ctx = { ...ctx, language: event.language, currency: event.currency }
    } else if (ctx !== null && event.type === 'session.languageApplied') {
      // The language header follows the player's switch.
      ctx = { ...ctx, language: event.language }
    } else if (ctx !== null && event.type === 'session.credentialsChanged') {
      // The session decides who calls: a player's token and session key after a sign-in, the
      // system token and site key after a logout or an expiry, and the session currency.
      ctx = { ...ctx, token: event.token, keyMaterial: event.keyMaterial, currency: event.currency }
    } else if (ctx !== null && event.type === 'lines.baseChosen') {
      // The line tester chose another network line: later calls go through it.
      ctx = { ...ctx, baseUrl: hallOrigin(event.url) }
    } else if (ctx !== null && event.type === 'hall.responded' && event.call === 'getSysInfo') {
      const token = (event.data as { token?: unknown } | null)?.token
      if (typeof token === 'string' && ctx.token === '') ctx = { ...ctx, token }
    }
  }

  const perform = (event: EventOfType<'hall.requested'>): void => {
    const call = callsByName.get(event.call)
    const context = ctx
    const fail = (error: EventOfType<'hall.failed'>['error']) =>
      bus.publish({ type: 'hall.failed', requestId: event.requestId, call: event.call, error }, 'runner', 'hall')
    if (call === undefined) return fail({ _tag: 'Decode', message: `unknown hall call '${event.call}'` })
    if (context === null) return fail({ _tag: 'Network', message: 'the site configuration is not known yet' })
    const send = (): void => void Effect.runPromise(
      // The secrets an actor carried into the payload are read here, as it leaves for the hall.
      callHall(call, revealAll(event.payload), context, env.options ?? {}).pipe(
        Effect.match({
          onSuccess: (data): LobbyEvent => ({ type: 'hall.responded', requestId: event.requestId, call: event.call, data }),
          onFailure: (e): LobbyEvent => ({ type: 'hall.failed', requestId: event.requestId, call: event.call, error: toHallError(e) }),
        }),
      ),
    ).then((fact) => bus.publish(fact, 'runner', 'hall'))
    if (env.defer === undefined) send()
    else env.defer(send)
  }

  return bus.records$.subscribe((record) => {
    update(record.event)
    if (record.event.type === 'hall.requested') perform(record.event)
  })
}
