/**
 * The playing activities of a fresh hall (site 001): a lucky wheel (type 2, daily), a lucky wheel
 * of the new kind (type 20, weekly) and a word collection (type 18, daily), in their own event
 * category 'Play', with their tasks, prizes and odds, words and set; and `putPlayActivity`, the
 * control `wheel-activity` that gives a test an activity of its own (server/control.ts).
 */
import { putActivity } from '../activities-seed'
import type { Queryable } from '../db'
import { setSeed } from './wheel'

/** The lobby's 18 languages, in the seed's order. */
const LANGS = ['en_US', 'zh_CN', 'zh_TW', 'pt_PT', 'es_ES', 'fr_FR', 'de_DE', 'it_IT', 'ru_RU', 'ja_JP', 'ko_KR', 'th_TH', 'vi_VN', 'id_ID', 'hi_IN', 'km_KH', 'my_MM', 'tl_PH'] as const
const texts = (row: ReadonlyArray<string>): Record<string, string> => Object.fromEntries(LANGS.map((l, i) => [l, row[i] ?? row[0]!]))

const CATEGORY = ['Play', '游戏活动', '遊戲活動', 'Jogar', 'Jugar', 'Jouer', 'Spielen', 'Gioca', 'Играть', 'プレイ', '플레이', 'เล่น', 'Chơi', 'Main', 'खेलें', 'លេង', 'ကစားရန်', 'Maglaro']

/** A playing activity: chances from tasks ([condition 1 deposit / 2 bet, need, chances]) and points; a wheel's prizes or a collection's words and set. */
export interface PlayActivityInput {
  readonly type: 2 | 20 | 18
  readonly template: string
  readonly title: string | ReadonlyArray<string>
  readonly rules?: string | undefined
  readonly period: 0 | 1 | 2
  readonly turnover?: string | undefined
  readonly tasks: ReadonlyArray<readonly [1 | 2, string, number]>
  readonly pointsPerSpin?: string | undefined
  /** A wheel's prizes clockwise from the top: [title, amount, weight]. */
  readonly prizes?: ReadonlyArray<readonly [string, string, number]> | undefined
  /** A collection's words: [word, weight]. */
  readonly words?: ReadonlyArray<readonly [string, number]> | undefined
  /** A collection's set: [title, amount]. */
  readonly set?: readonly [string, string] | undefined
  readonly seed?: string | null | undefined
  readonly start?: string | undefined
  readonly end?: string | undefined
}

const SEED: ReadonlyArray<PlayActivityInput> = [
  {
    type: 2, template: 'lucky-wheel', period: 1, turnover: '1',
    title: ['Lucky wheel', '幸运转盘', '幸運轉盤', 'Roda da sorte', 'Ruleta de la suerte', 'Roue de la chance', 'Glücksrad', 'Ruota della fortuna', 'Колесо удачи', 'ラッキーホイール', '행운의 룰렛', 'วงล้อนำโชค', 'Vòng quay may mắn', 'Roda keberuntungan', 'लकी व्हील', 'កង់សំណាង', 'ကံကောင်းဘီး', 'Gulong ng swerte'],
    rules: '<p>Earn spins every day: a deposit of 50 gives 1 spin, a deposit of 200 gives 2 more, bets of 100 give 1, and every 500 points (1 point per 1 bet) give 1. Each spin wins the prize the wheel stops on. Prizes must be wagered once before they can be withdrawn.</p>',
    tasks: [[1, '50', 1], [1, '200', 2], [2, '100', 1]],
    pointsPerSpin: '500',
    prizes: [['1', '1', 30], ['2', '2', 20], ['5', '5', 10], ['Try again', '0', 24], ['3', '3', 8], ['10', '10', 5], ['20', '20', 2], ['50', '50', 1]],
  },
  {
    type: 20, template: 'mega-wheel', period: 2, turnover: '1',
    title: ['Mega wheel', '超级转盘', '超級轉盤', 'Mega roda', 'Mega ruleta', 'Méga roue', 'Mega-Rad', 'Mega ruota', 'Мега-колесо', 'メガホイール', '메가 룰렛', 'เมกะวงล้อ', 'Vòng quay lớn', 'Roda mega', 'मेगा व्हील', 'កង់មេហ្គា', 'မီဂါဘီး', 'Mega gulong'],
    rules: '<p>Earn spins every week: a deposit of 100 gives 1 spin, bets of 500 give 1, and every 1000 points give 1.</p>',
    tasks: [[1, '100', 1], [2, '500', 1]],
    pointsPerSpin: '1000',
    prizes: [['5', '5', 40], ['10', '10', 25], ['Try again', '0', 20], ['25', '25', 10], ['100', '100', 4], ['500', '500', 1]],
  },
  {
    type: 18, template: 'word-collection', period: 1, turnover: '1',
    title: ['Collect LUCKY', '集字LUCKY', '集字LUCKY', 'Junte LUCKY', 'Reúne LUCKY', 'Collectez LUCKY', 'Sammle LUCKY', 'Raccogli LUCKY', 'Собери LUCKY', 'LUCKYを集めよう', 'LUCKY 모으기', 'สะสม LUCKY', 'Thu thập LUCKY', 'Kumpulkan LUCKY', 'LUCKY इकट्ठा करें', 'ប្រមូល LUCKY', 'LUCKY စုဆောင်းပါ', 'Kolektahin ang LUCKY'],
    rules: '<p>Earn draws every day: a deposit of 50 gives 3, a deposit of 200 gives 5 more, bets of 200 give 2. Each draw gives a letter; one of each letter of LUCKY exchanges for 88.</p>',
    tasks: [[1, '50', 3], [1, '200', 5], [2, '200', 2]],
    words: [['L', 30], ['U', 25], ['C', 20], ['K', 15], ['Y', 10]],
    set: ['LUCKY', '88'],
  },
]

/** Adds (or replaces, by template) a playing activity of a site in its category 'Play'; answers its id. */
export const putPlayActivity = async (db: Queryable, siteCode: string, input: PlayActivityInput): Promise<number> => {
  let category = (await db.query<{ id: number }>("SELECT id FROM activity_categories WHERE site_code = $1 AND names->>'en_US' = 'Play'", [siteCode])).rows[0]?.id
  if (category === undefined) {
    category = (
      await db.query<{ id: number }>(
        'INSERT INTO activity_categories (site_code, names, sort_number) VALUES ($1, $2, (SELECT coalesce(max(sort_number), 0) + 1 FROM activity_categories WHERE site_code = $1)) RETURNING id',
        [siteCode, JSON.stringify(texts(CATEGORY))],
      )
    ).rows[0]!.id
  }
  const categoryIndex = (await db.query<{ id: number }>('SELECT id FROM activity_categories WHERE site_code = $1 ORDER BY sort_number, id', [siteCode])).rows.findIndex((r) => r.id === category)
  const title = typeof input.title === 'string' ? input.title : input.title[0]!
  const id = await putActivity(db, siteCode, {
    category: categoryIndex, type: input.type, template: input.template, title, rules: input.rules ?? '', period: input.period,
    // Condition 0: the event centre's own progress line is not the wheel's (its tasks say what counts).
    condition: 0, rewardMode: 0, distribution: 2, turnover: input.turnover ?? '0', tiers: [],
    start: input.start, end: input.end,
  })
  if (typeof input.title !== 'string') await db.query('UPDATE activities SET titles = $2 WHERE id = $1', [id, JSON.stringify(texts(input.title))])
  await db.query('INSERT INTO play_settings (activity_id, points_per_spin) VALUES ($1, $2)', [id, input.pointsPerSpin ?? '0'])
  if (input.seed !== undefined) await setSeed(db, id, input.seed)
  for (const [i, [condition, need, chances]] of input.tasks.entries()) {
    await db.query('INSERT INTO play_tasks (activity_id, condition, need, chances, titles, sort) VALUES ($1, $2, $3, $4, $5, $6)', [
      id, condition, need, chances, JSON.stringify({ en_US: `${condition === 1 ? 'Deposit' : 'Bet'} ${need}` }), i,
    ])
  }
  for (const [i, [t, amount, weight]] of (input.prizes ?? []).entries()) {
    await db.query('INSERT INTO wheel_prizes (activity_id, titles, amount, weight, sort) VALUES ($1, $2, $3, $4, $5)', [id, JSON.stringify({ en_US: t }), amount, weight, i])
  }
  for (const [i, [word, weight]] of (input.words ?? []).entries()) {
    await db.query('INSERT INTO play_words (activity_id, word, weight, sort) VALUES ($1, $2, $3, $4)', [id, word, weight, i])
  }
  if (input.set !== undefined) await db.query('INSERT INTO play_word_groups (activity_id, titles, amount) VALUES ($1, $2, $3)', [id, JSON.stringify({ en_US: input.set[0] }), input.set[1]])
  return id
}

/** Seeds site 001's playing activities (in the seed's transaction). */
export const seedWheels = async (db: Queryable, siteCode: string): Promise<void> => {
  if (siteCode !== '001') return
  for (const a of SEED) await putPlayActivity(db, siteCode, a)
}
