/**
 * The playing activities' controls (server/control.ts runs them; docs/hall.md "Playing activities"):
 * - `play-activity`: creates (or replaces, by template) a test's own activity of site 001 or another
 *   site: a sports guess with its matches, an invest with its terms, a lucky bet with its rule, a quiz
 *   with its questions; answers its id and, for a guess, the matches' and options' ids.
 * - `guess-settle`: settles a match with its winning pick, or voids it; settling again pays nothing.
 *   Every player with a guess on it hears `activeDetails` on the socket.
 * - `invest-mature`: moves a player's subscriptions of an activity on by their whole term, as if
 *   their days had passed (never a real wait); the player hears `activeDetails`.
 */
import { Schema } from 'effect'
import type { Db } from '../db'
import { playerByUsername, siteByCode, siteForHost } from '../store'
import type { SocketHub } from '../ws'
import { ServiceError } from '../calls/types'
import { addMatch, setGuessSettings, settleMatch } from './guessing'
import { addTerm, matureInvestments } from './invest'
import { setLuckyRule } from './luckybet'
import { addQuestion, setQuizReward } from './quiz'
import { GUESS_RULES, INVEST_RULES, QUIZ_RULES, insertPlayActivity, luckyRules } from './seed'

const Money = Schema.String.check(Schema.isPattern(/^\d{1,12}(\.\d{1,10})?$/))
const Template = Schema.String.check(Schema.isPattern(/^[a-z0-9-]{1,40}$/))
const Pick = Schema.Literals(['home', 'draw', 'away'])

export const playBodies = {
  'play-activity': Schema.Struct({
    siteCode: Schema.optional(Schema.String),
    kind: Schema.Literals(['guess', 'invest', 'lucky', 'quiz']),
    template: Template,
    title: Schema.String,
    start: Schema.optional(Schema.String),
    end: Schema.optional(Schema.String),
    receiveHours: Schema.optional(Schema.Int),
    /** guess: the stake bounds and the matches (kick-off default: a day from now). */
    minAmount: Schema.optional(Money),
    maxAmount: Schema.optional(Money),
    matches: Schema.optional(Schema.Array(Schema.Struct({
      home: Schema.String, away: Schema.String, kickoff: Schema.optional(Schema.String),
      odds: Schema.Struct({ home: Money, draw: Schema.optional(Money), away: Money }),
    }))),
    /** invest: the terms. */
    terms: Schema.optional(Schema.Array(Schema.Struct({ days: Schema.Int.check(Schema.isGreaterThanOrEqualTo(1)), rate: Money, minAmount: Money, maxAmount: Money }))),
    /** lucky: the rule. */
    suffix: Schema.optional(Schema.String.check(Schema.isPattern(/^\d{1,6}$/))),
    minBet: Schema.optional(Money),
    rate: Schema.optional(Money),
    maxPrize: Schema.optional(Money),
    /** quiz: the reward and the questions (English texts; answer: the right choice's index). */
    reward: Schema.optional(Money),
    questions: Schema.optional(Schema.Array(Schema.Struct({ question: Schema.String, choices: Schema.Array(Schema.String), answer: Schema.Int }))),
  }),
  'guess-settle': Schema.Struct({ matchId: Schema.Int, result: Schema.Union([Pick, Schema.Literal('void')]) }),
  'invest-mature': Schema.Struct({ siteCode: Schema.optional(Schema.String), username: Schema.String, activeId: Schema.Int }),
} as const

export type PlayControlName = keyof typeof playBodies
export const isPlayControl = (name: string): name is PlayControlName => name in playBodies

interface Answer { readonly status: number; readonly body: Record<string, unknown> }
const ok = (extra: Record<string, unknown> = {}): Answer => ({ status: 200, body: { ok: true, ...extra } })
const fail = (status: number, error: string): Answer => ({ status, body: { ok: false, error } })

const DAY = 86_400_000

export const runPlayControl = async (deps: { readonly db: Db; readonly socket?: SocketHub | undefined; readonly now?: (() => number) | undefined }, name: PlayControlName, value: unknown): Promise<Answer> => {
  const { db } = deps
  const now = (deps.now ?? Date.now)()
  const siteOf = async (code: string | undefined) => (code === undefined ? siteForHost(db, '') : siteByCode(db, code))
  switch (name) {
    case 'play-activity': {
      const b = value as (typeof playBodies)['play-activity']['Type']
      const site = await siteOf(b.siteCode)
      if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
      const type = ({ guess: 21, invest: 16, lucky: 14, quiz: 1 } as const)[b.kind]
      if (b.kind === 'quiz' && !b.template.startsWith('quiz')) return fail(400, "a quiz's template starts with 'quiz'")
      const lucky = { suffix: b.suffix ?? '8', minBet: b.minBet ?? '1', rate: b.rate ?? '50', maxPrize: b.maxPrize ?? '500' }
      const rules = { guess: GUESS_RULES, invest: INVEST_RULES, lucky: luckyRules(lucky), quiz: QUIZ_RULES }[b.kind]
      const answer = await db.transaction(async (tx) => {
        const activeId = await insertPlayActivity(tx, site.code, { type, template: b.template, titles: { en_US: b.title }, rules, start: b.start, end: b.end, receiveHours: b.receiveHours })
        const matches: Array<{ matchId: number; options: Record<string, number> }> = []
        const terms: number[] = []
        if (b.kind === 'guess') {
          await setGuessSettings(tx, activeId, b.minAmount ?? '1', b.maxAmount ?? '1000')
          for (const [i, m] of (b.matches ?? []).entries()) {
            matches.push(await addMatch(tx, activeId, { home: m.home, away: m.away, kickoff: m.kickoff ?? new Date(now + DAY).toISOString(), odds: m.odds, sort: i }))
          }
        }
        if (b.kind === 'invest') for (const [i, t] of (b.terms ?? []).entries()) terms.push(await addTerm(tx, activeId, t, i))
        if (b.kind === 'lucky') await setLuckyRule(tx, activeId, lucky)
        if (b.kind === 'quiz') {
          await setQuizReward(tx, activeId, b.reward ?? '5')
          for (const [i, q] of (b.questions ?? []).entries()) await addQuestion(tx, activeId, { texts: { en_US: q.question }, choices: q.choices.map((c) => ({ en_US: c })), answer: q.answer }, i)
        }
        return { activeId, matches, terms }
      })
      return ok(answer)
    }
    case 'guess-settle': {
      const b = value as (typeof playBodies)['guess-settle']['Type']
      const option = b.result === 'void' ? 'void' : (await db.query<{ id: number }>('SELECT id FROM play_match_options WHERE match_id = $1 AND pick = $2', [b.matchId, b.result])).rows[0]?.id
      if (option === undefined) return fail(404, `match ${b.matchId} has no option ${b.result}`)
      const activity = (await db.query<{ activityId: number }>('SELECT activity_id AS "activityId" FROM play_matches WHERE id = $1', [b.matchId])).rows[0]
      if (activity === undefined) return fail(404, `no match ${b.matchId}`)
      let settled
      try {
        settled = await settleMatch(db, b.matchId, option, now)
      } catch (e) {
        if (e instanceof ServiceError) return fail(404, e.message)
        throw e
      }
      if (deps.socket !== undefined) for (const playerId of settled.players) await deps.socket.push(playerId, 'activeDetails', { activeId: activity.activityId, matchId: b.matchId })
      return ok({ ...settled, players: settled.players.length })
    }
    case 'invest-mature': {
      const b = value as (typeof playBodies)['invest-mature']['Type']
      const site = await siteOf(b.siteCode)
      if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
      const player = await playerByUsername(db, site.code, b.username)
      if (player === undefined) return fail(404, `no player ${b.username} on site ${site.code}`)
      const matured = await matureInvestments(db, b.activeId, player.id)
      if (deps.socket !== undefined && matured > 0) await deps.socket.push(player.id, 'activeDetails', { activeId: b.activeId })
      return ok({ matured })
    }
  }
}
