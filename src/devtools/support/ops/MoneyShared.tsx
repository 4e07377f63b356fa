import type { ReactNode } from 'react'

/**
 * What the finance views of the operator's console share (docs/operations.md): the shapes the hall's /support/api/ops money routes answer (server/support/ops-money.ts)
 * and the outcome line every view shows (the hall's reason in role="alert", a success in
 * role="status"). The words of the states are in the console's locale files (withdrawStatus, depositStatus).
 */

/** A row of the withdrawal queue. */
export interface QueueRow {
  readonly orderNo: string
  readonly playerId: string
  readonly username: string
  readonly siteCode: string
  readonly currency: string
  readonly amount: string
  readonly fee: string
  readonly status: number
  readonly accountKind: string
  readonly createdAt: string
  readonly ageMinutes: number
  readonly approvals: ReadonlyArray<string>
  readonly approvalsNeeded: number
}

export interface Approval {
  readonly account: string
  readonly reason: string
  readonly at: string
}

/** One withdrawal with its player's money around it. */
export interface OrderView {
  readonly order: {
    readonly order_no: string
    readonly currency: string
    readonly amount: string
    readonly fee: string
    readonly arrive_amount: string
    readonly status: number
    readonly reason: string
    readonly created_at: string
    readonly finished_at: string | null
    readonly payout_reference: string
    readonly account: { readonly kind: string; readonly name: string; readonly account_no: string; readonly holder: string; readonly network: string }
  }
  readonly player: { readonly id: string; readonly username: string; readonly siteCode: string; readonly currency: string }
  readonly balances: ReadonlyArray<{ readonly currency: string; readonly balance: string; readonly ledgerSum: string }>
  readonly withdrawable: { readonly balance: string; readonly withdrawable: string; readonly locked: string; readonly auditNeed: string; readonly frozen: string }
  readonly ledger: ReadonlyArray<{ readonly at: string; readonly currency: string; readonly kind: string; readonly amount: string; readonly balance: string }>
  readonly deposits: ReadonlyArray<{ readonly orderNo: string; readonly kind: string; readonly amount: string; readonly currency: string; readonly status: number; readonly createdAt: string }>
  readonly rounds: ReadonlyArray<{ readonly id: string; readonly game: string; readonly currency: string; readonly bet: string; readonly win: string; readonly at: string }>
  readonly withdrawals: ReadonlyArray<{ readonly orderNo: string; readonly amount: string; readonly currency: string; readonly status: number; readonly createdAt: string }>
  readonly rules: {
    readonly turnover: ReadonlyArray<{ readonly id: string; readonly source: string; readonly title: string; readonly amount: string; readonly needBet: string; readonly doneBet: string }>
    readonly feeRate: string | null
    readonly fastExtraRate: string
    readonly secondApprovalOver: string
  }
  readonly approvals: ReadonlyArray<Approval>
  readonly approvalsNeeded: number
}

/** A deposit as the deposits view lists it. */
export interface DepositRow {
  readonly orderNo: string
  readonly playerId: string
  readonly username: string
  readonly siteCode: string
  readonly kind: string
  readonly channelName: string
  readonly amount: string
  readonly currency: string
  readonly credit: string
  readonly walletCurrency: string
  readonly status: number
  readonly payerName: string
  readonly createdAt: string
  readonly expireAt: string
  readonly decision: { readonly action: string; readonly account: string; readonly reason: string; readonly reference: string; readonly at: string } | null
}

/** What the last action said: done (a status line) or the hall's reason (an alert). */
export type Outcome = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly text: string } | null

export const OutcomeLine = ({ outcome }: { outcome: Outcome }) => (
  <>
    <div role="status" className="sc-note">
      {outcome?.ok === true ? <p>{outcome.text}</p> : null}
    </div>
    {outcome?.ok === false ? (
      <p role="alert" className="sc-error">
        {outcome.text}
      </p>
    ) : null}
  </>
)

/** A titled part of a page. */
export const Part = ({ title, children }: { title: string; children: ReactNode }) => (
  <section className="sc-part" aria-label={title}>
    <h2>{title}</h2>
    {children}
  </section>
)
