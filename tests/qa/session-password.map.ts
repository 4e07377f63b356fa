import type { Page } from 'playwright-core'
import { sessionMachine } from '../../actors/session'
import { SESSION_CALLS } from '../../actors/session/session.logic'
import type { LobbyEvent } from '../../schemas/events'
import { user } from '../unit/actors/session/support'
import { defineMap } from './map'
import sessionMap, { logIn, opening } from './session.map'

const popup = (p: Page) => p.getByRole('dialog', { name: 'Change your password' })

type Ctx = { requests: { count: number; awaiting: Record<string, string> }; user: { change_password?: number } | null }

/**
 * The sign-in of a player the operator asks to change the password (actor session): after the
 * login the forced "Change your password" popup (no close button) asks the current password and a
 * new one; the hall changes it (the popup closes), or refuses (the popup says so and stays).
 */
export default defineMap({
  name: 'session-password',
  actor: 'session',
  machine: sessionMachine,
  player: { change_password: 1 },
  events: (s) => {
    const c = s.context as unknown as Ctx
    const value = s.value as unknown
    if (value === 'starting') {
      const started = s.context as unknown as { started: unknown; stored: unknown; site: unknown }
      return [started.started === null ? opening[0]! : null, started.stored === null ? opening[1]! : null, started.site === null ? opening[2]! : null].filter((e) => e !== null) as never
    }
    const id = Object.values(c.requests.awaiting)[0]
    const out: LobbyEvent[] = []
    if (value === 'visitor' && c.requests.count < 1) out.push({ type: 'session.loginSubmitted', username: 'player01', password: 'secret123' } as unknown as LobbyEvent)
    if (value === 'signingIn' && id !== undefined) out.push({ type: 'hall.responded', requestId: id, call: SESSION_CALLS.login, data: user({ change_password: 1 }) })
    const idle = typeof value === 'object' && value !== null && (value as { signedIn?: string }).signedIn === 'idle'
    if (idle && c.user?.change_password === 1 && c.requests.count < 3) out.push({ type: 'session.passwordChangeSubmitted', oldPassword: 'secret123', newPassword: 'better456' } as unknown as LobbyEvent)
    if (typeof value === 'object' && value !== null && (value as { signedIn?: string }).signedIn === 'changingPassword' && id !== undefined) {
      out.push({ type: 'hall.responded', requestId: id, call: SESSION_CALLS.changePassword, data: { change_password: 0, userkey: 'uk-changed' } })
      out.push({ type: 'hall.failed', requestId: id, call: SESSION_CALLS.changePassword, error: { _tag: 'ServiceCode', code: 1011, msg: 'the current password is wrong' } })
    }
    return out as never
  },
  opening: sessionMap.opening ?? [],
  does: {
    'session.loginSubmitted': logIn,
    'session.passwordChangeSubmitted': {
      say: "type the current password and better456 twice in the 'Change your password' popup, press Change password",
      run: async ({ page, player }) => {
        await popup(page).getByLabel('Current password').fill(player.password)
        await popup(page).getByLabel('New password', { exact: true }).fill('better456')
        await popup(page).getByLabel('Confirm new password').fill('better456')
        await popup(page).getByRole('button', { name: 'Change password' }).click()
      },
    },
  },
  hall: {
    'hall.failed': {
      say: 'the hall refuses /user/forcechangepassword (code 1011)',
      run: async ({ control }) => void (await control('force', { path: '/user/forcechangepassword', code: 1011, msg: 'the current password is wrong', times: 1 })),
    },
  },
  auto: ['hall.responded'],
  shows: {
    visitor: sessionMap.shows['visitor']!,
    signingIn: sessionMap.shows['signingIn']!,
    'signedIn.idle': { say: "the header's balance, under the 'Change your password' popup until it is changed", find: (p) => p.getByRole('banner').getByRole('group', { name: 'Balance' }) },
    'signedIn.changingPassword': { say: 'the popup busy', find: (p) => popup(p), passing: true },
  },
  unreachable: sessionMap.unreachable ?? {},
  notMapped: {
    ...Object.fromEntries(Object.entries(sessionMap.notMapped ?? {}).filter(([k]) => k !== 'signedIn.changingPassword')),
    registering: 'the Sign up tab: the session map drives it (tests/qa/session.map.ts)',
    registeredFastLogin: 'the sign-in after a Sign up: the session map drives it',
    loggingOut: 'the logout: the session map drives it',
  },
})
