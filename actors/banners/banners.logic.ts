import { noRequests, type Requests } from '../kit'
import type { EventOfType } from '../../schemas/events'
import type { BannerFlags } from '../../schemas/events/banners'
import { pwaStatistic, type PwaStatisticRequest } from '../../schemas/hall/calls/site'

/** The install-record call (calls §7.3), by name for the hall runner. */
export const PWA_CALL = pwaStatistic

/** What is kept when nothing is stored. */
export const NO_FLAGS: BannerFlags = { downloadClosed: false, noShortcutTip: false }

/** The browser as the PWA runner reported it. */
export interface PwaEnv {
  readonly ios: boolean
  readonly standalone: boolean
  readonly deviceId: string
}

export interface BannersContext {
  /** The kept flags were read (until then the download banner stays hidden, so it never flashes). */
  readonly loaded: boolean
  readonly flags: BannerFlags
  /** The page was opened with pwal=0 (the installed app's start address): no install tip. */
  readonly pwal0: boolean
  /** The promotion channel of the start address (cid), for the install record. */
  readonly channel: string
  readonly device: 'mobile' | 'desktop'
  readonly currency: string
  readonly env: PwaEnv | null
  /** The runner holds the browser's install prompt. */
  readonly installAvailable: boolean
  /** The tip was closed or used during this visit. */
  readonly tipClosed: boolean
  readonly guideOpen: boolean
  /** The browser's prompt is showing. */
  readonly prompting: boolean
  /** The install record's upload (its answer is not read back). */
  readonly requests: Requests<never>
}

export const initialContext: BannersContext = {
  loaded: false,
  flags: NO_FLAGS,
  pwal0: false,
  channel: '',
  device: 'mobile',
  currency: '',
  env: null,
  installAvailable: false,
  tipClosed: false,
  guideOpen: false,
  prompting: false,
  requests: noRequests,
}

export type BannersEvent =
  | EventOfType<'app.started'>
  | EventOfType<'site.ready'>
  | EventOfType<'banners.flagsLoaded'>
  | EventOfType<'banners.downloadCloseRequested'>
  | EventOfType<'pwa.environment'>
  | EventOfType<'pwa.installAvailable'>
  | EventOfType<'pwa.installRequested'>
  | EventOfType<'pwa.promptAnswered'>
  | EventOfType<'pwa.guideClosed'>
  | EventOfType<'pwa.tipClosed'>

export type BannersEmitted = EventOfType<'banners.flagsChanged'> | EventOfType<'pwa.promptRequested'> | EventOfType<'hall.requested'>

/** The query of a start address, or an empty one when it does not parse. */
const queryOf = (url: string): URLSearchParams => {
  try {
    return new URL(url).searchParams
  } catch {
    return new URLSearchParams()
  }
}

/** What the start address says: pwal=0 and the channel. */
export const startOf = (url: string): { pwal0: boolean; channel: string } => {
  const q = queryOf(url)
  return { pwal0: q.get('pwal') === '0', channel: q.get('cid') ?? '' }
}

/** The install tip to show: the browser's prompt, the guide, or none (screens §2 banners). */
export type InstallTip = 'none' | 'prompt' | 'guide'

export const installTipOf = (c: BannersContext): InstallTip => {
  const env = c.env
  if (!c.loaded || env === null || env.standalone || c.flags.noShortcutTip || c.pwal0 || c.tipClosed) return 'none'
  if (env.ios) return 'guide'
  if (c.installAvailable) return 'prompt'
  // Without a prompt the guide explains the browser's menu; on a desktop it is not worth the space.
  return c.device === 'mobile' ? 'guide' : 'none'
}

/** The install record (calls §7.3): channel_type 1, upload_type 2. */
export const installRecord = (c: BannersContext): PwaStatisticRequest => ({
  currency: c.currency,
  channel_name: c.channel,
  channel_type: 1,
  visitor_deviceid: c.env?.deviceId ?? '',
  upload_type: 2,
})
