import type { EventOfType } from '../../schemas/events'
import type { Invitation, Pixel, PixelKind } from '../../schemas/events/promotion'
import { SELF_OPERATED_PLATFORM } from '../../schemas/hall/calls/games'
import type { BuriedPoint, PromoterInfo } from '../../schemas/hall/calls/site'
import { ROOT_KEPT_QUERY } from '../../schemas/routes'
import { noRequests, type Requests } from '../kit'

/**
 * The pure rules of promotion links and tracking (screens §2 root query, §3 buried config, §4
 * promote-game; calls §7.3). No I/O: `URL` and `URLSearchParams` only parse text.
 */

/** The promotion values of an address: the root query keys spec §2 keeps, when not empty. */
export const promoterInfoOf = (url: string): PromoterInfo => {
  const q = new URL(url, 'http://lobby.invalid').searchParams
  const info: Record<string, string> = {}
  for (const key of ROOT_KEPT_QUERY) {
    const v = q.get(key)
    if (v !== null && v.trim() !== '') info[key] = v.trim()
  }
  return info
}

/** Whether an address carries any promotion value. */
export const hasPromotion = (info: PromoterInfo): boolean => Object.keys(info).length > 0

/**
 * The link a visitor arrived by: the promoter's invite (id) or a channel (cid). Both together is
 * the error page (screens §2) and no arrival; neither is no arrival.
 */
export const linkOf = (info: PromoterInfo): { readonly kind: 'id' | 'cid'; readonly value: string } | null => {
  if (info.id !== undefined && info.cid !== undefined) return null
  if (info.id !== undefined) return { kind: 'id', value: info.id }
  if (info.cid !== undefined) return { kind: 'cid', value: info.cid }
  return null
}

/**
 * What makes two page loads of one tab the same arrival (the runner keeps the reported ones for
 * the tab's life): the link. A reload, or the address the lobby cleaned, is the same arrival; a
 * new tab or another link is a new one (the hall then counts a repeat of the same device, link
 * and address within 30 minutes, docs/hall-protocol.md).
 */
export const arrivalKeyOf = (info: PromoterInfo): string | null => {
  const link = linkOf(info)
  return link === null ? null : `${link.kind}:${link.value}`
}

/** An id or a channel as the hall issues them: letters, digits, '-' and '_', at most 40. */
const LINK_VALUE = /^[A-Za-z0-9_-]{1,40}$/

/**
 * The invitation of an arrival, for a later registration (the register call's inviteCode for an
 * invite link, channelId for a channel link); null without a link or with a value the hall never
 * issues.
 */
export const invitationOf = (info: PromoterInfo): Invitation | null => {
  const link = linkOf(info)
  if (link === null || !LINK_VALUE.test(link.value)) return null
  return link.kind === 'id' ? { inviteCode: link.value } : { channelId: link.value }
}

/** A kept invitation as read back from the device: only its well-formed values; null when none is. */
export const keptInvitationOf = (kept: Invitation | null): Invitation | null => {
  if (kept === null) return null
  const inviteCode = kept.inviteCode !== undefined && LINK_VALUE.test(kept.inviteCode) ? kept.inviteCode : undefined
  const channelId = kept.channelId !== undefined && LINK_VALUE.test(kept.channelId) ? kept.channelId : undefined
  if (inviteCode === undefined && channelId === undefined) return null
  return { ...(inviteCode === undefined ? {} : { inviteCode }), ...(channelId === undefined ? {} : { channelId }) }
}

/** Whose buried config a visitor's link asks for (screens §3 idxType): the channel 1, else the parent agent 2. */
export const pointsRequestOf = (info: PromoterInfo): { readonly idx: string; readonly idxType: 1 | 2 } | null => {
  const link = linkOf(info)
  return link === null ? null : link.kind === 'cid' ? { idx: link.value, idxType: 1 } : { idx: link.value, idxType: 2 }
}

/** The kind of a configured point (category 1 Google: type 1 gtag, 2 GTM; 2 Facebook; 3 Kwai; 4 TikTok). */
export const pixelKindOf = (p: BuriedPoint): PixelKind =>
  p.category === 1 ? (p.type === 2 ? 'gtm' : 'gtag') : p.category === 2 ? 'facebook' : p.category === 3 ? 'kwai' : 'tiktok'

/** The id the entry query gives a kind (screens §2 root keys), which wins over the config's gid. */
export const queryIdOf = (info: PromoterInfo, kind: PixelKind): string | undefined => {
  switch (kind) {
    case 'gtag':
      return info.gtagId
    case 'gtm':
      return info.gtmId
    case 'facebook':
      return info.fb_dynamic_pixel
    case 'kwai':
      return info.kwaiPixelBaseCode ?? info.pixel_id
    case 'tiktok':
      return info.tiktokBaesCode
  }
}

/**
 * The pixels to load: only the kinds the buried config names ("only as configured"), each with
 * the id the entry query gives it, else the config's gid; once per kind and id, in the config's order.
 */
export const pixelsOf = (info: PromoterInfo, points: ReadonlyArray<BuriedPoint>): ReadonlyArray<Pixel> => {
  const out: Pixel[] = []
  for (const p of points) {
    const kind = pixelKindOf(p)
    const id = queryIdOf(info, kind) ?? p.gid.trim()
    if (id === '' || out.some((x) => x.kind === kind && x.id === id)) continue
    out.push({ kind, id })
  }
  return out
}

// The arrival actor ---------------------------------------------------------------------------

export type PromotionEvent =
  | EventOfType<'promotion.arrived'>
  | EventOfType<'session.loggedIn'>
  | EventOfType<'promotion.invitationLoaded'>
  | EventOfType<'site.ready'>
  | EventOfType<'hall.responded'>
  | EventOfType<'hall.failed'>
export type PromotionEmitted = EventOfType<'hall.requested'> | EventOfType<'promotion.pixelsChosen'> | EventOfType<'promotion.invitationKept'>

export interface PromotionContext {
  readonly requests: Requests<'points' | 'self'>
  /** The arrival was handled (reported, its config asked): once per page. */
  readonly done: boolean
  readonly arrival: EventOfType<'promotion.arrived'> | null
  readonly siteReady: boolean
  /**
   * The invitation a registration names: this page's arrival's, else the one kept on the device
   * by an earlier arrival; null when neither.
   */
  readonly invitation: Invitation | null
  /** The player whose own buried config was asked on this page (idxType 3), or null. */
  readonly selfAsked: string | null
}

export const initialPromotion: PromotionContext = { requests: noRequests, done: false, arrival: null, siteReady: false, invitation: null, selfAsked: null }

/**
 * The buried config of a signed-in player's own id (screens §3 idxType 3: idx and uid the player's
 * id), once per player and page: a guest (trial account) or a sign-in without an id asks nothing.
 */
export const selfPointsRequestOf = (
  e: Pick<EventOfType<'session.loggedIn'>, 'real' | 'playerId'>,
  asked: string | null,
): { readonly idx: string; readonly idxType: 3; readonly uid: string } | null =>
  !e.real || e.playerId === undefined || e.playerId === '' || e.playerId === asked ? null : { idx: e.playerId, idxType: 3, uid: e.playerId }

/** The invitation a registration on this page names (screens §2 root id, cid), or null. */
export const selectInvitation = (s: { readonly context: PromotionContext }): Invitation | null => s.context.invitation

// The promote-game page (screens §4) ------------------------------------------------------------

/** The self-operated game a promote-game address names (?SelfOperatedGameId=), or null. */
export const promoteGameIdOf = (url: string): number | null => {
  const v = new URL(url, 'http://lobby.invalid').searchParams.get('SelfOperatedGameId')
  const id = Number(v)
  return v !== null && /^\d{1,12}$/.test(v) && Number.isSafeInteger(id) && id > 0 ? id : null
}

/** Whether the address is the promote-game page. */
export const isPromoteGame = (url: string): boolean => /^\/promote-game\/?$/.test(new URL(url, 'http://lobby.invalid').pathname)

/** The demo launch of the promote-game page (calls §7.8: self-operated platform, demo user type). */
export const promoteLaunch = (gameId: number) =>
  ({ gameid: gameId, platfromid: SELF_OPERATED_PLATFORM, user_type: 'demo', os_type: 3, gameMode: 0, promoteInfo: '{}' }) as const

/**
 * The demo game address (as the games runner builds one, without session key or userkey): the
 * answer's address resolved against the hall's origin, with gameId, route, lang and try.
 */
export const demoAddressOf = (o: { readonly base: string; readonly origin: string; readonly gameId: number; readonly lang: string; readonly username: string }): string => {
  const url = new URL(o.base, o.origin)
  url.searchParams.set('gameId', String(o.gameId))
  url.searchParams.set('route', '/home/game')
  url.searchParams.set('lang', o.lang)
  url.searchParams.set('try', o.username === '' ? 'demo' : o.username)
  return url.toString()
}

export type PromoteGameEvent =
  | EventOfType<'app.started'>
  | EventOfType<'site.ready'>
  | EventOfType<'session.loggedIn'>
  | EventOfType<'session.authPromptNeeded'>
  | EventOfType<'hall.responded'>
  | EventOfType<'hall.failed'>
export type PromoteGameEmitted = EventOfType<'hall.requested'> | EventOfType<'promotion.gameOpened'>

/**
 * Where the promote-game page stands: off (another page), waiting for the session, needing a
 * guest (the view asks for the trial account), launching, opened (the page is being replaced),
 * or to root (the view navigates there).
 */
export type PromoteGameStatus = 'off' | 'waiting' | 'needsGuest' | 'launching' | 'opened' | 'toRoot'

export interface PromoteGameContext {
  readonly status: PromoteGameStatus
  readonly requests: Requests<'launch'>
  /** The game the address names (null: none, or not the promote-game page). */
  readonly gameId: number | null
  readonly origin: string
  readonly language: string
  readonly username: string
}

export const initialPromoteGame: PromoteGameContext = { status: 'off', requests: noRequests, gameId: null, origin: '', language: 'en_US', username: '' }
