import { assign, enqueueActions, setup } from 'xstate'
import type { EventOfType, LobbyEvent } from '../../schemas/events'
import type { ActorRequestOf, CodeNameOf, ConcealedRequestOf, HallCall, ResponseOf } from '../../schemas/hall/call'
import { inlineMessage, type CodeHandling, type CodeMessages } from './codes'
import type { HallError } from '../../schemas/hall/errors'
import type { ActorSpec } from '../spec'
import { ask, errorNotice, isAnswerTo, requestIdOf } from './hall'
import type { Audience } from './query'

/**
 * The command pattern: a form's submission, its call, its typed result or error, and the error
 * catalogue's reaction, written once (spec §8). A submission while one is in flight is ignored (a
 * double click pays once); a payload the domain's `validate` refuses never reaches the hall and
 * shows its message in the form; a failure shows the error modal (`errors.reported`) unless the
 * call is silent, the code is one of the silent codes, or the domain shows the code in its form
 * (`inlineCodes`); a command marked `firstErrorOnly` shows only its first error until the form
 * starts over, and commands of one `errorGroup` share that rule until the group's reset events
 * (reward receipts, spec §8). On success the domain's notices are announced (what
 * other actors need: the wallet's new balance, a bound item).
 *
 * States: idle, submitting, succeeded, failed (invalid input is failed with a form error and no call).
 */

/** A command's status, for views. */
export type CommandStatus = 'idle' | 'submitting' | 'succeeded' | 'failed'

export interface CommandContext<Req, R> {
  readonly requestCount: number
  readonly pendingId: string | null
  readonly signedIn: boolean
  readonly real: boolean
  /** The payload of the submission in flight or last made. */
  readonly payload: Req | null
  readonly result: R | null
  readonly error: HallError | null
  /** The form's own message (an i18n key of the domain's namespace): invalid input, or a code the form shows. */
  readonly formError: string | null
  /** An error modal was shown since the form started (for `firstErrorOnly`). */
  readonly reported: boolean
}

export interface CommandConfig<C extends HallCall, R> {
  /** The actor id (views address it with `command: id`); request ids are `<id>-<n>`. */
  readonly id: string
  readonly call: C
  readonly audience: Audience
  /**
   * The form's check of the payload: an i18n key of what is wrong, or null. Its secrets (a
   * password, a code, a PIN) are Secrets it cannot read: their format is the view's to check.
   */
  readonly validate?: (payload: ConcealedRequestOf<C>) => string | null
  /** The result of a successful answer; by default the answer's data as it is. */
  readonly select?: (data: ResponseOf<C>, payload: ConcealedRequestOf<C>) => R
  /** Notices announced on success. */
  readonly announce?: (result: R, payload: ConcealedRequestOf<C>) => ReadonlyArray<LobbyEvent>
  /**
   * The call's service codes by name (schemas/hall/calls/codes.ts): the i18n key of the message
   * the form shows itself (no modal), or null for a code the error modal shows with the hall's
   * message. Every code the call declares is handled here or by the lobby elsewhere
   * (tests/unit/kit/codes.test.ts).
   */
  readonly codes?: CodeMessages<C>
  /** The call's codes the error modal shows with the hall's message (the form has no word of its own for them). */
  readonly modal?: ReadonlyArray<CodeNameOf<C>>
  /** Show only the first error in a modal until the form starts over (spec §8: reward receive). */
  readonly firstErrorOnly?: boolean
  /**
   * Commands sharing one "first error only" rule (spec §8: a reward receive error is shown once,
   * the first only, whether it came from receive or receive-all): a modal reported by any command
   * of the group silences the others, until one of `resetOn` (the screen opening again). A grouped
   * command keeps its silence across `command.reset`; only `resetOn` and logout end it.
   */
  readonly errorGroup?: { readonly name: string; readonly resetOn: ReadonlyArray<LobbyEvent['type']> }
}

type Ctx = CommandContext<unknown, unknown>

const initialContext: Ctx = {
  requestCount: 0, pendingId: null, signedIn: false, real: false, payload: null, result: null, error: null, formError: null, reported: false,
}

/** The machine of a command; `commandActor` wraps it into the spec the system starts. */
export const createCommandMachine = <C extends HallCall, R = ResponseOf<C>>(config: CommandConfig<C, R>) => {
  // A submission names the command, and the call whose request its payload is (the recorder
  // redacts it by that call); a log recorded before calls were named has the command's id only.
  const ours = (e: EventOfType<'command.submitted'>): boolean => e.command === config.id && (e.call === undefined || e.call === config.call.name)
  const serves = (c: Ctx): boolean => config.audience === 'anyone' || (config.audience === 'signedIn' ? c.signedIn : c.real)
  const machine = setup({
    types: { context: {} as Ctx, events: {} as LobbyEvent, emitted: {} as LobbyEvent },
    guards: {
      submitted: ({ context, event }) => event.type === 'command.submitted' && ours(event) && serves(context),
      submittedInvalid: ({ context, event }) =>
        event.type === 'command.submitted' && ours(event) && serves(context) &&
        config.validate !== undefined && config.validate(event.payload as ConcealedRequestOf<C>) !== null,
      reset: ({ event }) => event.type === 'command.reset' && event.command === config.id,
      siblingReported: ({ event }) => event.type === 'errors.reported' && config.errorGroup !== undefined && event.group === config.errorGroup.name,
      groupReset: ({ event }) => config.errorGroup !== undefined && config.errorGroup.resetOn.includes(event.type),
      answered: ({ context, event }) => event.type === 'hall.responded' && isAnswerTo(context.pendingId, event),
      refused: ({ context, event }) => event.type === 'hall.failed' && isAnswerTo(context.pendingId, event),
    },
    actions: {
      track: assign(({ event }) =>
        event.type === 'session.loggedIn' ? { signedIn: true, real: event.real } : event.type === 'session.loggedOut' ? { signedIn: false, real: false } : {},
      ),
      refuse: assign(({ event }) =>
        event.type === 'command.submitted' ? { formError: config.validate?.(event.payload as ConcealedRequestOf<C>) ?? null, error: null, result: null, payload: event.payload } : {},
      ),
      submit: enqueueActions(({ context, event, enqueue }) => {
        if (event.type !== 'command.submitted') return
        const requestCount = context.requestCount + 1
        const requestId = requestIdOf(config.id, requestCount)
        enqueue.assign({ requestCount, pendingId: requestId, payload: event.payload, error: null, formError: null, result: null })
        enqueue.emit(ask(config.call, requestId, event.payload as ActorRequestOf<C>))
      }),
      take: enqueueActions(({ context, event, enqueue }) => {
        if (event.type !== 'hall.responded') return
        const payload = context.payload as ConcealedRequestOf<C>
        const data = event.data as ResponseOf<C>
        const result = config.select === undefined ? (data as R) : config.select(data, payload)
        enqueue.assign({ result, pendingId: null })
        for (const notice of config.announce?.(result, payload) ?? []) enqueue.emit(notice)
      }),
      fail: enqueueActions(({ context, event, enqueue }) => {
        if (event.type !== 'hall.failed') return
        const inline = inlineMessage(config.call, config.codes, event.error)
        enqueue.assign({ error: event.error, pendingId: null, formError: inline ?? null })
        const firstOnly = config.firstErrorOnly === true || config.errorGroup !== undefined
        if (inline !== undefined || (firstOnly && context.reported)) return
        const notice = errorNotice(config.call, event.error)
        if (notice === null) return
        enqueue.assign({ reported: true })
        enqueue.emit(config.errorGroup === undefined ? notice : { ...notice, group: config.errorGroup.name })
      }),
      clear: assign(({ context }) => ({ ...initialContext, requestCount: context.requestCount, signedIn: context.signedIn, real: context.real })),
      // A grouped command's form starting over keeps the group's silence.
      clearForm: assign(({ context }) => ({
        ...initialContext, requestCount: context.requestCount, signedIn: context.signedIn, real: context.real,
        reported: config.errorGroup !== undefined && context.reported,
      })),
      silence: assign({ reported: true }),
      unsilence: assign({ reported: false }),
    },
  })

  // A submission: refused by the form's check (no call), or sent. Ignored while one is in flight.
  const submit = [
    ...(config.validate !== undefined ? [{ guard: 'submittedInvalid', target: 'failed', actions: 'refuse' } as const] : []),
    { guard: 'submitted', target: 'submitting', actions: 'submit' } as const,
  ]
  return machine.createMachine({
    id: config.id,
    context: initialContext,
    initial: 'idle',
    on: {
      'session.loggedIn': { actions: 'track' },
      // What a player submitted is not the next player's business.
      'session.loggedOut': { target: '.idle', actions: ['track', 'clear'] },
      'command.reset': { guard: 'reset', target: '.idle', actions: 'clearForm' },
      ...(config.errorGroup === undefined ? {} : {
        'errors.reported': { guard: 'siblingReported', actions: 'silence' },
        ...Object.fromEntries(config.errorGroup.resetOn.map((type) => [type, { guard: 'groupReset', actions: 'unsilence' }])),
      }),
    },
    states: {
      idle: { on: { 'command.submitted': submit } },
      submitting: {
        on: {
          'hall.responded': { guard: 'answered', target: 'succeeded', actions: 'take' },
          'hall.failed': { guard: 'refused', target: 'failed', actions: 'fail' },
        },
      },
      succeeded: { on: { 'command.submitted': submit } },
      failed: { on: { 'command.submitted': submit } },
    },
  })
}

/** A command's spec: its machine and the events it consumes. */
export const commandActor = <const Id extends string, C extends HallCall, R = ResponseOf<C>>(config: CommandConfig<C, R> & { readonly id: Id }) => {
  for (const name of [...Object.keys(config.codes ?? {}), ...(config.modal ?? [])]) {
    if (!(name in config.call.codes)) throw new Error(`command '${config.id}' handles the code '${name}', which ${config.call.name} does not declare`)
  }
  const machine = createCommandMachine(config)
  const consumes = [
    'session.loggedIn', 'session.loggedOut', 'command.submitted', 'command.reset', 'hall.responded', 'hall.failed',
    ...(config.errorGroup === undefined ? [] : ['errors.reported', ...config.errorGroup.resetOn]),
  ]
  /** The command's view model, typed by its result. */
  const view = (snapshot: { value: unknown; context: Ctx }): CommandView<R> => ({
    status: snapshot.value as CommandStatus,
    result: snapshot.context.result as R | null,
    error: snapshot.context.error,
    formError: snapshot.context.formError,
  })
  /** The call's codes the form handles (the coverage test, tests/unit/kit/codes.test.ts). */
  const handled: CodeHandling = { call: config.call.name, codes: [...Object.keys(config.codes ?? {}), ...(config.modal ?? [])], by: config.id }
  return { id: config.id, machine, consumes, view, call: config.call, handles: [handled] } as const satisfies ActorSpec & { view: unknown; call: HallCall; handles: ReadonlyArray<CodeHandling> }
}

/** What a command's form reads. */
export interface CommandView<R> {
  readonly status: CommandStatus
  readonly result: R | null
  readonly error: HallError | null
  readonly formError: string | null
}
