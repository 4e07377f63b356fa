import { setup } from 'xstate'
import { commandActor } from '../../actors/kit'
import type { EventOfType } from '../../schemas/events'
import { withdrawCash } from '../../schemas/hall/calls/withdraw'
import type { ConcealedRequestOf } from '../../schemas/hall/call'
import { secret, type Secret } from '../../schemas/secret'

/*
 * What an actor may do with a secret a person typed, checked by `npm run typecheck` (tests are part
 * of the project). Each `@ts-expect-error` line is an actor reading a code, a password or a PIN:
 * it must not compile, and if it ever compiles the directive itself is the error.
 */

type Bind = EventOfType<'postlogin.bindSubmitted'>
type Phone = EventOfType<'games.phoneSubmitted'>
type Login = EventOfType<'session.loginSubmitted'>

// A guard that checks a code's format.
setup({ types: { events: {} as Bind | Phone } }).createMachine({
  on: {
    'postlogin.bindSubmitted': {
      // @ts-expect-error a Secret is not a string: its length cannot be read
      guard: ({ event }) => event.code.length === 4,
    },
    'games.phoneSubmitted': {
      // @ts-expect-error a Secret cannot be tested against a pattern
      guard: ({ event }) => /^\d{4}$/.test(event.code),
    },
  },
})

// Comparing a password with text, or reading its characters.
export const samePassword = (e: Login): boolean =>
  // @ts-expect-error a Secret and a string have nothing in common to compare
  e.password === 'secret123'
// @ts-expect-error a Secret has no string methods
export const startsWithDigit = (e: Login): boolean => e.password.startsWith('1')
// @ts-expect-error nor can it be passed where a string is read
export const trimmed = (e: Phone): string => e.code.trim()

// A command's `validate` that reads the withdraw PIN.
commandActor({
  id: 'withdrawCash',
  call: withdrawCash,
  audience: 'real',
  // @ts-expect-error the request's withdraw_pass is a Secret to the command
  validate: (p) => (/^\d{6}$/.test(p.withdraw_pass) ? null : 'errors.pinDigits'),
  select: (d) => d,
})

// What an actor may do: read the fields that are not secret, and carry a secret into a request.
commandActor({
  id: 'withdrawCash',
  call: withdrawCash,
  audience: 'real',
  validate: (p) => (p.amount.trim() === '' ? 'errors.badAmount' : null),
  select: (d) => d,
})
export const carried = (p: ConcealedRequestOf<typeof withdrawCash>): Secret => p.withdraw_pass
export const wrapped: Secret = secret('123456')
// @ts-expect-error text is not a Secret: an actor's event or request gets one from the bus
export const notWrapped: Secret = '123456'
