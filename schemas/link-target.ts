import { categoryTarget } from './categories'
import type { RouteName } from './routes'

/**
 * The one link-type router of the lobby: where an operator's link leads, by the spec's location
 * types (screens §9, calls enumerations: none 1, external url 2, event 3, task 4, recharge 5,
 * cashback 6, promote 7, vip 8, club 9, yuebao 10). A pop-up frame's link, a banner's and a task's
 * 'go' (when its task type does not decide) all follow it; views carry the target out
 * (`nav.requested` by route name, a global popup, a new window).
 */
export const LocationType = {
  none: 1, url: 2, event: 3, task: 4, recharge: 5, cashback: 6, promote: 7, vip: 8, club: 9, yuebao: 10,
} as const

/** An operator's link: its location type and value, and for an event its template. */
export interface LocationLink {
  readonly location_type: number
  readonly location_value: string
  /** An event's template (with location_value its id); a link without one opens the event list. */
  readonly location_template?: string | undefined
}

/** Where a link leads. */
export type LinkTarget =
  | { readonly kind: 'none' }
  | { readonly kind: 'url'; readonly url: string }
  | { readonly kind: 'route'; readonly name: RouteName; readonly params?: Readonly<Record<string, string>>; readonly query?: Readonly<Record<string, string>> }
  | { readonly kind: 'popup'; readonly popup: 'pay' | 'register' }

/** The club category of the game menu (spec §2: club 9). */
const CLUB_CATEGORY = 9

const route = (name: RouteName, more: { params?: Readonly<Record<string, string>>; query?: Readonly<Record<string, string>> } = {}): LinkTarget => ({ kind: 'route', name, ...more })

/**
 * Where a link leads. A trial (guest) player following anything but an event (or a link to
 * nowhere) is asked to register instead (screens §3 pop-up frame). An external address is http(s)
 * only; an event with its id and template opens that event, without them the event list; a club
 * link opens the club category, which offers the club and its app (spec §2: club needs the app).
 */
export const linkTarget = (link: LocationLink, o: { readonly trial: boolean }): LinkTarget => {
  if (link.location_type === LocationType.none) return { kind: 'none' }
  if (o.trial && link.location_type !== LocationType.event) return { kind: 'popup', popup: 'register' }
  switch (link.location_type) {
    case LocationType.url:
      return /^https?:\/\//.test(link.location_value) ? { kind: 'url', url: link.location_value } : { kind: 'none' }
    case LocationType.event: {
      const template = link.location_template ?? ''
      return link.location_value !== '' && template !== ''
        ? route('eventDetail', { params: { template, eventId: link.location_value } })
        : route('eventIndex')
    }
    case LocationType.task:
      return route('eventTask')
    case LocationType.recharge:
      return { kind: 'popup', popup: 'pay' }
    case LocationType.cashback:
      return route('eventCashback')
    case LocationType.promote:
      return route('promote')
    case LocationType.vip:
      return route('vip')
    case LocationType.club: {
      const club = categoryTarget(CLUB_CATEGORY, false)
      return route(club.name, { query: club.query })
    }
    case LocationType.yuebao:
      return route('yuebao')
    default:
      return { kind: 'none' }
  }
}
