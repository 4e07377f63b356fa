/**
 * The rules of word collection (activity type Collection 18; docs/hall.md "Lucky wheel and word
 * collection"). Chances come from the activity's tasks as a wheel's spins do (server/play/wheel.ts
 * chancesOf). A draw spends one chance and draws a word from the activity's weights with the hall's
 * random source (seedable); the word joins the player's holdings. A set (play_word_groups) takes
 * one of each word of the activity: exchanging it takes those words off the holdings (never below
 * 0, so no word is spent twice) and pays the set's amount through the ledger, in one transaction
 * under the player's row lock.
 */
import { ACTIVITY_KIND, textIn, ts, type ActivityRow, type Texts } from '../activities'
import type { Queryable } from '../db'
import { payReward } from '../rewards'
import type { PlayerRow } from '../store'
import { nextUniform, pickWeighted, spendChance } from './wheel'

export interface WordRow {
  readonly id: number
  readonly word: string
  readonly weight: number
}

export interface GroupRow {
  readonly id: number
  readonly titles: Texts
  readonly amount: string
}

export const wordsOf = async (db: Queryable, activityId: number): Promise<WordRow[]> =>
  (await db.query<WordRow>('SELECT id, word, weight FROM play_words WHERE activity_id = $1 ORDER BY sort, id', [activityId])).rows

export const groupsOf = async (db: Queryable, activityId: number): Promise<GroupRow[]> =>
  (await db.query<GroupRow>('SELECT id, titles, trim_scale(amount)::text AS amount FROM play_word_groups WHERE activity_id = $1 ORDER BY id', [activityId])).rows

/** How many of each word the player holds (word id to count). */
export const holdingsOf = async (db: Queryable, activityId: number, playerId: string): Promise<Map<number, number>> =>
  new Map(
    (await db.query<{ wordId: number; count: number }>('SELECT word_id AS "wordId", count FROM play_word_holdings WHERE activity_id = $1 AND player_id = $2', [activityId, playerId])).rows.map(
      (r) => [r.wordId, r.count],
    ),
  )

/** Whether the holdings make a set: one of each word. */
export const complete = (words: ReadonlyArray<WordRow>, held: ReadonlyMap<number, number>): boolean => words.length > 0 && words.every((w) => (held.get(w.id) ?? 0) >= 1)

/**
 * Draws up to `max` words for the player (in the caller's transaction, the player's row locked),
 * one chance each; answers the words drawn and the chances left.
 */
export const drawWords = async (tx: Queryable, a: ActivityRow, player: PlayerRow, zone: string, now: number, max: number): Promise<{ readonly drawn: WordRow[]; readonly left: number }> => {
  const words = await wordsOf(tx, a.id)
  const drawn: WordRow[] = []
  let left = 0
  if (words.length === 0) return { drawn, left }
  for (let i = 0; i < max; i += 1) {
    const chance = await spendChance(tx, a, player, zone, now)
    if (chance === undefined) break
    const word = words[pickWeighted(words.map((w) => w.weight), await nextUniform(tx, a.id))]!
    const taken = await tx.query(
      `INSERT INTO play_draws (activity_id, player_id, period_key, seq, word_id, currency, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING id`,
      [a.id, player.id, chance.period.key, chance.seq, word.id, player.currency, ts(now)],
    )
    if (taken.rows.length === 0) break
    await tx.query(
      `INSERT INTO play_word_holdings (activity_id, player_id, word_id, count) VALUES ($1, $2, $3, 1)
       ON CONFLICT (activity_id, player_id, word_id) DO UPDATE SET count = play_word_holdings.count + 1`,
      [a.id, player.id, word.id],
    )
    drawn.push(word)
    left = chance.left
  }
  return { drawn, left }
}

/**
 * Exchanges a set (in the caller's transaction, the player's row locked): takes one of each word
 * off the holdings and pays the set's amount. Answers the amount, or undefined when the set is not
 * complete (nothing written).
 */
export const exchangeSet = async (tx: Queryable, a: ActivityRow, group: GroupRow, player: PlayerRow, now: number, language: string): Promise<string | undefined> => {
  const words = await wordsOf(tx, a.id)
  if (!complete(words, await holdingsOf(tx, a.id, player.id))) return undefined
  const taken = await tx.query(
    'UPDATE play_word_holdings SET count = count - 1 WHERE activity_id = $1 AND player_id = $2 AND word_id = ANY($3::int[]) AND count >= 1 RETURNING word_id',
    [a.id, player.id, words.map((w) => w.id)],
  )
  if (taken.rows.length !== words.length) throw new Error('a word of a complete set was not held')
  await tx.query('INSERT INTO play_word_exchanges (activity_id, group_id, player_id, amount, currency, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    a.id, group.id, player.id, group.amount, player.currency, ts(now),
  ])
  await payReward(tx, player, group.amount, ACTIVITY_KIND, { multiple: a.turnoverMultiple, source: 'activity', title: textIn(a.titles, 'en_US', language) })
  return group.amount
}
