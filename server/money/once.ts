/**
 * Once per request id: a money request carries the id its sender minted, and the hall makes its
 * movement once. The table that keeps what the request made holds (player_id, request_id) unique;
 * the caller holds the player's lock (lockPlayer or lockWallet) in the same transaction, so a
 * repeat running at the same time waits and then finds the first one's row.
 */
import type { Queryable } from '../db'

/** The tables that keep a money request's id with what it made. */
export type RequestTable = 'deposit_orders' | 'withdraw_orders' | 'yuebao_records' | 'play_investments' | 'play_invest_redeems' | 'play_guesses'

export interface OnceRequest<E, T> {
  readonly table: RequestTable
  readonly playerId: string
  readonly requestId: string
  /** The select list read of the earlier row (aliased `r`); `$3` onwards are `params`. */
  readonly earlier: string
  /** More of the FROM clause after `${table} r` (joins the select list needs). */
  readonly join?: string
  readonly params?: ReadonlyArray<unknown>
  /**
   * A request id used again for another movement: `same` tells whether the earlier request asked
   * the same, `refuse` is the call's refusal when not. Without it any earlier row is a repeat.
   */
  readonly reuse?: { readonly same: (earlier: E) => boolean; readonly refuse: () => Error }
  /** The answer of a repeat: what the first request made, answered again; nothing moves. */
  readonly again: (earlier: E) => Promise<T> | T
  /** The first time: the movement itself. */
  readonly first: () => Promise<T>
}

/** Runs `first` the first time a player's request id is seen, answers `again` for a repeat of the same request, refuses another. */
export const oncePerRequest = async <E extends object, T>(tx: Queryable, o: OnceRequest<E, T>): Promise<T> => {
  const earlier = (
    await tx.query<E>(`SELECT ${o.earlier} FROM ${o.table} r ${o.join ?? ''} WHERE r.player_id = $1 AND r.request_id = $2`, [o.playerId, o.requestId, ...(o.params ?? [])])
  ).rows[0]
  if (earlier === undefined) return o.first()
  if (o.reuse !== undefined && !o.reuse.same(earlier)) throw o.reuse.refuse()
  return o.again(earlier)
}
