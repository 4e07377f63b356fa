import { describe, expect, it } from 'vitest'
import type { AnyEventObject, EventFromLogic, SnapshotFrom } from 'xstate'
import { SITE_CALLS, siteMachine } from '../../actors/site'
import type { EventOfType } from '../../schemas/events'
import { appStarted, failed, responded, siteConfig, siteInfo } from '../support/site-fixtures'
import { modelHarness, type StepCheck } from './harness'

type SiteSnapshot = SnapshotFrom<typeof siteMachine>
type SiteEvent = EventFromLogic<typeof siteMachine>

// ---------------------------------------------------------------------------------------------
// Sample data. Each variant exists to take one branch of the machine.

/** Injected site info differs from the hall's (other currencies) so a path shows which one was used. */
const injectedSiteInfo = siteInfo({ siteName: 'Injected', currencyInfos: [{ currencyCode: 'EUR' }, { currencyCode: 'USDT' }] })
const injectedSysInfo = { recommendCurrency: 'USDT' }

const STARTS = {
  /** No injected data: any site info or system info failure ends on the 500 page. */
  plain: appStarted(),
  /** Healthy injected site and system info, and a stored language the site offers. */
  healthy: appStarted({
    storedLanguage: 'zh_CN',
    site: siteConfig({ healthy: true, injected: { siteInfo: injectedSiteInfo, sysInfo: injectedSysInfo } }),
  }),
  /** Healthy, but only site info injected: a system info failure still ends on the 500 page. */
  siteOnly: appStarted({ site: siteConfig({ healthy: true, injected: { siteInfo: injectedSiteInfo } }) }),
  /** Injected data marked unhealthy: it must never be used. */
  unhealthy: appStarted({
    site: siteConfig({ healthy: false, injected: { siteInfo: injectedSiteInfo, sysInfo: injectedSysInfo } }),
  }),
} satisfies Record<string, SiteEvent>

const SITE_INFOS = { open: siteInfo(), maintain4: siteInfo({ maintainStatus: 4 }), maintain5: siteInfo({ maintainStatus: 5 }) }
const SYS_INFO = { recommendCurrency: 'USDT', token: 'system-token', auto_visitor_login_web: 'open', auto_visitor_login_h5: 'close' }
const IP_INFOS = {
  normal: { areaStatus: true, siteMaintenanceStatus: false },
  maintenance: { areaStatus: true, siteMaintenanceStatus: true },
  restricted: { areaStatus: false, siteMaintenanceStatus: false },
}

const answer = (requestId: string, call: string, data: unknown) => responded(requestId, call, data) as EventOfType<'hall.responded'>
const failure = (requestId: string, call: string) => failed(requestId, call) as EventOfType<'hall.failed'>

/** The call each waiting state has asked for. */
const CALL_OF: Partial<Record<string, string>> = { siteInfo: SITE_CALLS.siteInfo, sysInfo: SITE_CALLS.sysInfo, ipCheck: SITE_CALLS.ipCheck }

/**
 * The sample events, from the model state: answers go to the pending request id
 * (`site-${requests.count}`), plus one answer to an id nobody waits for, which must be ignored.
 */
/**
 * Retries are offered only up to this request counter, so the state space stays finite: every
 * block of the first round (counter 1 to 3) can be retried, and the blocks early in a retry too.
 * The traversal tells states apart by value and whole context, request counter included: the
 * answers are derived from the counter, so two states that differ only in it do not behave alike
 * (the last test shows the harness refusing an abstraction that forgets it).
 */
const MAX_RETRY_FROM = 3

const siteEvents = (s: SiteSnapshot): SiteEvent[] => {
  const pending = `site-${s.context.requests.count}`
  const stale = `site-${s.context.requests.count - 1}`
  const value = String(s.value)
  const call = CALL_OF[value]
  const answers: SiteEvent[] =
    value === 'siteInfo'
      ? Object.values(SITE_INFOS).map((info) => answer(pending, SITE_CALLS.siteInfo, info))
      : value === 'sysInfo'
        ? [answer(pending, SITE_CALLS.sysInfo, SYS_INFO)]
        : value === 'ipCheck'
          ? Object.values(IP_INFOS).map((ip) => answer(pending, SITE_CALLS.ipCheck, ip))
          : []
  const waiting: SiteEvent[] = call === undefined ? [] : [...answers, failure(pending, call), answer(stale, call, {})]
  return [
    // Every start variant from idle; a restart with the plain one from the states of a first round.
    ...(value === 'idle' ? Object.values(STARTS) : s.context.requests.count <= MAX_RETRY_FROM ? [STARTS.plain] : []),
    ...waiting,
    // Retries only while the request counter is small, so the state space stays finite.
    ...(s.context.requests.count <= MAX_RETRY_FROM ? [{ type: 'app.retryRequested' } as const] : []),
  ]
}


// ---------------------------------------------------------------------------------------------
// What must hold after every step, whatever the path.

/** The language and currency the lobby must settle on, from the spec's rules, written out independently. */
const expectedLocale = (s: SiteSnapshot) => {
  const info = s.context.siteInfo
  const languages = info?.languageInfos?.map((l) => l.languageCode) ?? []
  const currencies = info?.currencyInfos?.map((c) => c.currencyCode) ?? []
  const stored = s.context.storedLanguage
  const siteDefault = s.context.config?.languageCode
  const recommended = s.context.sysInfo?.recommendCurrency
  return {
    language:
      stored !== null && languages.includes(stored)
        ? stored
        : siteDefault !== undefined && languages.includes(siteDefault)
          ? siteDefault
          : 'en_US',
    currency: recommended !== undefined && currencies.includes(recommended) ? recommended : (currencies[0] ?? 'CNY'),
  }
}

/** Why a block happened, worked out from the answers the actor holds, independently of it. */
const expectedReason = (s: SiteSnapshot): string => {
  if (s.context.blockedBy === '/pages/503') return 'siteMaintenanceStatus'
  if (s.context.blockedBy === '/pages/403') return 'areaStatus'
  const status = s.context.siteInfo?.maintainStatus
  if (status === 4 || status === 5) return 'maintainStatus'
  return s.context.lastError?._tag ?? 'unknown'
}

const ofType = (events: ReadonlyArray<AnyEventObject>, type: string) => events.filter((e) => e.type === type)

const siteInvariants = () => {
  let before: SiteSnapshot | null = null
  return ({ real, event, emitted, step }: StepCheck<typeof siteMachine, typeof siteMachine>) => {
    if (step === 0) before = null
    const value = String(real.value)
    const entered = (state: string) => value === state && (before === null || String(before.value) !== state)

    // A waiting state has exactly one request out, the last one it made.
    if (CALL_OF[value] !== undefined) expect(real.context.requests.awaiting.step).toBe(`site-${real.context.requests.count}`)
    for (const request of ofType(emitted, 'hall.requested')) {
      expect(request).toEqual({ type: 'hall.requested', requestId: real.context.requests.awaiting.step, call: CALL_OF[value], payload: {} })
    }
    expect(ofType(emitted, 'hall.requested').length).toBeLessThanOrEqual(1)

    // site.ready exactly on entering ready, with the locale the rules give.
    if (entered('ready')) {
      expect(ofType(emitted, 'site.ready')).toEqual([
        {
          type: 'site.ready',
          siteCode: real.context.config?.siteCode,
          ...expectedLocale(real),
          languages: (real.context.siteInfo?.languageInfos ?? []).map((l) => l.languageCode),
          currencies: (real.context.siteInfo?.currencyInfos ?? []).map((c) => c.currencyCode),
          systemToken: real.context.sysInfo?.token ?? '',
          autoVisitorLogin:
            (real.context.device === 'mobile' ? real.context.sysInfo?.auto_visitor_login_h5 : real.context.sysInfo?.auto_visitor_login_web) === 'open',
          device: real.context.device,
        },
      ])
    } else {
      expect(ofType(emitted, 'site.ready')).toEqual([])
    }

    // site.blocked exactly on entering blocked, naming the page the player must see.
    if (entered('blocked')) {
      expect(real.context.blockedBy).not.toBeNull()
      expect(ofType(emitted, 'site.blocked')).toEqual([
        { type: 'site.blocked', page: real.context.blockedBy, reason: expectedReason(real) },
      ])
    } else {
      expect(ofType(emitted, 'site.blocked')).toEqual([])
    }

    // Injected data is used only when the page marked it healthy.
    if (real.context.usedInjected) expect(real.context.config?.healthy).toBe(true)

    // An answer to a request the actor is not waiting for changes nothing and emits nothing.
    if (
      before !== null &&
      event !== null &&
      (event.type === 'hall.responded' || event.type === 'hall.failed') &&
      event.requestId !== before.context.requests.awaiting.step
    ) {
      expect(real.value).toEqual(before.value)
      expect(real.context).toEqual(before.context)
      expect(emitted).toEqual([])
    }
    before = real
  }
}

const site = modelHarness({
  name: 'site',
  machine: siteMachine,
  events: siteEvents,
  check: siteInvariants(),
})

// ---------------------------------------------------------------------------------------------

describe('site actor model', () => {
  it('follows the model on every generated path and covers every state and transition', () => {
    const report = site.run()
    expect(report.states.uncovered).toEqual([])
    expect(report.transitions.uncovered).toEqual([])
    expect(report.branches.uncovered).toEqual([])
    expect(report.droppedPaths).toBe(0)
  })

  it('announces ready with the stored language and the recommended currency on the normal path', () => {
    const { real, emitted } = site.runEvents([
      STARTS.healthy,
      answer('site-1', SITE_CALLS.siteInfo, SITE_INFOS.open),
      answer('site-2', SITE_CALLS.sysInfo, SYS_INFO),
      answer('site-3', SITE_CALLS.ipCheck, IP_INFOS.normal),
    ])
    expect(real.value).toBe('ready')
    expect(emitted).toEqual([
      { type: 'hall.requested', requestId: 'site-1', call: 'getSiteInfo', payload: {} },
      { type: 'hall.requested', requestId: 'site-2', call: 'getSysInfo', payload: {} },
      { type: 'hall.requested', requestId: 'site-3', call: 'ipCheck', payload: {} },
      expect.objectContaining({ type: 'site.ready', siteCode: '001', language: 'zh_CN', currency: 'USDT', systemToken: 'system-token', autoVisitorLogin: true }),
    ])
  })

  it('continues on healthy injected data when site info and system info fail', () => {
    const { real, emitted } = site.runEvents([
      STARTS.healthy,
      failure('site-1', SITE_CALLS.siteInfo),
      failure('site-2', SITE_CALLS.sysInfo),
      answer('site-3', SITE_CALLS.ipCheck, IP_INFOS.normal),
    ])
    expect(real.context.usedInjected).toBe(true)
    // The injected site info offers zh_CN (the stored language) and USDT (the injected recommendation).
    expect(emitted.at(-1)).toMatchObject({ type: 'site.ready', siteCode: '001', language: 'zh_CN', currency: 'USDT' })
  })

  it('ignores injected data the page marked unhealthy: a site info failure ends on 500', () => {
    const { real, emitted } = site.runEvents([STARTS.unhealthy, failure('site-1', SITE_CALLS.siteInfo)])
    expect(real.value).toBe('blocked')
    expect(emitted.at(-1)).toEqual({ type: 'site.blocked', page: '/pages/500', reason: 'Network' })
  })

  it.each([
    ['maintainStatus 4', [answer('site-1', SITE_CALLS.siteInfo, SITE_INFOS.maintain4)], '/pages/500', 'maintainStatus'],
    ['maintainStatus 5', [answer('site-1', SITE_CALLS.siteInfo, SITE_INFOS.maintain5)], '/pages/500', 'maintainStatus'],
    [
      'IP check in maintenance',
      [
        answer('site-1', SITE_CALLS.siteInfo, SITE_INFOS.open),
        answer('site-2', SITE_CALLS.sysInfo, SYS_INFO),
        answer('site-3', SITE_CALLS.ipCheck, IP_INFOS.maintenance),
      ],
      '/pages/503',
      'siteMaintenanceStatus',
    ],
    [
      'IP check area-restricted',
      [
        answer('site-1', SITE_CALLS.siteInfo, SITE_INFOS.open),
        answer('site-2', SITE_CALLS.sysInfo, SYS_INFO),
        answer('site-3', SITE_CALLS.ipCheck, IP_INFOS.restricted),
      ],
      '/pages/403',
      'areaStatus',
    ],
  ] as const)('%s blocks on %s', (_label, answers, page, reason) => {
    const { emitted } = site.runEvents([STARTS.plain, ...answers])
    expect(emitted.at(-1)).toEqual({ type: 'site.blocked', page: page, reason })
  })

  it('a failed IP check does not stop the lobby', () => {
    const { real, emitted } = site.runEvents([
      STARTS.plain,
      answer('site-1', SITE_CALLS.siteInfo, SITE_INFOS.open),
      answer('site-2', SITE_CALLS.sysInfo, SYS_INFO),
      failure('site-3', SITE_CALLS.ipCheck),
    ])
    expect(real.value).toBe('ready')
    expect(emitted.at(-1)).toMatchObject({ type: 'site.ready', siteCode: '001', language: 'en_US', currency: 'USDT' })
  })

  it('retries from the error page with a fresh request id, and reaches ready', () => {
    const { real, emitted } = site.runEvents([
      STARTS.plain,
      failure('site-1', SITE_CALLS.siteInfo),
      { type: 'app.retryRequested' },
      answer('site-1', SITE_CALLS.siteInfo, SITE_INFOS.open),
      answer('site-2', SITE_CALLS.siteInfo, SITE_INFOS.open),
      answer('site-3', SITE_CALLS.sysInfo, SYS_INFO),
      answer('site-4', SITE_CALLS.ipCheck, IP_INFOS.normal),
    ])
    expect(real.value).toBe('ready')
    expect(ofType(emitted, 'hall.requested').map((e) => e['requestId'])).toEqual(['site-1', 'site-2', 'site-3', 'site-4'])
    expect(ofType(emitted, 'site.blocked')).toHaveLength(1)
  })

  it('refuses a state abstraction that forgets the request counter the answers depend on', () => {
    const forgetful = modelHarness({
      name: 'site',
      machine: siteMachine,
      events: siteEvents,
      serializeState: (s) => {
        const { requests: _requests, ...rest } = s.context
        return JSON.stringify({ value: s.value, context: rest })
      },
      log: false,
    })
    expect(() => forgetful.run()).toThrow(/serializeState merges model states that behave differently/)
  })
})
