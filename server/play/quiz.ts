/**
 * The quiz (a Customize activity, type 1, whose template starts with 'quiz'; calls request_reward
 * and the designed quizQuestions; docs/hall.md "Playing activities"). Migration 225.
 *
 * A quiz has questions, each with its choices (texts per language, the choices in the same order
 * in every language) and the index of the right one. The player answers once: request_reward with
 * an answer for every question, each the chosen choice's text in the player's language (or, when no
 * choice reads so, its index as text). When every answer is right the reward is paid at once (status HasReceive 2, ledger
 * 'activity-quiz', the activity's turnover); otherwise nothing is paid (status Rejected 7). The
 * answer row (activity, player) is taken first in the transaction: a repeated or concurrent
 * submission is refused (2186) and pays nothing twice.
 */
import type { QuizQuestion } from '../../schemas/hall/calls/play-own'
import type { ActivityRow, Texts } from '../activities'
import { textIn, ts } from '../activities'
import type { Db, Queryable } from '../db'
import { lockPlayer, payReward } from '../rewards'
import { balanceOf, type PlayerRow } from '../store'
import { ServiceError } from '../calls/types'
import { PlayCodes } from './common'

export const QUIZ_KIND = 'activity-quiz'
export const isQuizTemplate = (template: string): boolean => template.startsWith('quiz')

interface QuestionRow { readonly id: number; readonly texts: Texts; readonly choices: ReadonlyArray<Texts>; readonly answer: number }

const questionsOf = async (db: Queryable, activityId: number): Promise<QuestionRow[]> =>
  (await db.query<QuestionRow>('SELECT id, texts, choices, answer FROM play_quiz_questions WHERE activity_id = $1 ORDER BY sort, id', [activityId])).rows

export const rewardOf = async (db: Queryable, activityId: number): Promise<string> =>
  (await db.query<{ v: string }>('SELECT trim_scale(reward)::text AS v FROM play_quiz_settings WHERE activity_id = $1', [activityId])).rows[0]?.v ?? '0'

/** The questions in the language, the reward, and the player's answer so far (status CanReceive 1 before answering). */
export const quizOf = async (db: Queryable, a: ActivityRow, player: PlayerRow | undefined, language: string, siteLanguage: string) => {
  const qs = await questionsOf(db, a.id)
  const done = player === undefined ? undefined : (await db.query<{ status: 2 | 7; correct: number }>('SELECT status, correct FROM play_quiz_answers WHERE activity_id = $1 AND player_id = $2', [a.id, player.id])).rows[0]
  const list: QuizQuestion[] = qs.map((q) => ({ questionId: q.id, question: textIn(q.texts, language, siteLanguage), choices: q.choices.map((c) => textIn(c, language, siteLanguage)) }))
  return { list, reward: await rewardOf(db, a.id), status: done?.status ?? (1 as const), correct: done?.correct ?? 0 }
}

/** Checks and pays an answer sheet; answers the status, the amount paid and the balance. */
export const answerQuiz = async (db: Db, a: ActivityRow, player: PlayerRow, answers: ReadonlyArray<{ questionId: number; answer: string }>, language: string, siteLanguage: string, now: number) => {
  const qs = await questionsOf(db, a.id)
  const byId = new Map(answers.map((x) => [x.questionId, x.answer]))
  if (qs.length === 0 || answers.length !== qs.length || byId.size !== qs.length) throw new ServiceError(PlayCodes.badAnswers, 'answer every question once')
  let correct = 0
  for (const q of qs) {
    const given = byId.get(q.id)
    if (given === undefined) throw new ServiceError(PlayCodes.badAnswers, 'answer every question once')
    const choices = q.choices.map((c) => textIn(c, language, siteLanguage))
    const named = choices.indexOf(given)
    const index = named >= 0 ? named : /^\d+$/.test(given) ? Number(given) : -1
    if (index < 0 || index >= choices.length) throw new ServiceError(PlayCodes.badAnswers, 'an answer is not one of its choices')
    if (index === q.answer) correct += 1
  }
  const right = correct === qs.length
  const reward = await rewardOf(db, a.id)
  const status = await db.transaction(async (tx) => {
    await lockPlayer(tx, player.id)
    const taken = await tx.query('INSERT INTO play_quiz_answers (activity_id, player_id, correct, status, amount, created_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING player_id', [
      a.id, player.id, correct, right ? 2 : 7, right ? reward : '0', ts(now),
    ])
    if (taken.rows.length === 0) throw new ServiceError(PlayCodes.received, 'this quiz was answered already')
    if (right) await payReward(tx, player, reward, QUIZ_KIND, { multiple: a.turnoverMultiple, source: 'activity', title: 'quiz' })
    return right ? (2 as const) : (7 as const)
  })
  return { status, amount: status === 2 ? reward : '0', game_gold: await balanceOf(db, player.id, player.currency) }
}

export const addQuestion = async (db: Queryable, activityId: number, q: { texts: Texts; choices: ReadonlyArray<Texts>; answer: number }, sort: number): Promise<void> => {
  await db.query('INSERT INTO play_quiz_questions (activity_id, texts, choices, answer, sort) VALUES ($1, $2, $3, $4, $5)', [activityId, JSON.stringify(q.texts), JSON.stringify(q.choices), q.answer, sort])
}
export const setQuizReward = async (db: Queryable, activityId: number, reward: string): Promise<void> => {
  await db.query('INSERT INTO play_quiz_settings (activity_id, reward) VALUES ($1, $2) ON CONFLICT (activity_id) DO UPDATE SET reward = $2', [activityId, reward])
}
