/**
 * The deposit side's controls: a balance credited (or taken) by an operator, a deposit order settled as its provider would, a discount code. (docs/hall.md, "The control surface"; registered in server/control/index.ts).
 */
import { Schema } from 'effect'
import { randomHex } from '../crypto'
import { putDiscountCode, settleOrder } from '../calls/pay'
import { adjust } from '../money'
import { balanceOf, playerByUsername, siteByCode, siteForHost } from '../store'
import { addTurnover } from '../withdraw'
import { defineControl, fail, ok } from '../control/define'
import { Amount } from '../control/common'

export const payControls = [
  defineControl('credit', Schema.Struct({
      username: Schema.String,
      siteCode: Schema.optional(Schema.String),
      amount: Amount,
      /** A turnover requirement on the credited amount: bet `multiple` times before it can be withdrawn (server/withdraw.ts). */
      turnover: Schema.optional(Schema.Struct({
        multiple: Schema.String.check(Schema.isPattern(/^\d{1,6}(\.\d{1,4})?$/)),
        source: Schema.optional(Schema.Literals(['deposit', 'bonus', 'activity', 'task', 'vip', 'rebate', 'manual'])),
        title: Schema.optional(Schema.String),
      })),
    }), async ({ db, socket }, b) => {
    const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
    if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
    const player = await playerByUsername(db, site.code, b.username)
    if (player === undefined) return fail(404, `no player ${b.username} on site ${site.code}`)
    const amount = String(b.amount)
    const turnover = b.turnover
    if (turnover !== undefined && !(Number(amount) > 0 && Number(turnover.multiple) > 0)) return fail(400, 'a turnover goes with a credit above zero and a multiple above zero')
    const balance = await db.transaction(async (tx) => {
      const after = await adjust(tx, { playerId: player.id, currency: player.currency }, amount, 'control')
      if (after !== undefined && turnover !== undefined) {
        await addTurnover(tx, player.id, player.currency, amount, turnover.multiple, turnover.source ?? 'manual', turnover.title ?? '')
      }
      return after
    })
    if (balance === undefined) return fail(409, 'the balance would go below zero')
    const shown = await balanceOf(db, player.id, player.currency)
    // A completed credit is a real balance event: the player's socket hears payOrderSuccess.
    const pushed = Number(amount) > 0 && socket !== undefined
      ? await socket.push(player.id, 'payOrderSuccess', { orderNo: `C${Date.now()}${randomHex(3)}`, amount, currency: player.currency, balance: shown, isFirst: 0 })
      : undefined
    return ok({ balance: shown, currency: player.currency, ...(pushed === undefined ? {} : { msgId: pushed.msgId }) })
  }),
  /** Settles a deposit order as its provider would (paid, failed) or as time does (expired); a settled order stays as it is. */
  defineControl('pay-order', Schema.Struct({ orderNo: Schema.String, outcome: Schema.Literals(['paid', 'failed', 'expired']) }), async ({ db, socket }, b) => {
    const settled = await settleOrder(db, socket, { orderNo: b.orderNo }, b.outcome, Date.now())
    return settled === undefined ? fail(404, `no deposit order ${b.orderNo}`) : ok({ status: settled.order.status, changed: settled.changed })
  }),
  /** Creates or replaces a discount code of a site: its amount in a currency (default the site's), uses, whether a bound phone is needed. */
  defineControl('discount-code', Schema.Struct({
      siteCode: Schema.optional(Schema.String),
      code: Schema.String.check(Schema.isPattern(/^[A-Za-z0-9]{4,32}$/)),
      amount: Amount,
      currency: Schema.optional(Schema.String),
      uses: Schema.optional(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))),
      needPhone: Schema.optional(Schema.Boolean),
      active: Schema.optional(Schema.Boolean),
    }), async ({ db }, b) => {
    const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
    if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
    if (!(Number(b.amount) > 0)) return fail(400, 'a discount code is worth more than zero')
    await putDiscountCode(db, { siteCode: site.code, code: b.code, amount: String(b.amount), currency: b.currency ?? site.currencyCode, maxUses: b.uses ?? 1000, needPhone: b.needPhone ?? false, active: b.active ?? true })
    return ok({ code: b.code.toUpperCase() })
  }),
]
