import { assign, emit, enqueueActions, setup } from 'xstate'
import type { SiteConfig } from '../../schemas/events/app'
import type { EventOfType } from '../../schemas/events'
import type { HallError } from '../../schemas/hall/errors'
import type { SitePage } from '../../schemas/events/site'

/**
 * Site initialisation (spec §4 site mode; §8 site info or system info failure, maintenance,
 * IP check): site info, then system info, then the IP check, each a hall call requested as a
 * notice and answered by the hall runner as a fact.
 *
 * Consumes: app.started, hall.responded, hall.failed, app.retryRequested.
 * Emits: hall.requested, site.ready, site.blocked.
 */

/** The hall calls this actor makes, by the names of schemas/hall/calls. */
export const SITE_CALLS = { siteInfo: 'getSiteInfo', sysInfo: 'getSysInfo', ipCheck: 'ipCheck' } as const

/** The interface language when the stored one is absent or not offered by the site (spec §1). */
export const FALLBACK_LANGUAGE = 'en_US'

/** The 18 interface languages (spec §1). */
export const INTERFACE_LANGUAGES = [
  'en_US', 'zh_CN', 'zh_TW', 'th_TH', 'vi_VN', 'ko_KR', 'ja_JP', 'pt_PT', 'es_ES',
  'de_DE', 'fr_FR', 'it_IT', 'ru_RU', 'my_MM', 'id_ID', 'hi_IN', 'tl_PH', 'km_KH',
] as const

/** maintainStatus values of site info that send the player to the 500 page (spec §4). */
export const MAINTAIN_STATUSES_500: ReadonlyArray<number> = [4, 5]

/** What the actor reads of site info. */
export interface SiteInfoView {
  readonly siteName?: string
  readonly maintainStatus?: number
  readonly languageInfos?: ReadonlyArray<{ readonly languageCode: string }>
  readonly currencyInfos?: ReadonlyArray<{ readonly currencyCode: string }>
  readonly [key: string]: unknown
}
/** What the actor reads of system info. */
export interface SysInfoView {
  readonly recommendCurrency?: string
  readonly [key: string]: unknown
}
/** What the actor reads of the IP check. */
export interface IpInfoView {
  readonly areaStatus?: boolean
  readonly siteMaintenanceStatus?: boolean
  readonly [key: string]: unknown
}

export interface SiteContext {
  readonly requestCount: number
  readonly pendingId: string | null
  readonly config: SiteConfig | null
  readonly storedLanguage: string | null
  readonly siteInfo: SiteInfoView | null
  readonly sysInfo: SysInfoView | null
  readonly ipInfo: IpInfoView | null
  readonly usedInjected: boolean
  readonly language: string
  readonly currency: string
  readonly blockedBy: SitePage | null
  readonly lastError: HallError | null
}

type SiteEvent =
  | EventOfType<'app.started'>
  | EventOfType<'hall.responded'>
  | EventOfType<'hall.failed'>
  | EventOfType<'app.retryRequested'>

type Emitted = EventOfType<'hall.requested'> | EventOfType<'site.ready'> | EventOfType<'site.blocked'>

const initialContext: SiteContext = {
  requestCount: 0,
  pendingId: null,
  config: null,
  storedLanguage: null,
  siteInfo: null,
  sysInfo: null,
  ipInfo: null,
  usedInjected: false,
  language: FALLBACK_LANGUAGE,
  currency: 'CNY',
  blockedBy: null,
  lastError: null,
}

const nextId = (c: SiteContext): string => `site-${c.requestCount + 1}`

/** The language: the stored one if the site offers it, else en_US (spec §1). */
export const chooseLanguage = (stored: string | null, info: SiteInfoView | null): string => {
  const offered = info?.languageInfos?.map((l) => l.languageCode) ?? []
  if (stored !== null && offered.includes(stored)) return stored
  return FALLBACK_LANGUAGE
}

/** The currency: the system's recommendation if the site offers it, else the site's first, else CNY (spec §9). */
export const chooseCurrency = (info: SiteInfoView | null, sys: SysInfoView | null): string => {
  const offered = info?.currencyInfos?.map((c) => c.currencyCode) ?? []
  const recommended = sys?.recommendCurrency
  if (recommended !== undefined && offered.includes(recommended)) return recommended
  return offered[0] ?? 'CNY'
}

const injectedOf = (c: SiteContext, key: 'siteInfo' | 'sysInfo'): unknown =>
  c.config?.healthy === true ? c.config.injected?.[key] : undefined

export const siteMachine = setup({
  types: {
    context: {} as SiteContext,
    events: {} as SiteEvent,
    emitted: {} as Emitted,
  },
  guards: {
    isAnswer: ({ context, event }) =>
      (event.type === 'hall.responded' || event.type === 'hall.failed') && event.requestId === context.pendingId,
    isFailure: ({ context, event }) => event.type === 'hall.failed' && event.requestId === context.pendingId,
    hasInjectedSiteInfo: ({ context }) => injectedOf(context, 'siteInfo') !== undefined,
    hasInjectedSysInfo: ({ context }) => injectedOf(context, 'sysInfo') !== undefined,
    siteInMaintenance: ({ context }) => MAINTAIN_STATUSES_500.includes(context.siteInfo?.maintainStatus ?? 0),
    ipMaintenance: ({ context }) => context.ipInfo?.siteMaintenanceStatus === true,
    areaRestricted: ({ context }) => context.ipInfo?.areaStatus === false,
  },
  actions: {
    takeConfig: assign(({ event }) => {
      if (event.type !== 'app.started') return {}
      return { ...initialContext, config: event.site, storedLanguage: event.storedLanguage }
    }),
    request: enqueueActions(({ context, enqueue }, call: string) => {
      const requestId = nextId(context)
      enqueue.assign({ requestCount: context.requestCount + 1, pendingId: requestId })
      enqueue.emit({ type: 'hall.requested', requestId, call, payload: {} })
    }),
    clearOutcome: assign({ blockedBy: null, lastError: null }),
    storeAnswer: assign(({ context, event }, key: 'siteInfo' | 'sysInfo' | 'ipInfo') =>
      event.type === 'hall.responded' && event.requestId === context.pendingId
        ? { [key]: event.data as never, pendingId: null }
        : {},
    ),
    storeError: assign(({ event }) => (event.type === 'hall.failed' ? { lastError: event.error, pendingId: null } : {})),
    useInjected: assign(({ context }, key: 'siteInfo' | 'sysInfo') => ({
      [key]: injectedOf(context, key) as never,
      usedInjected: true,
    })),
    settle: assign(({ context }) => ({
      language: chooseLanguage(context.storedLanguage ?? context.config?.languageCode ?? null, context.siteInfo),
      currency: chooseCurrency(context.siteInfo, context.sysInfo),
    })),
    announceReady: emit(({ context }) => ({
      type: 'site.ready' as const,
      siteCode: context.config?.siteCode ?? '',
      language: context.language,
      currency: context.currency,
    })),
    block: assign((_, page: SitePage) => ({ blockedBy: page })),
    announceBlocked: emit(({ context }, reason: string) => ({
      type: 'site.blocked' as const,
      page: context.blockedBy ?? '/pages/500',
      reason,
    })),
  },
}).createMachine({
  id: 'site',
  context: initialContext,
  initial: 'idle',
  on: {
    'app.started': { target: '.siteInfo', actions: 'takeConfig' },
  },
  states: {
    idle: {},
    siteInfo: {
      entry: { type: 'request', params: SITE_CALLS.siteInfo },
      on: {
        'hall.responded': [
          {
            guard: 'isAnswer',
            actions: { type: 'storeAnswer', params: 'siteInfo' },
            target: 'checkSiteInfo',
          },
        ],
        'hall.failed': [
          { guard: { type: 'isFailure' }, target: 'siteInfoFallback', actions: 'storeError' },
        ],
      },
    },
    siteInfoFallback: {
      always: [
        { guard: 'hasInjectedSiteInfo', actions: { type: 'useInjected', params: 'siteInfo' }, target: 'checkSiteInfo' },
        { target: 'blocked', actions: { type: 'block', params: '/pages/500' } },
      ],
    },
    checkSiteInfo: {
      always: [
        { guard: 'siteInMaintenance', target: 'blocked', actions: { type: 'block', params: '/pages/500' } },
        { target: 'sysInfo' },
      ],
    },
    sysInfo: {
      entry: { type: 'request', params: SITE_CALLS.sysInfo },
      on: {
        'hall.responded': [
          { guard: 'isAnswer', actions: { type: 'storeAnswer', params: 'sysInfo' }, target: 'ipCheck' },
        ],
        'hall.failed': [{ guard: 'isFailure', target: 'sysInfoFallback', actions: 'storeError' }],
      },
    },
    sysInfoFallback: {
      always: [
        { guard: 'hasInjectedSysInfo', actions: { type: 'useInjected', params: 'sysInfo' }, target: 'ipCheck' },
        { target: 'blocked', actions: { type: 'block', params: '/pages/500' } },
      ],
    },
    ipCheck: {
      entry: { type: 'request', params: SITE_CALLS.ipCheck },
      on: {
        'hall.responded': [
          { guard: 'isAnswer', actions: { type: 'storeAnswer', params: 'ipInfo' }, target: 'checkIp' },
        ],
        // A failed IP check does not stop the lobby: the spec routes only site info and
        // system info failures to the 500 page.
        'hall.failed': [{ guard: 'isFailure', target: 'ready', actions: 'storeError' }],
      },
    },
    checkIp: {
      always: [
        { guard: 'ipMaintenance', target: 'blocked', actions: { type: 'block', params: '/pages/503' } },
        { guard: 'areaRestricted', target: 'blocked', actions: { type: 'block', params: '/pages/403' } },
        { target: 'ready' },
      ],
    },
    ready: {
      entry: ['settle', 'announceReady'],
    },
    blocked: {
      entry: { type: 'announceBlocked', params: ({ context }) => context.lastError?._tag ?? 'site state' },
      on: {
        'app.retryRequested': { target: 'siteInfo', actions: 'clearOutcome' },
      },
    },
  },
})
