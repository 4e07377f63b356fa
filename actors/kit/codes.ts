import type { CodeNameOf, HallCall } from '../../schemas/hall/call'
import { codeNameOf } from '../../schemas/hall/call'
import type { HallError } from '../../schemas/hall/errors'
import type { CodeHandling } from '../spec'

/**
 * Service codes by name on the lobby's side (docs/adding-a-domain.md "Service codes"). A call
 * declares the codes the hall may answer it with (schemas/hall/calls/codes.ts); the lobby handles
 * each by its name: a command maps it to the message its form shows (`codes: { closed:
 * 'error.closed' }`) or to null (the error modal shows the hall's message), and a screen or an
 * actor that reacts to a code itself says so with `handles`. tests/unit/kit/codes.test.ts fails
 * when a code a call declares has no handling.
 */

/** What a command's form does with each of its call's codes: its own message (an i18n key), or null for the error modal. */
export type CodeMessages<C extends HallCall> = { readonly [K in CodeNameOf<C>]?: string | null }

/** The form's own message for a failure: the i18n key the command maps the code's name to, or undefined (the modal's turn). */
export const inlineMessage = <C extends HallCall>(call: C, codes: CodeMessages<C> | undefined, error: HallError): string | undefined => {
  if (codes === undefined || error._tag !== 'ServiceCode') return undefined
  const name = codeNameOf(call, error.code) as CodeNameOf<C> | undefined
  return name === undefined ? undefined : (codes[name] ?? undefined)
}

/** Whether a failure is the code of this name of the call (`isCode(gameLogin, error, 'bindWithdraw')`). */
export const isCode = <C extends HallCall>(call: C, error: HallError | null, name: CodeNameOf<C>): boolean =>
  error !== null && error._tag === 'ServiceCode' && call.codes[name] === error.code

export type { CodeHandling } from '../spec'

/** Declares that `by` handles these codes of `call` itself (a screen's own wording, an actor's reaction). */
export const handles = <C extends HallCall>(call: C, by: string, codes: ReadonlyArray<CodeNameOf<C>>): CodeHandling => ({ call: call.name, codes, by })
