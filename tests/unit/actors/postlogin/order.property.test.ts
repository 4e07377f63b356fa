import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CLOSE_DELAY_MS, RANKED_POPUPS, SESSION_POPUPS, rankOf, type PopupsEvent } from '../../../../actors/popups'
import type { PopupId } from '../../../../schemas/events/popup'
import { siteReady, startPopups } from '../popups/support'

/**
 * The display order of the post-login popups (screens §4 after login): for any set of pending
 * popups and any order of their triggers, they show in the spec's order (token expired, forced
 * password change, forced bind, forced pop-ups, recharge, new benefits, then the rest in arrival
 * order), one at a time.
 */

const POPUPS: ReadonlyArray<PopupId> = [...RANKED_POPUPS, 'downloadApp', 'pay', 'logoutConfirm']

/** The trigger of each popup, as its real source sends it. */
const trigger = (popup: PopupId, i: number): PopupsEvent => {
  switch (popup) {
    case 'tokenExpired':
      return { type: 'session.tokenExpired' }
    case 'forceChangePwd':
      return { type: 'session.loggedIn', mode: 'normal', username: 'p', accountType: 0, real: true, mustChangePassword: true }
    case 'forcePopup':
      return { type: 'framebox.popupRequested', popup, props: { frame: i } }
    case 'logoutConfirm':
      return { type: 'session.logoutRequested' }
    case 'pay':
      return { type: 'popup.openRequested', popup }
    default:
      return { type: 'postlogin.popupRequested', popup, props: {} }
  }
}

/** How the player (or the sequence) ends each popup. */
const ender = (popup: PopupId): PopupsEvent => {
  switch (popup) {
    case 'tokenExpired':
      return { type: 'session.expiredAcknowledged' }
    case 'forceChangePwd':
      return { type: 'session.loggedIn', mode: 'normal', username: 'p', accountType: 0, real: true, mustChangePassword: false }
    case 'forceBind':
      return { type: 'postlogin.popupDismissed', popup }
    case 'logoutConfirm':
      return { type: 'session.logoutCancelled' }
    default:
      return { type: 'popup.closeRequested', popup }
  }
}

/** Arrival order among unranked popups: stable sort by rank of the arrival order. */
const specOrder = (arrivals: ReadonlyArray<PopupId>): PopupId[] =>
  arrivals
    .map((p, i) => ({ p, i }))
    // The token expiry ends the session: the session's popups asked for before it go with it.
    .filter(({ p, i }) => !(SESSION_POPUPS.includes(p) && arrivals.indexOf('tokenExpired') > i)).sort((a, b) => rankOf(a.p) - rankOf(b.p) || a.i - b.i).map((x) => x.p)

const pending = fc.uniqueArray(fc.constantFrom(...POPUPS), { minLength: 1, maxLength: POPUPS.length }).chain((set) => fc.shuffledSubarray(set, { minLength: set.length, maxLength: set.length }))

describe('post-login display order', () => {
  it('for any set of pending popups and any order of their triggers: the spec order, never two at once', () => {
    fc.assert(
      fc.property(pending, fc.boolean(), (arrivals, readyFirst) => {
        const p = startPopups()
        if (readyFirst) {
          // Triggers land while the queue waits for nothing but a close: the first is shown at once.
          p.send(siteReady())
        }
        arrivals.forEach((popup, i) => p.send(trigger(popup, i)))
        if (!readyFirst) p.send(siteReady())
        const shown: PopupId[] = []
        let onScreen: PopupId | null = null
        const watch = () => {
          for (const e of p.drain()) {
            if (e.type !== 'popup.shown') continue
            const next = (e as unknown as { popup: PopupId | null }).popup
            // Never two at once: a popup shows only after the one before was hidden.
            if (next !== null) expect(onScreen).toBeNull()
            onScreen = next
            if (next !== null) shown.push(next)
          }
        }
        watch()
        // A popup sent back is still closing: let it finish before ending the one that shows next.
        p.clock.increment(CLOSE_DELAY_MS)
        watch()
        for (let guard = 0; guard < 3 * POPUPS.length && p.snapshot().matches('open'); guard++) {
          const current = p.snapshot().context.current
          if (current === null) break
          p.send(ender(current.id))
          p.clock.increment(CLOSE_DELAY_MS)
          watch()
        }
        // Pending before the site was ready: exactly the spec's order. Ready first: the first
        // trigger shows at once; the first that outranks it sends it back, and it shows again at
        // its place (unless the token expiry ended it with the session).
        const order = specOrder(arrivals)
        const first = arrivals[0]
        if (!readyFirst || first === undefined || order[0] === first) expect(shown).toEqual(order)
        else expect(shown).toEqual([first, ...order])
        expect(p.snapshot().context.queue).toEqual([])
      }),
      { numRuns: 400 },
    )
  })
})
