/**
 * The binding of an e-wallet or a wallet app (withdraw page, tab ewallet): the withdraw password
 * is verified first (verifyWithdrawPass), and the binding goes with the ticket it answered
 * (bindalipay for an e-wallet, binduserwallet for a wallet app). A flow machine run by the view
 * (not a bus actor): it asks for commands by emitting them, and hears their outcomes as events;
 * `connectWalletBind` turns its state into what the view draws.
 */
import { assign, emit, setup, type SnapshotFrom } from 'xstate'
import { LIMITS } from '../../schemas/validation'
import type { WalletBinding } from './withdraw'

/** The withdraw password: its digits, as the verification's own check wants them (src/ui/validation.ts PIN_PATTERN). */
const PIN = new RegExp(`^\\d{${LIMITS.paymentPassword}}$`)

export type WalletBindEvent =
  | { readonly type: 'SUBMIT'; readonly binding: WalletBinding; readonly pin: string }
  | { readonly type: 'VERIFIED'; readonly ticket: string }
  | { readonly type: 'VERIFY_FAILED' }
  | { readonly type: 'BOUND' }
  | { readonly type: 'BIND_FAILED' }

/** The commands the flow asks the view to submit. */
export type WalletBindEmitted =
  | { readonly type: 'verifyPin'; readonly withdrawPass: string }
  | { readonly type: 'bind'; readonly kind: WalletBinding['kind']; readonly payload: Omit<WalletBinding, 'kind'> & { readonly verifyToken: string } }

export const walletBindFlow = setup({
  types: {
    context: {} as { readonly pending: WalletBinding | null },
    events: {} as WalletBindEvent,
    emitted: {} as WalletBindEmitted,
  },
  actions: {
    keep: assign({ pending: ({ event }) => (event.type === 'SUBMIT' ? event.binding : null) }),
    askVerify: emit(({ event }): WalletBindEmitted => ({ type: 'verifyPin', withdrawPass: event.type === 'SUBMIT' ? event.pin : '' })),
    askBind: emit(({ context, event }): WalletBindEmitted => {
      const { kind, ...payload } = context.pending ?? { kind: 'ewallet', wallet_code: '', account_no: '', holder: '' }
      return { type: 'bind', kind, payload: { ...payload, verifyToken: event.type === 'VERIFIED' ? event.ticket : '' } }
    }),
    forget: assign({ pending: null }),
  },
  guards: {
    pending: ({ context }) => context.pending !== null,
    /** Six digits: anything else the verification's own check refuses, and nothing is sent. */
    pinLooksRight: ({ event }) => event.type === 'SUBMIT' && PIN.test(event.pin),
  },
}).createMachine({
  id: 'walletBind',
  initial: 'editing',
  context: { pending: null },
  states: {
    /** Typing (again, after a refusal). */
    editing: { on: { SUBMIT: [{ guard: 'pinLooksRight', target: 'verifying', actions: ['keep', 'askVerify'] }, { actions: 'askVerify' }] } },
    /** The withdraw password is being verified. */
    verifying: {
      on: {
        VERIFIED: { guard: 'pending', target: 'binding', actions: 'askBind' },
        VERIFY_FAILED: { target: 'editing', actions: 'forget' },
      },
    },
    /** The binding was sent with the ticket. */
    binding: {
      on: {
        BOUND: { target: 'bound', actions: 'forget' },
        BIND_FAILED: { target: 'editing', actions: 'forget' },
      },
    },
    /** Bound: the form is empty for another one. */
    bound: { on: { SUBMIT: [{ guard: 'pinLooksRight', target: 'verifying', actions: ['keep', 'askVerify'] }, { target: 'editing', actions: 'askVerify' }] } },
  },
})

export type WalletBindState = SnapshotFrom<typeof walletBindFlow>

/** What the view draws of the flow, and what it can do. */
export interface WalletBindProps {
  /** A command of the flow is under way: the submit button waits. */
  readonly busy: boolean
  /** The last binding went through. */
  readonly bound: boolean
  readonly submit: (binding: WalletBinding, pin: string) => void
}

export const connectWalletBind = (state: WalletBindState, send: (e: WalletBindEvent) => void): WalletBindProps => ({
  busy: state.matches('verifying') || state.matches('binding'),
  bound: state.matches('bound'),
  submit: (binding, pin) => send({ type: 'SUBMIT', binding, pin }),
})
