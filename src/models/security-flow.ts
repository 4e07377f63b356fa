/**
 * One change of the security centre (a dialog): the verifications the hall asks for first
 * (securityVerifyModify answers their types), then the change's form with the ticket the
 * verification answered, then its outcome. A verification by a code (types 1 to 5) is the form
 * VerifyByCode (secondVerify); type 6 is the login password in the global verifyUserPassword popup
 * (verifyLoginPass), which the player may close instead. The login password's change, the
 * authenticator's switch and the change of a question that is set need no verification.
 *
 * A flow machine run by the view (not a bus actor): it asks for the types by emitting `askTypes`
 * and hears the commands' outcomes as events; `connectSecurityFlow` turns its state into what the
 * dialog draws.
 */
import { assign, emit, setup, type SnapshotFrom } from 'xstate'
import type { SecurityItem } from '../../schemas/hall/calls/security'
import type { VerifyType } from '../../schemas/hall/calls/common'
import { flowTitle, type Flow } from './security'

export type SecurityFlowEvent =
  | { readonly type: 'START' }
  | { readonly type: 'TYPES'; readonly types: ReadonlyArray<VerifyType> }
  | { readonly type: 'TYPES_FAILED' }
  | { readonly type: 'VERIFIED'; readonly ticket: string }
  | { readonly type: 'PASSWORD_CLOSED' }
  | { readonly type: 'DONE' }

export type SecurityFlowEmitted = { readonly type: 'askTypes'; readonly item: SecurityItem }

export interface SecurityFlowInput {
  readonly flow: Flow
  /** A secret question is set (its change asks the old answer instead of a verification). */
  readonly questionSet: boolean
}

interface Context extends SecurityFlowInput {
  readonly verifyType: VerifyType | null
  readonly ticket: string | null
}

/** The item whose change the hall verifies first, or null for one that needs no verification. */
export const verifiedItem = (flow: Flow, questionSet: boolean): SecurityItem | null =>
  flow.kind === 'switch' || flow.item === 'loginPass' || (flow.item === 'question' && questionSet) ? null : flow.item

export const securityFlow = setup({
  types: {
    context: {} as Context,
    events: {} as SecurityFlowEvent,
    emitted: {} as SecurityFlowEmitted,
    input: {} as SecurityFlowInput,
  },
  actions: {
    askTypes: emit(({ context }): SecurityFlowEmitted => ({ type: 'askTypes', item: verifiedItem(context.flow, context.questionSet) ?? 'phone' })),
    keepType: assign({ verifyType: ({ event }) => (event.type === 'TYPES' ? (event.types[0] ?? null) : null) }),
    keepTicket: assign({ ticket: ({ event }) => (event.type === 'VERIFIED' ? event.ticket : null) }),
  },
  guards: {
    needsTypes: ({ context }) => verifiedItem(context.flow, context.questionSet) !== null,
    noVerification: ({ event }) => event.type === 'TYPES' && event.types[0] === undefined,
    byPassword: ({ event }) => event.type === 'TYPES' && event.types[0] === 6,
  },
}).createMachine({
  id: 'securityFlow',
  initial: 'idle',
  context: ({ input }) => ({ ...input, verifyType: null, ticket: null }),
  states: {
    /** Opened: waits for the view to listen (START). */
    idle: { on: { START: [{ guard: 'needsTypes', target: 'asking', actions: 'askTypes' }, { target: 'form' }] } },
    /** Which verifications the change needs. */
    asking: {
      on: {
        TYPES: [
          { guard: 'noVerification', target: 'form' },
          { guard: 'byPassword', target: 'password', actions: 'keepType' },
          { target: 'code', actions: 'keepType' },
        ],
        TYPES_FAILED: 'failed',
      },
    },
    /** The hall did not say: the dialog says so; closing it ends the change. */
    failed: {},
    /** A verification by a code (VerifyByCode). */
    code: { on: { VERIFIED: { target: 'form', actions: 'keepTicket' } } },
    /** The login password in the global popup; closing the popup without it ends the change. */
    password: { on: { VERIFIED: { target: 'form', actions: 'keepTicket' }, PASSWORD_CLOSED: 'closed' } },
    /** The change's own form, with the ticket. */
    form: { on: { DONE: 'done' } },
    done: {},
    closed: { type: 'final' },
  },
})

export type SecurityFlowState = SnapshotFrom<typeof securityFlow>

/** The change's own form. */
export type ChangeForm = 'switch' | 'loginPass' | 'newPhone' | 'newEmail' | 'authenticator' | 'pin' | 'question'

/** What the dialog draws, and what it can do. */
export type SecurityFlowProps =
  | { readonly phase: 'loading' | 'failed' | 'done' | 'password' | 'closed'; readonly title: string }
  | { readonly phase: 'code'; readonly title: string; readonly verifyType: VerifyType }
  | { readonly phase: 'form'; readonly title: string; readonly form: ChangeForm; readonly ticket: string | null; readonly turnOn: boolean; readonly questionSet: boolean; readonly done: () => void }

const formOf = (flow: Flow): ChangeForm => {
  if (flow.kind === 'switch') return 'switch'
  switch (flow.item) {
    case 'phone':
      return 'newPhone'
    case 'email':
      return 'newEmail'
    case 'googleAuth':
      return 'authenticator'
    case 'withdrawPass':
      return 'pin'
    case 'loginPass':
    case 'question':
      return flow.item
  }
}

export const connectSecurityFlow = (state: SecurityFlowState, send: (e: SecurityFlowEvent) => void): SecurityFlowProps => {
  const c = state.context
  const title = flowTitle(c.flow)
  if (state.matches('form')) {
    return { phase: 'form', title, form: formOf(c.flow), ticket: c.ticket, turnOn: c.flow.turnOn === true, questionSet: c.questionSet, done: () => send({ type: 'DONE' }) }
  }
  if (state.matches('code') && c.verifyType !== null) return { phase: 'code', title, verifyType: c.verifyType }
  if (state.matches('password')) return { phase: 'password', title }
  if (state.matches('failed')) return { phase: 'failed', title }
  if (state.matches('done')) return { phase: 'done', title }
  if (state.matches('closed')) return { phase: 'closed', title }
  return { phase: 'loading', title }
}
