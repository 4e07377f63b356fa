import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AUTH_POPUPS, byPriority, CLOSE_DELAY_MS, outranks, type PopupsEvent } from '../../../../actors/popups'
import { close, loggedIn, open, siteReady, startPopups, tokenExpired } from './support'
import type { PopupId } from '../../../../schemas/events/popup'

const POPUPS: ReadonlyArray<PopupId> = ['login', 'register', 'auth', 'pay', 'task', 'tokenExpired', 'forceChangePwd', 'logoutConfirm', 'downloadApp']

type Step = { readonly kind: 'event'; readonly event: PopupsEvent } | { readonly kind: 'delay'; readonly ms: number }

const event = (e: PopupsEvent): Step => ({ kind: 'event', event: e })

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...POPUPS).map((p) => event(open(p))) },
  { weight: 3, arbitrary: fc.constantFrom(...POPUPS).map((p) => event(close(p))) },
  { weight: 3, arbitrary: fc.constant(event(tokenExpired)) },
  {
    weight: 3,
    arbitrary: fc.constantFrom<PopupsEvent>(
      { type: 'session.expiredAcknowledged' },
      { type: 'session.logoutRequested' },
      { type: 'session.logoutConfirmed' },
      { type: 'session.logoutCancelled' },
      { type: 'session.authPromptNeeded', mode: 'login' },
      { type: 'session.loggedOut', reason: 'logout' },
      loggedIn(),
      loggedIn({ mustChangePassword: true }),
      loggedIn({ real: false }),
      siteReady('desktop'),
      siteReady('mobile'),
    ).map(event),
  },
  { weight: 3, arbitrary: fc.constantFrom(1, 50, CLOSE_DELAY_MS - 1, CLOSE_DELAY_MS, 250).map((ms): Step => ({ kind: 'delay', ms })) },
)

describe('popups actor properties', () => {
  it('for any sequence of open, close and token-expired events: never two shown at once, token-expired never queued twice', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const p = startPopups()
        // The popup the notices say is shown (popup.shown), as a view would track it.
        let announced: PopupId | null = null
        for (const s of steps) {
          if (s.kind === 'delay') p.clock.increment(s.ms)
          else p.send(s.event)
          for (const e of p.drain()) {
            if (e.type !== 'popup.shown') continue
            const next = e['popup'] as PopupId | null
            // A new popup is announced only when none is shown, or as a sign-in tab switch.
            if (next !== null && announced !== null) {
              expect(AUTH_POPUPS.includes(next) && AUTH_POPUPS.includes(announced)).toBe(true)
            }
            announced = next
          }

          const snap = p.snapshot()
          const { queue, current } = snap.context
          const value = snap.value as string
          const openEntry = value === 'open' ? current : null
          // The notices and the state agree on what is shown.
          expect(announced).toBe(openEntry?.id ?? null)
          // Phase and slot agree: waiting has nothing in the slot; open and closing do.
          expect(current === null).toBe(value === 'waiting')
          // Nothing open or queued twice; the token-expired modal at most once.
          const ids = [...(openEntry === null ? [] : [openEntry.id]), ...queue.map((e) => e.id)]
          expect(new Set(ids).size).toBe(ids.length)
          expect(ids.filter((id) => id === 'tokenExpired').length).toBeLessThanOrEqual(1)
          expect(queue.filter((e) => e.id === 'tokenExpired').length).toBeLessThanOrEqual(1)
          // At most one sign-in popup at a time.
          expect(ids.filter((id) => AUTH_POPUPS.includes(id)).length).toBeLessThanOrEqual(1)
          // The queue is in the comparator's order, and nothing waiting outranks the open popup.
          expect([...queue].sort(byPriority)).toEqual(queue)
          const head = queue[0]
          if (openEntry !== null && head !== undefined) expect(outranks(head.id, openEntry.id)).toBe(false)
          // Once the site is ready nothing waits while the slot is free.
          if (snap.context.siteReady && value === 'waiting') expect(queue).toEqual([])
        }
      }),
      { numRuns: 500 },
    )
  })
})
