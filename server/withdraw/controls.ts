/**
 * The withdrawal side's controls: an operator's decision on an order (the same functions as the operator's console, server/withdraw/decide.ts) and a site's withdraw settings. (docs/hall.md, "The control surface"; registered in server/control/index.ts).
 */
import { Schema } from 'effect'
import { siteByCode, siteForHost } from '../store'
import { AccountKind } from '../../schemas/hall/calls/withdraw'
import { WithdrawError, setSettings, settleWithdraw, type Settled } from '../withdraw'
import { pushSettled } from './decide'
import { defineControl, fail, ok } from '../control/define'
import { Count } from '../control/common'

export const withdrawControls = [
  /** An operator's decision on a withdraw order: approve, pay, reject or fail (server/withdraw.ts); pushes the socket notices. */
  defineControl('withdraw-order', Schema.Struct({ orderNo: Schema.String.check(Schema.isPattern(/^\d{1,19}$/)), action: Schema.Literals(['approve', 'pay', 'reject', 'fail']), reason: Schema.optional(Schema.String) }), async ({ db, socket }, b) => {
    let r: Settled
    try {
      r = await settleWithdraw(db, b.orderNo, b.action, b.reason ?? '', Date.now())
    } catch (e) {
      if (e instanceof WithdrawError) return fail(404, e.message)
      throw e
    }
    if (!r.changed) return fail(409, `order ${b.orderNo} is in status ${r.status}: it cannot be ${b.action === 'pay' ? 'paid' : `${b.action}d`}`)
    // The player's socket hears the progress, and a payout's success with the balance after it (as from the operator's console).
    await pushSettled(socket, r)
    return ok({ status: r.status, balance: r.balance })
  }),
  /** A site's withdraw settings: all closed, some kinds closed, the notice, the SMS step, the daily allowance, the kinds that ask a proof, the second-approval amount. */
  defineControl('withdraw-settings', Schema.Struct({
      siteCode: Schema.optional(Schema.String),
      closed: Schema.optional(Schema.Boolean),
      closedKinds: Schema.optional(Schema.Array(AccountKind)),
      message: Schema.optional(Schema.String),
      needSms: Schema.optional(Schema.Boolean),
      dailyTimes: Schema.optional(Count),
      dailyMaxAmount: Schema.optional(Schema.String.check(Schema.isPattern(/^\d{1,20}(\.\d{1,10})?$/))),
      proofKinds: Schema.optional(Schema.Array(AccountKind)),
      /** Four-eyes: above this amount the operator's console needs two finance accounts' approvals before a payout (docs/operations.md). */
      secondApprovalOver: Schema.optional(Schema.String.check(Schema.isPattern(/^\d{1,20}(\.\d{1,10})?$/))),
    }), async ({ db }, b) => {
    const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
    if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
    const { siteCode: _s, ...patch } = b
    return ok({ settings: await setSettings(db, site.code, patch) })
  }),
]
