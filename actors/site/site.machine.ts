import { assign, emit, enqueueActions, setup } from 'xstate'
import { getSiteInfo, getSysInfo, ipCheck } from '../../schemas/hall/calls/site'
import { answers, forgetAll, noRequests, request, settle, type Requests } from '../kit'
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

/** The 18 interface languages (spec §1), and Brazilian Portuguese for the Brazilian sites (issue 45). */
export const INTERFACE_LANGUAGES = [
  'en_US', 'zh_CN', 'zh_TW', 'th_TH', 'vi_VN', 'ko_KR', 'ja_JP', 'pt_PT', 'pt_BR', 'es_ES',
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
  readonly token?: string
  readonly auto_visitor_login_web?: string
  readonly auto_visitor_login_h5?: string
  readonly [key: string]: unknown
}
/** What the actor reads of the IP check. */
export interface IpInfoView {
  readonly areaStatus?: boolean
  readonly siteMaintenanceStatus?: boolean
  readonly [key: string]: unknown
}

export interface SiteContext {
  /** The start-up's one call at a time (site info, system info, the IP check), kept with the kit's bookkeeping. */
  readonly requests: Requests<'step'>
  readonly config: SiteConfig | null
  readonly storedLanguage: string | null
  readonly device: 'mobile' | 'desktop'
  readonly siteInfo: SiteInfoView | null
  readonly sysInfo: SysInfoView | null
  readonly ipInfo: IpInfoView | null
  readonly usedInjected: boolean
  readonly language: string
  readonly currency: string
  readonly blockedBy: SitePage | null
  /** Why the site is blocked: the failed call's error tag, or the status that blocked it. */
  readonly blockReason: string | null
  readonly lastError: HallError | null
}

type SiteEvent =
  | EventOfType<'app.started'>
  | EventOfType<'hall.responded'>
  | EventOfType<'hall.failed'>
  | EventOfType<'app.retryRequested'>

type Emitted = EventOfType<'hall.requested'> | EventOfType<'site.ready'> | EventOfType<'site.blocked'>

const initialContext: SiteContext = {
  requests: noRequests,
  config: null,
  storedLanguage: null,
  device: 'desktop',
  siteInfo: null,
  sysInfo: null,
  ipInfo: null,
  usedInjected: false,
  language: FALLBACK_LANGUAGE,
  currency: 'CNY',
  blockedBy: null,
  blockReason: null,
  lastError: null,
}

/** The calls of the start-up, by the names SITE_CALLS gives them. */
const CALL_BY_NAME = { getSiteInfo, getSysInfo, ipCheck } as const

/**
 * The language (spec §1): the stored one if the site offers it; otherwise the site's own default
 * language when it offers it (a Brazilian site opens in Portuguese); otherwise en_US.
 */
export const chooseLanguage = (stored: string | null, siteDefault: string | null, info: SiteInfoView | null): string => {
  const offered = info?.languageInfos?.map((l) => l.languageCode) ?? []
  if (stored !== null && offered.includes(stored)) return stored
  if (siteDefault !== null && offered.includes(siteDefault)) return siteDefault
  return FALLBACK_LANGUAGE
}

/** The currency: the system's recommendation if the site offers it, else the site's first, else CNY (spec §9). */
export const chooseCurrency = (info: SiteInfoView | null, sys: SysInfoView | null): string => {
  const offered = info?.currencyInfos?.map((c) => c.currencyCode) ?? []
  const recommended = sys?.recommendCurrency
  if (recommended !== undefined && offered.includes(recommended)) return recommended
  return offered[0] ?? 'CNY'
}

/** Auto visitor login for the device (spec §4: auto_visitor_login_web / _h5, 'open' or 'close'). */
export const autoVisitorLogin = (sys: SysInfoView | null, device: 'mobile' | 'desktop'): boolean =>
  (device === 'mobile' ? sys?.auto_visitor_login_h5 : sys?.auto_visitor_login_web) === 'open'

/** The flags of site and system info that other domains read (skin, music), when the answers name them. */
export const flagsOf = (siteInfo: unknown, sysInfo: unknown): { skin?: number; musicShow?: boolean; musicAutoPlay?: boolean } => {
  const site = (siteInfo ?? {}) as { skinTypeValue?: unknown; musicAutoPlay?: unknown }
  const sys = (sysInfo ?? {}) as { musicShow?: unknown }
  return {
    ...(typeof site.skinTypeValue === 'number' ? { skin: site.skinTypeValue } : {}),
    ...(sys.musicShow === 'open' || sys.musicShow === 'close' ? { musicShow: sys.musicShow === 'open' } : {}),
    ...(typeof site.musicAutoPlay === 'number' ? { musicAutoPlay: site.musicAutoPlay === 1 } : {}),
  }
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
    isAnswer: ({ context, event }) => answers(context.requests, 'step', event),
    isFailure: ({ context, event }) => event.type === 'hall.failed' && answers(context.requests, 'step', event),
    /** The call failed and there is no injected copy of its answer to fall back on. */
    failsWithoutInjected: ({ context, event }, key: 'siteInfo' | 'sysInfo') =>
      event.type === 'hall.failed' && answers(context.requests, 'step', event) && injectedOf(context, key) === undefined,
    siteInMaintenance: ({ context }) => MAINTAIN_STATUSES_500.includes(context.siteInfo?.maintainStatus ?? 0),
    ipMaintenance: ({ context }) => context.ipInfo?.siteMaintenanceStatus === true,
    areaRestricted: ({ context }) => context.ipInfo?.areaStatus === false,
  },
  actions: {
    takeConfig: assign(({ context, event }) => {
      if (event.type !== 'app.started') return {}
      // The request counter survives a restart, so a late answer to an earlier start can never
      // be taken for the answer to the new one.
      return { ...initialContext, requests: forgetAll(context.requests), config: event.site, storedLanguage: event.storedLanguage, device: event.device }
    }),
    request: enqueueActions(({ context, enqueue }, call: keyof typeof CALL_BY_NAME) => {
      const asked = request('site', context.requests, 'step', CALL_BY_NAME[call], {})
      // The start-up's first call also clears the outcome of an earlier attempt (a retry; after
      // app.started the fields already hold these values): one assign, not two, per retry.
      enqueue.assign(
        call === 'getSiteInfo'
          ? { requests: asked.requests, blockedBy: null, blockReason: null, lastError: null, siteInfo: null, sysInfo: null, ipInfo: null, usedInjected: false }
          : { requests: asked.requests },
      )
      enqueue.emit(asked.notice)
    }),
    storeAnswer: assign(({ context, event }, key: 'siteInfo' | 'sysInfo' | 'ipInfo') =>
      event.type === 'hall.responded' && answers(context.requests, 'step', event)
        ? { [key]: event.data as never, requests: settle(context.requests, 'step') }
        : {},
    ),
    storeError: assign(({ context, event }) => (event.type === 'hall.failed' ? { lastError: event.error, requests: settle(context.requests, 'step') } : {})),
    /** The call failed: its injected copy stands in for the answer (the failure settled, no error kept). */
    useInjected: assign(({ context }, key: 'siteInfo' | 'sysInfo') => ({
      [key]: injectedOf(context, key) as never,
      requests: settle(context.requests, 'step'),
      usedInjected: true,
      lastError: null,
    })),
    /** The call failed with no injected copy: the error kept, the 500 page with the error's tag (one assign). */
    fail500: assign(({ context, event }) =>
      event.type === 'hall.failed'
        ? { lastError: event.error, requests: settle(context.requests, 'step'), blockedBy: '/pages/500' as const, blockReason: event.error._tag ?? 'unknown' }
        : {},
    ),
    settle: assign(({ context }) => ({
      language: chooseLanguage(context.storedLanguage, context.config?.languageCode ?? null, context.siteInfo),
      currency: chooseCurrency(context.siteInfo, context.sysInfo),
    })),
    announceReady: emit(({ context }) => ({
      type: 'site.ready' as const,
      siteCode: context.config?.siteCode ?? '',
      language: context.language,
      currency: context.currency,
      languages: context.siteInfo?.languageInfos?.map((l) => l.languageCode) ?? [],
      currencies: context.siteInfo?.currencyInfos?.map((c) => c.currencyCode) ?? [],
      systemToken: context.sysInfo?.token ?? '',
      autoVisitorLogin: autoVisitorLogin(context.sysInfo, context.device),
      device: context.device,
      // Only a guide-setup mode above 0 is announced (absent counts as 0).
      ...(typeof context.sysInfo?.['guideSetupMode'] === 'number' && context.sysInfo['guideSetupMode'] > 0
        ? { guideSetupMode: context.sysInfo['guideSetupMode'] }
        : {}),
      // What other domains read of the site's answers travels here, not as the answers themselves.
      ...flagsOf(context.siteInfo, context.sysInfo),
      // Site mode maintain (1): announced only then, so a normal site's announcement is unchanged.
      ...(context.siteInfo?.maintainStatus === 1 ? { maintenance: true as const } : {}),
      // A hall profile launching by loginv2 (issue 45): announced only then, so other sites' announcement is unchanged.
      ...(context.config?.hallProfile?.launch === 'loginv2' ? { launchV2Base: context.config.configApiBaseUrl } : {}),
    })),
    block: assign(({ context }, p: { page: SitePage; reason: string | null }) => ({
      blockedBy: p.page,
      blockReason: p.reason ?? context.lastError?._tag ?? 'unknown',
    })),
    announceBlocked: emit(({ context }) => ({
      type: 'site.blocked' as const,
      page: context.blockedBy ?? '/pages/500',
      reason: context.blockReason ?? 'unknown',
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
        // A failure falls back on the injected copy, else blocks (one transition, no transient state).
        'hall.failed': [
          { guard: { type: 'failsWithoutInjected', params: 'siteInfo' }, target: 'blocked', actions: 'fail500' },
          { guard: 'isFailure', target: 'checkSiteInfo', actions: { type: 'useInjected', params: 'siteInfo' } },
        ],
      },
    },
    checkSiteInfo: {
      always: [
        { guard: 'siteInMaintenance', target: 'blocked', actions: { type: 'block', params: { page: '/pages/500', reason: 'maintainStatus' } } },
        { target: 'sysInfo' },
      ],
    },
    sysInfo: {
      entry: { type: 'request', params: SITE_CALLS.sysInfo },
      on: {
        'hall.responded': [
          { guard: 'isAnswer', actions: { type: 'storeAnswer', params: 'sysInfo' }, target: 'ipCheck' },
        ],
        'hall.failed': [
          { guard: { type: 'failsWithoutInjected', params: 'sysInfo' }, target: 'blocked', actions: 'fail500' },
          { guard: 'isFailure', target: 'ipCheck', actions: { type: 'useInjected', params: 'sysInfo' } },
        ],
      },
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
        { guard: 'ipMaintenance', target: 'blocked', actions: { type: 'block', params: { page: '/pages/503', reason: 'siteMaintenanceStatus' } } },
        { guard: 'areaRestricted', target: 'blocked', actions: { type: 'block', params: { page: '/pages/403', reason: 'areaStatus' } } },
        { target: 'ready' },
      ],
    },
    ready: {
      entry: ['settle', 'announceReady'],
    },
    blocked: {
      entry: 'announceBlocked',
      on: {
        // siteInfo's entry clears the outcome as it asks again.
        'app.retryRequested': { target: 'siteInfo' },
      },
    },
  },
})
