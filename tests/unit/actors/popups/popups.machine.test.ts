import { describe, expect, it } from 'vitest'
import {
  CLOSE_DELAY_MS,
  selectPopupClosable,
  selectPopupPhase,
  selectPopupProps,
  selectQueuedPopups,
  selectShownPopup,
  selectShowsCloseButton,
} from '../../../../actors/popups'
import { close, loggedIn, open, siteReady, startPopups, tokenExpired } from './support'

const shown = (popup: string | null) => ({ type: 'popup.shown', popup })
const closed = (popup: string) => ({ type: 'popup.closed', popup })

describe('popups actor: waiting, open, closing', () => {
  it('keeps a popup waiting, unrendered, until the site is ready', () => {
    const p = startPopups()
    p.send(open('login'))
    expect(p.snapshot().value).toBe('waiting')
    expect(selectShownPopup(p.snapshot())).toBe('login')
    expect(selectPopupPhase(p.snapshot())).toBe('waiting')
    expect(p.drain()).toEqual([])

    p.send(siteReady())
    expect(p.snapshot().value).toBe('open')
    expect(selectPopupPhase(p.snapshot())).toBe('open')
    expect(p.drain()).toEqual([shown('login')])
  })

  it('has no popup in front and no phase when nothing was asked for', () => {
    const p = startPopups()
    p.send(siteReady())
    expect(selectShownPopup(p.snapshot())).toBeNull()
    expect(selectPopupPhase(p.snapshot())).toBeNull()
    expect(selectPopupClosable(p.snapshot())).toBe(false)
    expect(selectShowsCloseButton(p.snapshot())).toBe(false)
  })

  it('hides on close, announces the close 100 ms later, then resets the content', () => {
    const p = startPopups()
    p.send(siteReady(), open('pay', { amount: 10 }))
    p.drain()
    p.send(close('pay'))
    expect(selectPopupPhase(p.snapshot())).toBe('closing')
    // The content stays while it is hidden.
    expect(selectPopupProps(p.snapshot())).toEqual({ amount: 10 })
    expect(p.drain()).toEqual([shown(null)])

    p.clock.increment(CLOSE_DELAY_MS - 1)
    expect(selectPopupPhase(p.snapshot())).toBe('closing')
    expect(p.drain()).toEqual([])

    p.clock.increment(1)
    expect(p.drain()).toEqual([closed('pay')])
    expect(p.snapshot().value).toBe('waiting')
    expect(selectShownPopup(p.snapshot())).toBeNull()
    expect(selectPopupProps(p.snapshot())).toEqual({})
  })

  it('shows the next popup in arrival order once the one before has closed', () => {
    const p = startPopups()
    p.send(siteReady(), open('pay'), open('feedback'), open('task'))
    expect(selectShownPopup(p.snapshot())).toBe('pay')
    expect(selectQueuedPopups(p.snapshot())).toEqual(['feedback', 'task'])
    p.drain()

    p.send(close('pay'))
    p.clock.increment(CLOSE_DELAY_MS)
    expect(p.drain()).toEqual([shown(null), closed('pay'), shown('feedback')])
    expect(selectQueuedPopups(p.snapshot())).toEqual(['task'])
  })

  it('does not queue a popup twice', () => {
    const p = startPopups()
    p.send(siteReady(), open('pay'), open('pay'), open('task'), open('task'), open('pay'))
    expect(selectShownPopup(p.snapshot())).toBe('pay')
    expect(selectQueuedPopups(p.snapshot())).toEqual(['task'])
  })

  it('may ask again for a popup that is closing: it comes back after the close', () => {
    const p = startPopups()
    p.send(siteReady(), open('pay'), close('pay'), open('pay'))
    expect(selectPopupPhase(p.snapshot())).toBe('closing')
    p.clock.increment(CLOSE_DELAY_MS)
    expect(selectShownPopup(p.snapshot())).toBe('pay')
    expect(selectPopupPhase(p.snapshot())).toBe('open')
  })

  it('closing a queued popup takes it out of the queue; closing one not asked for does nothing', () => {
    const p = startPopups()
    p.send(siteReady(), open('pay'), open('task'), close('task'), close('feedback'))
    expect(selectPopupPhase(p.snapshot())).toBe('open')
    expect(selectQueuedPopups(p.snapshot())).toEqual([])
  })

  it('passes the opener props to the popup', () => {
    const p = startPopups()
    p.send(siteReady(), open('auth', { key: 'regedit', mode: 'thirdWay' }))
    expect(selectPopupProps(p.snapshot())).toEqual({ key: 'regedit', mode: 'thirdWay' })
  })
})

describe('popups actor: the token-expired modal', () => {
  it('is shown exactly once however often the expiry is announced while it is open or queued', () => {
    const p = startPopups()
    p.send(tokenExpired, tokenExpired, siteReady(), tokenExpired, tokenExpired)
    expect(selectShownPopup(p.snapshot())).toBe('tokenExpired')
    expect(selectQueuedPopups(p.snapshot())).toEqual([])
    expect(p.drain()).toEqual([shown('tokenExpired')])

    p.send({ type: 'session.expiredAcknowledged' })
    p.clock.increment(CLOSE_DELAY_MS)
    expect(p.drain()).toEqual([shown(null), closed('tokenExpired')])
    expect(selectShownPopup(p.snapshot())).toBeNull()
  })

  it('comes before anything else: the open popup steps back into the queue and returns after', () => {
    const p = startPopups()
    p.send(siteReady(), open('pay'), open('task'))
    p.drain()
    p.send(tokenExpired)
    expect(selectPopupPhase(p.snapshot())).toBe('closing')
    p.clock.increment(CLOSE_DELAY_MS)
    expect(p.drain()).toEqual([shown(null), closed('pay'), shown('tokenExpired')])
    expect(selectQueuedPopups(p.snapshot())).toEqual(['pay', 'task'])

    p.send({ type: 'session.expiredAcknowledged' })
    p.clock.increment(CLOSE_DELAY_MS)
    expect(selectShownPopup(p.snapshot())).toBe('pay')
  })

  it('cannot be dismissed by the close button or Escape, and shows no close button', () => {
    const p = startPopups()
    p.send(siteReady(), tokenExpired, close('tokenExpired'))
    expect(selectPopupPhase(p.snapshot())).toBe('open')
    expect(selectPopupClosable(p.snapshot())).toBe(false)
    expect(selectShowsCloseButton(p.snapshot())).toBe(false)
  })

  it('drops the logout confirm and the forced password change: the session is over', () => {
    const p = startPopups()
    p.send(siteReady(), { type: 'session.logoutRequested' }, loggedIn({ mustChangePassword: true }))
    expect(selectShownPopup(p.snapshot())).toBe('logoutConfirm')
    p.send(tokenExpired)
    p.clock.increment(CLOSE_DELAY_MS)
    expect(selectShownPopup(p.snapshot())).toBe('tokenExpired')
    expect(selectQueuedPopups(p.snapshot())).toEqual([])
  })
})

describe('popups actor: sign-in', () => {
  it('opens login or register when the session asks a visitor to sign in', () => {
    const p = startPopups()
    p.send(siteReady(), { type: 'session.authPromptNeeded', mode: 'register' })
    expect(selectShownPopup(p.snapshot())).toBe('register')
  })

  it('a third-party login that found no account opens registration in thirdWay mode with what it found', () => {
    const p = startPopups()
    const thirdWay = { email: 'p@example.com', id: 'g-1', accessToken: 'tok', requesterType: 2, newUsername: 'p1', newPassword: 'pw' }
    p.send(siteReady(), { type: 'session.authPromptNeeded', mode: 'register', thirdWay })
    expect(selectShownPopup(p.snapshot())).toBe('register')
    expect(selectPopupProps(p.snapshot())).toEqual({ mode: 'thirdWay', thirdWay })
  })

  it('opens login as the guide to log in when a private route is refused', () => {
    const p = startPopups()
    p.send(siteReady(), { type: 'nav.guardBlocked', name: 'vip' })
    expect(selectShownPopup(p.snapshot())).toBe('login')
    expect(selectPopupProps(p.snapshot())).toEqual({ guide: true, route: 'vip' })
  })

  it('switches between the login and register tabs in place, without closing', () => {
    const p = startPopups()
    p.send(siteReady(), open('login'))
    p.drain()
    p.send(open('register'))
    expect(selectPopupPhase(p.snapshot())).toBe('open')
    expect(selectShownPopup(p.snapshot())).toBe('register')
    expect(p.drain()).toEqual([shown('register')])
  })

  it('a queued sign-in popup is switched in place too, keeping its turn', () => {
    const p = startPopups()
    p.send(siteReady(), open('pay'), open('login'), open('task'), open('register'))
    expect(selectQueuedPopups(p.snapshot())).toEqual(['register', 'task'])
  })

  it('a switched sign-in popup keeps its turn when an urgent popup sends it back', () => {
    const p = startPopups()
    p.send(siteReady(), open('login'), open('pay'), open('register'), tokenExpired)
    p.clock.increment(CLOSE_DELAY_MS)
    expect(selectQueuedPopups(p.snapshot())).toEqual(['register', 'pay'])
  })

  it('closes the sign-in popups on a real login', () => {
    const p = startPopups()
    p.send(siteReady(), open('login'))
    p.send(loggedIn())
    expect(selectPopupPhase(p.snapshot())).toBe('closing')
    p.clock.increment(CLOSE_DELAY_MS)
    expect(selectShownPopup(p.snapshot())).toBeNull()
  })

  it('leaves a sign-in popup open on a guest (trial) login', () => {
    const p = startPopups()
    p.send(siteReady(), open('login'), loggedIn({ real: false }))
    expect(selectPopupPhase(p.snapshot())).toBe('open')
    expect(selectShownPopup(p.snapshot())).toBe('login')
  })

  it('shows the forced password change first after a login that must change it', () => {
    const p = startPopups()
    p.send(siteReady(), open('login'), open('pay'))
    p.drain()
    p.send(loggedIn({ mustChangePassword: true }))
    p.clock.increment(CLOSE_DELAY_MS)
    expect(p.drain()).toEqual([shown(null), closed('login'), shown('forceChangePwd')])
    expect(selectQueuedPopups(p.snapshot())).toEqual(['pay'])
    // It is forced: no close button, no Escape.
    p.send(close('forceChangePwd'))
    expect(selectPopupPhase(p.snapshot())).toBe('open')
    expect(selectShowsCloseButton(p.snapshot())).toBe(false)

    // Changed: the session announces the login again without the flag.
    p.send(loggedIn())
    p.clock.increment(CLOSE_DELAY_MS)
    expect(selectShownPopup(p.snapshot())).toBe('pay')
  })

  it('the forced password change steps in front of an open popup', () => {
    const p = startPopups()
    p.send(siteReady(), open('downloadApp'), loggedIn({ mustChangePassword: true }))
    p.clock.increment(CLOSE_DELAY_MS)
    expect(selectShownPopup(p.snapshot())).toBe('forceChangePwd')
    expect(selectQueuedPopups(p.snapshot())).toEqual(['downloadApp'])
  })

  it('the forced password change goes when the session ends', () => {
    const p = startPopups()
    p.send(siteReady(), loggedIn({ mustChangePassword: true }), { type: 'session.loggedOut', reason: 'logout' })
    p.clock.increment(CLOSE_DELAY_MS)
    expect(selectShownPopup(p.snapshot())).toBeNull()
  })
})

describe('popups actor: logout confirm', () => {
  it.each([['session.logoutConfirmed'], ['session.logoutCancelled']] as const)('opens on a logout request and closes on %s', (answer) => {
    const p = startPopups()
    p.send(siteReady(), { type: 'session.logoutRequested' })
    expect(selectShownPopup(p.snapshot())).toBe('logoutConfirm')
    p.send({ type: answer })
    expect(selectPopupPhase(p.snapshot())).toBe('closing')
    p.clock.increment(CLOSE_DELAY_MS)
    expect(selectShownPopup(p.snapshot())).toBeNull()
  })
})

describe('popups actor: the close button (spec §2)', () => {
  it('shows on desktop, hides on mobile and on full-screen popups', () => {
    const desktop = startPopups()
    desktop.send(siteReady('desktop'), open('pay'))
    expect(selectShowsCloseButton(desktop.snapshot())).toBe(true)
    expect(selectPopupClosable(desktop.snapshot())).toBe(true)

    const mobile = startPopups()
    mobile.send(siteReady('mobile'), open('pay'))
    expect(selectShowsCloseButton(mobile.snapshot())).toBe(false)
    expect(selectPopupClosable(mobile.snapshot())).toBe(true)

    const full = startPopups()
    full.send(siteReady('desktop'), open('iframePopup', { fullScreen: true }))
    expect(selectShowsCloseButton(full.snapshot())).toBe(false)
  })
})
