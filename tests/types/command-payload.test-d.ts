import { commandActor } from '../../actors/kit'
import { yuebaoSaveActor, yuebaoTakeoutActor } from '../../actors/yuebao'
import { yuebaoSaveGold } from '../../schemas/hall/calls/yuebao'
import { useCommand } from '../../src/system-react'

/*
 * A command's payload is its call's request from the view's `submit` on, and its service codes are
 * its call's names: checked by `npm run typecheck` (tests are part of the project). Each
 * `@ts-expect-error` line is a mistake that must not compile; if it ever compiles, the directive
 * itself is the error. The hook is never called: only its types are read.
 */

export const savingsForm = (): void => {
  const save = useCommand(yuebaoSaveActor)
  save.submit({ amount: '10.00', request_id: 'r-1' })
  // @ts-expect-error the amount is a text in the money format, not a number
  save.submit({ amount: 10, request_id: 'r-1' })
  // @ts-expect-error the request id is required
  save.submit({ amount: '10.00' })
  // @ts-expect-error a field the call does not take
  save.submit({ amount: '10.00', request_id: 'r-1', pin: '123456' })

  const takeout = useCommand(yuebaoTakeoutActor)
  takeout.submit({ amount: '1', request_id: 'r-2', withdraw_pass: '123456' })
  // @ts-expect-error saving takes no withdraw password: each command's payload is its own call's request
  save.submit({ amount: '1', request_id: 'r-2', withdraw_pass: '123456' })
}

// A command's codes are its call's names.
export const named = commandActor({ id: 'save', call: yuebaoSaveGold, audience: 'real', codes: { closed: 'error.closed' }, modal: ['requestReused'], select: (d) => d })
// @ts-expect-error 'tooMany' is no code of yuebaoSaveGold
export const unknownCode = commandActor({ id: 'save2', call: yuebaoSaveGold, audience: 'real', codes: { tooMany: 'error.x' }, select: (d) => d })
// @ts-expect-error nor may the modal name one
export const unknownModal = commandActor({ id: 'save3', call: yuebaoSaveGold, audience: 'real', modal: ['tooMany'], select: (d) => d })
