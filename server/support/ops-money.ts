/**
 * The finance role's routes of the operator's console (docs/operations.md): withdrawals and
 * deposits, through the hall's money core (server/money). Only `finance` accounts may use them
 * (anyone else 403, audited; no sign-in 401 before this file is reached). Every decision is one
 * transaction, idempotent per order (server/withdraw/decide.ts, server/pay/decide.ts), reaches the
 * player's socket as the control surface's does, and is written to the audit trail
 * (`ops.withdraw.*`, `ops.deposit.*`) with who and why, the order's number in its detail
 * (`reference` is a session's, which the audit view links to).
 *
 *   GET  /support/api/ops/withdrawals?state=&site=&min=&max=&olderThanMinutes=&page=
 *   GET  /support/api/ops/withdrawals/:orderNo
 *   POST /support/api/ops/withdrawals/:orderNo/approve {reason?}
 *   POST /support/api/ops/withdrawals/:orderNo/refuse {reason}
 *   POST /support/api/ops/withdrawals/:orderNo/paid {payoutReference}
 *   GET  /support/api/ops/deposits?state=waiting|online|decided&site=&page=
 *   POST /support/api/ops/deposits/:orderNo/confirm {reason?}
 *   POST /support/api/ops/deposits/:orderNo/reject {reason}
 *   POST /support/api/ops/deposits/:orderNo/settle {reference}
 *   GET  /support/api/ops/withdraw-threshold?site=
 *   POST /support/api/ops/withdraw-threshold {site, amount, reason}
 *
 * The withdraw-threshold routes read and set a site's second-approval amount (four-eyes:
 * `withdraw_site_settings.second_approval_over`, migration 267); a change is audited
 * `ops.withdraw.threshold-set` with the old and the new amount and why.
 */
import type { SupportRole } from './accounts'
import type { AnyContext, OperatorArea, OperatorKit } from './operator'
import { DepositRefused, decideDeposit, type DepositAction } from '../pay/decide'
import { DecisionRefused, approveWithdraw, payWithdraw, refuseWithdraw, type Decided } from '../withdraw/decide'
import { DEFAULT_SECOND_APPROVAL_OVER } from '../withdraw'
import { depositList, isDepositState, isQueueState, withdrawOrderView, withdrawQueue } from './ops-money-read'

/** Who may use the money routes: finance only (a lead is not a finance account). */
export const MONEY_ROLES: ReadonlyArray<SupportRole> = ['finance']

/** The longest reason or reference kept. */
const MAX_TEXT = 500

const AMOUNT = /^\d{1,20}(\.\d{1,10})?$/

const bad = (c: AnyContext, error: string) => c.json({ ok: false, error }, 400)

/** The player an order belongs to, for the audit trail. */
const playerOf = async (kit: OperatorKit, playerId: string): Promise<{ playerId: string; usernames: string[]; siteCode: string | null }> => {
  const p = (await kit.db.query<{ username: string; siteCode: string }>('SELECT username, site_code AS "siteCode" FROM players WHERE id = $1', [playerId])).rows[0]
  return { playerId, usernames: p === undefined ? [] : [p.username], siteCode: p?.siteCode ?? null }
}

/** The order number of the route's path. */
const orderNoOf = (c: AnyContext): string => c.req.param('orderNo') ?? ''

/** A text field of the body: trimmed, at most MAX_TEXT; undefined when absent or not text. */
const text = (b: Record<string, unknown>, key: string): string | undefined => {
  const v = b[key]
  return typeof v === 'string' ? v.trim() : undefined
}

export const moneyRoutes: OperatorArea = (app, kit) => {
  const { db } = kit
  const finance = (c: AnyContext) => kit.refuseUnless(c, MONEY_ROLES)

  app.get('/support/api/ops/withdrawals', async (c: AnyContext) => {
    const refused = await finance(c)
    if (refused !== undefined) return refused
    const q = c.req.query()
    const state = q['state'] === undefined || q['state'] === '' ? 'open' : q['state']
    if (!isQueueState(state)) return bad(c, 'state is one of open, pending, approved, paid, refused, failed, cancelled, all')
    const amount = (k: string): string | undefined | null => {
      const v = q[k]?.trim() ?? ''
      return v === '' ? undefined : AMOUNT.test(v) ? v : null
    }
    const min = amount('min')
    const max = amount('max')
    if (min === null || max === null) return bad(c, 'min and max are amounts')
    const older = q['olderThanMinutes']?.trim() ?? ''
    if (older !== '' && !/^\d{1,7}$/.test(older)) return bad(c, 'olderThanMinutes is a whole number of minutes')
    const page = Number(q['page'] ?? 1)
    if (!Number.isSafeInteger(page) || page < 1) return bad(c, 'page is 1 or more')
    const site = q['site']?.trim() ?? ''
    return c.json({
      ok: true,
      ...(await withdrawQueue(db, { state, site: site === '' ? undefined : site, min, max, olderThanMinutes: older === '' ? undefined : Number(older), page, now: kit.now() })),
    })
  })

  app.get('/support/api/ops/withdrawals/:orderNo', async (c: AnyContext) => {
    const refused = await finance(c)
    if (refused !== undefined) return refused
    const view = await withdrawOrderView(db, orderNoOf(c))
    if (view === undefined) return c.json({ ok: false, error: 'no such withdraw order' }, 404)
    await kit.audit(c, { action: 'ops.withdraw.opened', playerId: view.player.id, usernames: [view.player.username], siteCode: view.player.siteCode, detail: { orderNo: view.order.order_no } })
    return c.json({ ok: true, ...view })
  })

  /** Runs a withdrawal decision: its refusal as 404/409, its success audited (not a repeat) and answered. */
  const withdrawDecision = async (c: AnyContext, action: 'approved' | 'refused' | 'paid', run: () => Promise<Decided>, why: Record<string, string>) => {
    let d: Decided
    try {
      d = await run()
    } catch (e) {
      if (e instanceof DecisionRefused) return c.json({ ok: false, error: e.message }, e.status)
      throw e
    }
    if (d.fresh) {
      await kit.audit(c, {
        action: `ops.withdraw.${action}`,
        ...(await playerOf(kit, d.settled.playerId)),
        detail: { orderNo: d.settled.orderNo, ...why, amount: d.settled.amount, currency: d.settled.currency, status: d.settled.status, approvals: d.approvals.map((a) => a.account), approvalsNeeded: d.approvalsNeeded },
      })
    }
    return c.json({
      ok: true,
      changed: d.fresh,
      status: d.settled.status,
      balance: d.settled.balance,
      approvals: d.approvals,
      approvalsNeeded: d.approvalsNeeded,
    })
  }

  app.post('/support/api/ops/withdrawals/:orderNo/approve', async (c: AnyContext) => {
    const refused = await finance(c)
    if (refused !== undefined) return refused
    const b = (await kit.readJson(c)) ?? {}
    const reason = text(b, 'reason') ?? ''
    if (reason.length > MAX_TEXT) return bad(c, `a reason is at most ${MAX_TEXT} characters`)
    const account = kit.userOf(c).username
    return withdrawDecision(c, 'approved', () => approveWithdraw(db, kit.socket, { orderNo: orderNoOf(c), account, reason, now: kit.now() }), { reason })
  })

  app.post('/support/api/ops/withdrawals/:orderNo/refuse', async (c: AnyContext) => {
    const refused = await finance(c)
    if (refused !== undefined) return refused
    const reason = text((await kit.readJson(c)) ?? {}, 'reason') ?? ''
    if (reason === '' || reason.length > MAX_TEXT) return bad(c, `a refusal needs its reason (the player sees it), at most ${MAX_TEXT} characters`)
    return withdrawDecision(c, 'refused', () => refuseWithdraw(db, kit.socket, { orderNo: orderNoOf(c), reason, now: kit.now() }), { reason })
  })

  app.post('/support/api/ops/withdrawals/:orderNo/paid', async (c: AnyContext) => {
    const refused = await finance(c)
    if (refused !== undefined) return refused
    const payoutReference = text((await kit.readJson(c)) ?? {}, 'payoutReference') ?? ''
    if (payoutReference === '' || payoutReference.length > MAX_TEXT) return bad(c, `marking an order paid needs the payout's reference, at most ${MAX_TEXT} characters`)
    return withdrawDecision(c, 'paid', () => payWithdraw(db, kit.socket, { orderNo: orderNoOf(c), payoutReference, now: kit.now() }), { payoutReference })
  })

  app.get('/support/api/ops/deposits', async (c: AnyContext) => {
    const refused = await finance(c)
    if (refused !== undefined) return refused
    const q = c.req.query()
    const state = q['state'] === undefined || q['state'] === '' ? 'waiting' : q['state']
    if (!isDepositState(state)) return bad(c, 'state is one of waiting, online, decided')
    const page = Number(q['page'] ?? 1)
    if (!Number.isSafeInteger(page) || page < 1) return bad(c, 'page is 1 or more')
    const site = q['site']?.trim() ?? ''
    return c.json({ ok: true, ...(await depositList(db, { state, site: site === '' ? undefined : site, page })) })
  })

  const KEPT: Readonly<Record<DepositAction, string>> = { confirm: 'confirmed', reject: 'rejected', settle: 'settled' }

  const depositDecision = (action: DepositAction) => async (c: AnyContext) => {
    const refused = await finance(c)
    if (refused !== undefined) return refused
    const b = (await kit.readJson(c)) ?? {}
    const reason = text(b, 'reason') ?? ''
    const reference = text(b, 'reference') ?? ''
    if (reason.length > MAX_TEXT || reference.length > MAX_TEXT) return bad(c, `a reason or a reference is at most ${MAX_TEXT} characters`)
    if (action === 'reject' && reason === '') return bad(c, 'a rejection needs its reason')
    if (action === 'settle' && reference === '') return bad(c, "settling by hand needs the provider's reference of the payment")
    let d: Awaited<ReturnType<typeof decideDeposit>>
    try {
      d = await decideDeposit(db, kit.socket, { orderNo: orderNoOf(c), action, account: kit.userOf(c).username, reason, reference, now: kit.now() })
    } catch (e) {
      if (e instanceof DepositRefused) return c.json({ ok: false, error: e.message }, e.status)
      throw e
    }
    if (d.changed) {
      await kit.audit(c, {
        action: `ops.deposit.${KEPT[action]}`,
        ...(await playerOf(kit, d.playerId)),
        detail: { orderNo: d.orderNo, reason, ...(reference === '' ? {} : { reference }), amount: d.amount, currency: d.currency, status: d.status },
      })
    }
    return c.json({ ok: true, changed: d.changed, status: d.status, balance: d.balance, decidedBy: d.decidedBy })
  }
  app.post('/support/api/ops/deposits/:orderNo/confirm', depositDecision('confirm'))
  app.post('/support/api/ops/deposits/:orderNo/reject', depositDecision('reject'))
  app.post('/support/api/ops/deposits/:orderNo/settle', depositDecision('settle'))

  /** A site's code and currency, or undefined when there is no such site. */
  const siteOf = async (code: string): Promise<{ code: string; currency: string } | undefined> =>
    code === '' || code.length > 64 ? undefined : (await db.query<{ code: string; currency: string }>('SELECT code, currency_code AS currency FROM sites WHERE code = $1', [code])).rows[0]

  app.get('/support/api/ops/withdraw-threshold', async (c: AnyContext) => {
    const refused = await finance(c)
    if (refused !== undefined) return refused
    const site = await siteOf(c.req.query('site')?.trim() ?? '')
    if (site === undefined) return c.json({ ok: false, error: 'no such site' }, 404)
    const row = (await db.query<{ over: string }>('SELECT trim_scale(second_approval_over)::text AS over FROM withdraw_site_settings WHERE site_code = $1', [site.code])).rows[0]
    return c.json({ ok: true, siteCode: site.code, currency: site.currency, secondApprovalOver: row?.over ?? DEFAULT_SECOND_APPROVAL_OVER })
  })

  app.post('/support/api/ops/withdraw-threshold', async (c: AnyContext) => {
    const refused = await finance(c)
    if (refused !== undefined) return refused
    const b = (await kit.readJson(c)) ?? {}
    const amount = text(b, 'amount') ?? ''
    const reason = text(b, 'reason') ?? ''
    if (!AMOUNT.test(amount)) return bad(c, 'amount is an amount of 0 or more (digits, at most 10 decimals)')
    if (reason === '' || reason.length > MAX_TEXT) return bad(c, `a change of the second-approval amount needs its reason, at most ${MAX_TEXT} characters`)
    const site = await siteOf(text(b, 'site') ?? '')
    if (site === undefined) return c.json({ ok: false, error: 'no such site' }, 404)
    // One transaction: the old amount is read under the row's lock, then replaced (a site without
    // its settings row gets one, every other setting at its default; the insert of two at once
    // meets ON CONFLICT).
    const changed = await db.transaction(async (tx) => {
      const old = (await tx.query<{ over: string }>('SELECT trim_scale(second_approval_over)::text AS over FROM withdraw_site_settings WHERE site_code = $1 FOR UPDATE', [site.code])).rows[0]
      const set = (
        await tx.query<{ after: string }>(
          `INSERT INTO withdraw_site_settings (site_code, second_approval_over) VALUES ($1, $2::numeric)
           ON CONFLICT (site_code) DO UPDATE SET second_approval_over = $2::numeric
           RETURNING trim_scale(second_approval_over)::text AS after`,
          [site.code, amount],
        )
      ).rows[0]
      return { before: old?.over ?? null, after: set?.after }
    })
    const before = changed?.before ?? DEFAULT_SECOND_APPROVAL_OVER
    const after = changed?.after ?? amount
    await kit.audit(c, { action: 'ops.withdraw.threshold-set', siteCode: site.code, detail: { siteCode: site.code, before, after, currency: site.currency, reason } })
    return c.json({ ok: true, siteCode: site.code, currency: site.currency, secondApprovalOver: after, before })
  })
}
