/**
 * What every reward the hall pays shares (the event centre, VIP; server/calls/activities.ts,
 * server/calls/vip.ts): the periods of the site's calendar a reward is counted in, the hall's
 * local times, the player's row held while a reward is received, and the payment itself: one
 * ledger entry and, where the reward asks for one, a turnover requirement, in the caller's
 * transaction after its claim was taken.
 */
import type { Queryable } from './db'
import { credit, type LedgerKind } from './money'
import type { PlayerRow } from './store'
import { addTurnover, type TurnoverSource } from './withdraw'

/** account_type of a trial (guest) account: trial players register before receiving rewards. */
export const TRIAL_ACCOUNT = 1

/** A period of the site's calendar: its key ('YYYY-MM-DD', its first day) and its window (ms). */
export interface Period {
  readonly key: string
  readonly from: number
  readonly to: number
}

/** The period of the site's calendar (day, week from Monday, month) holding the instant `at` (ms). */
export const calendarPeriod = async (db: Queryable, unit: 'day' | 'week' | 'month', zone: string, at: number): Promise<Period> => {
  const r = (
    await db.query<Period>(
      `WITH t AS (SELECT date_trunc('${unit}', to_timestamp($1::double precision / 1000) AT TIME ZONE $2) AS s)
       SELECT to_char(s, 'YYYY-MM-DD') AS key, (extract(epoch FROM s AT TIME ZONE $2) * 1000)::float8 AS "from",
              (extract(epoch FROM (s + interval '1 ${unit}') AT TIME ZONE $2) * 1000)::float8 AS "to" FROM t`,
      [at, zone],
    )
  ).rows[0]
  if (r === undefined) throw new Error('period query returned no row')
  return r
}

/** 'YYYY-MM-DD HH:mm:ss' in the site's zone. */
export const localTime = (ms: number, zone: string): string => {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
    .formatToParts(new Date(ms))
  const p = (type: string) => parts.find((x) => x.type === type)?.value ?? '00'
  return `${p('year')}-${p('month')}-${p('day')} ${p('hour')}:${p('minute')}:${p('second')}`
}

/** The exact sum of decimal amounts ('0' for none). */
export const sumAmounts = async (db: Queryable, xs: ReadonlyArray<string>): Promise<string> =>
  xs.length === 0 ? '0' : (await db.query<{ v: string }>('SELECT coalesce(trim_scale(sum(v)), 0)::text AS v FROM unnest($1::numeric[]) AS v', [xs])).rows[0]!.v

/** Holds the player's row for the transaction: a concurrent receive waits, then finds the claims taken. */
export const lockPlayer = async (tx: Queryable, playerId: string): Promise<void> => {
  await tx.query('SELECT id FROM players WHERE id = $1 FOR UPDATE', [playerId])
}

/**
 * Pays a reward whose claim the caller has just taken in the same transaction: the wallet is
 * credited with its ledger entry (`kind`), and `amount × multiple` is added as a turnover
 * requirement when the multiple is above 0.
 */
export const payReward = async (
  tx: Queryable,
  player: Pick<PlayerRow, 'id' | 'currency'>,
  amount: string,
  kind: LedgerKind,
  turnover: { readonly multiple: string; readonly source: TurnoverSource; readonly title: string },
): Promise<void> => {
  await credit(tx, { playerId: player.id, currency: player.currency }, amount, kind)
  if (Number(turnover.multiple) > 0) await addTurnover(tx, player.id, player.currency, amount, turnover.multiple, turnover.source, turnover.title)
}
