/**
 * The task centre's rules (spec enumerations: task types, conditions, item states; calls §7.10;
 * docs/hall.md "Task centre"): how the hall reads a site's tasks, decides from its own store
 * whether a player did each one, evaluates each task's state, counts the day's vitality and the
 * boxes it opens, and pays a prize. The calls that answer the lobby are server/calls/tasks.ts.
 *
 * What completes a task is what the store holds, never a flag the lobby sends:
 * - register 0: a registered (not trial) account; bind phone 1 and SMS valid 12: a bound phone;
 *   bind email 19; set GA 16: the authenticator on; set withdrawal pin 5; set birthday 4;
 *   first set nickname 7: a display name; set question 6: a secret question; set avatar 10: an
 *   avatar chosen (account history); first bind bank card 2 and bind crypto 21: a withdrawal
 *   account of that kind ever bound; yuebao first deposit 8: a savings transfer-in; download
 *   music library 11: a track in the player's own music list beyond the first two system tracks
 *   (the lobby downloads those into an empty list by itself, spec §4); first deposit 17: a paid deposit;
 *   download and login 18: a saved task address (the app's start URL carries saveUrlUuid).
 *   The social binds: bind facebook 14 and bind wechat 3, a third-party account of that provider
 *   (requester_type facebook 2, wechat 4) bound to the player (thirduser/bind, or the thirdWay
 *   registration, migration 190). Whatsapp 13, telegram 15, zalo 22, line 23 and twitter 24 have
 *   no third-party sign-in in the spec (social login: google 1, facebook 2, wechat 4, qq 5), so
 *   nothing in the store completes them: such a task stays Goto.
 * - daily tasks, on the site's calendar day: recharge 1, the day's paid deposits in the wallet's
 *   currency (what they credited less their deposit bonus) reach `need`; betting 2, the bets of the day's game rounds reach it; betting-one 3,
 *   one round's bet reaches it.
 * States: Finish 1 received (this period); HasSend 4 sent by the hall (a task of auto dispatch,
 * `dispatch` 4: paid as soon as the hall evaluates it done, sendDueTasks); UnOpen 99 before the
 * task opens; Expired 2 a newcomer task past its days from registration; PendingReceive 0 done;
 * Goto 3 not done yet.
 */
import type { TaskItem, VitalityBox } from '../schemas/hall/calls/task'
import type { Queryable } from './db'
import { calendarPeriod, payReward, type Period } from './rewards'
import type { PlayerRow } from './store'

/** The ledger kind of a task prize and of a vitality box. */
export const TASK_KIND = 'bonus-task'
export const BOX_KIND = 'bonus-vitality'

export type Template = 'newcomer' | 'daily'
export const TEMPLATES: ReadonlyArray<Template> = ['newcomer', 'daily']
/** Localized texts as stored: language code to text. */
export type Texts = Readonly<Record<string, string>>

export interface TaskRow {
  readonly id: number
  readonly template: Template
  readonly taskType: TaskItem['taskType']
  readonly condition: TaskItem['condition']
  readonly titles: Texts
  readonly need: string
  readonly reward: string
  readonly vitality: number
  readonly turnoverMultiple: string
  readonly opensMs: number | null
  readonly expireDays: number | null
  /** Distribution: self-collect 2 (the player receives it), auto dispatch 4 (the hall sends it). */
  readonly dispatch: 2 | 4
}

const TASK_COLUMNS = `id, template, task_type AS "taskType", condition, titles, trim_scale(need)::text AS need, trim_scale(reward)::text AS reward,
  vitality, trim_scale(turnover_multiple)::text AS "turnoverMultiple",
  (extract(epoch FROM opens_at) * 1000)::float8 AS "opensMs", expire_days AS "expireDays", dispatch`

/** A site's tasks of a template (every template when none), in order. */
export const tasksOf = async (db: Queryable, siteCode: string, template?: Template): Promise<TaskRow[]> =>
  (
    await db.query<TaskRow>(
      `SELECT ${TASK_COLUMNS} FROM tasks WHERE site_code = $1 AND ($2::text IS NULL OR template = $2) ORDER BY sort, id`,
      [siteCode, template ?? null],
    )
  ).rows

/** The text in the caller's language (Brazilian Portuguese reads the European where it has none of its own), else the site's, else English, else any. */
export const textIn = (texts: Texts, language: string, siteLanguage: string): string =>
  texts[language] ?? texts[kinOf(language)] ?? texts[siteLanguage] ?? texts[kinOf(siteLanguage)] ?? texts['en_US'] ?? Object.values(texts)[0] ?? ''

/** The language whose text stands in for one that has none: European Portuguese for Brazilian. */
const kinOf = (language: string): string => (language === 'pt_BR' ? 'pt_PT' : language)

const ts = (ms: number): string => new Date(ms).toISOString()

/** What the store says the player did: the one-off facts, and the day's totals. */
interface Facts {
  readonly createdMs: number
  readonly done: ReadonlySet<TaskItem['taskType']>
  readonly dayDeposit: string
  readonly dayBet: string
  readonly dayMaxBet: string
}

const factsOf = async (db: Queryable, player: PlayerRow, day: Period): Promise<Facts> => {
  const f = (
    await db.query<{
      createdMs: number; registered: boolean; phone: boolean; email: boolean; ga: boolean; pin: boolean; birthday: boolean; nickname: boolean
      question: boolean; avatar: boolean; bank: boolean; crypto: boolean; yuebao: boolean; music: boolean; deposit: boolean; address: boolean
      facebook: boolean; wechat: boolean
    }>(
      `SELECT (extract(epoch FROM p.created_at) * 1000)::float8 AS "createdMs", p.account_type = 0 AS registered,
         p.mobile_phone <> '' AS phone, p.email <> '' AS email, p.google_auth = 1 AS ga, p.withdraw_pass_hash IS NOT NULL AS pin,
         p.birthday IS NOT NULL AS birthday, p.display_name <> '' AS nickname,
         EXISTS (SELECT 1 FROM player_questions q WHERE q.player_id = p.id) AS question,
         EXISTS (SELECT 1 FROM account_history h WHERE h.player_id = p.id AND h.item = 'avatar') AS avatar,
         EXISTS (SELECT 1 FROM withdraw_accounts a WHERE a.player_id = p.id AND a.kind = 'bank') AS bank,
         EXISTS (SELECT 1 FROM withdraw_accounts a WHERE a.player_id = p.id AND a.kind = 'crypto') AS crypto,
         EXISTS (SELECT 1 FROM yuebao_records y WHERE y.player_id = p.id AND y.type = 1) AS yuebao,
         EXISTS (SELECT 1 FROM music_owned m WHERE m.site_code = p.site_code AND m.owner = 'player:' || p.id::text
           AND m.music_id NOT IN (SELECT t.id FROM music_tracks t ORDER BY t.sort, t.id LIMIT 2)) AS music,
         (p.has_recharged = 1 OR EXISTS (SELECT 1 FROM deposit_orders d WHERE d.player_id = p.id AND d.status = 1)) AS deposit,
         EXISTS (SELECT 1 FROM task_addresses t WHERE t.player_id = p.id) AS address,
         EXISTS (SELECT 1 FROM player_third_accounts x WHERE x.player_id = p.id AND x.requester_type = 2) AS facebook,
         EXISTS (SELECT 1 FROM player_third_accounts x WHERE x.player_id = p.id AND x.requester_type = 4) AS wechat
       FROM players p WHERE p.id = $1`,
      [player.id],
    )
  ).rows[0]
  if (f === undefined) throw new Error(`no player ${player.id}`)
  const window = [player.id, player.currency, ts(day.from), ts(day.to)]
  const deposit = (
    await db.query<{ v: string }>(
      `SELECT coalesce(trim_scale(sum(credit - least(bonus * rate, credit))), 0)::text AS v FROM deposit_orders
       WHERE player_id = $1 AND wallet_currency = $2 AND status = 1 AND paid_at >= $3 AND paid_at < $4`,
      window,
    )
  ).rows[0]!.v
  const bets = (
    await db.query<{ sum: string; max: string }>(
      `SELECT coalesce(trim_scale(sum(bet)), 0)::text AS sum, coalesce(trim_scale(max(bet)), 0)::text AS max FROM game_rounds
       WHERE player_id = $1 AND currency = $2 AND created_at >= $3 AND created_at < $4`,
      window,
    )
  ).rows[0]!
  const done = new Set<TaskItem['taskType']>()
  const facts: ReadonlyArray<readonly [boolean, ReadonlyArray<TaskItem['taskType']>]> = [
    [f.registered, [0]], [f.phone, [1, 12]], [f.bank, [2]], [f.birthday, [4]], [f.pin, [5]], [f.question, [6]], [f.nickname, [7]],
    [f.yuebao, [8]], [f.avatar, [10]], [f.music, [11]], [f.ga, [16]], [f.deposit, [17]], [f.address, [18]], [f.email, [19]], [f.crypto, [21]],
    [f.facebook, [14]], [f.wechat, [3]],
  ]
  for (const [yes, types] of facts) if (yes) for (const t of types) done.add(t)
  return { createdMs: f.createdMs, done, dayDeposit: deposit, dayBet: bets.sum, dayMaxBet: bets.max }
}

/** A task as evaluated for a player: the lobby's item (without its title) and its claim's key. */
export interface EvaluatedTask {
  readonly task: TaskRow
  readonly periodKey: string
  readonly status: TaskItem['status']
  readonly done: string
}

const reached = (done: string, need: string): boolean => Number(done) >= Number(need)

const DAY_MS = 86_400_000

/** The site's calendar day holding `now`. */
export const dayOf = (db: Queryable, zone: string, now: number): Promise<Period> => calendarPeriod(db, 'day', zone, now)

/** Evaluates a site's tasks (of a template, or all) for a player at `now` (no writes). */
export const evaluateTasks = async (db: Queryable, siteCode: string, player: PlayerRow, zone: string, now: number, template?: Template): Promise<EvaluatedTask[]> => {
  const tasks = await tasksOf(db, siteCode, template)
  if (tasks.length === 0) return []
  const day = await dayOf(db, zone, now)
  const facts = await factsOf(db, player, day)
  // Each claim of the player's, and whether the hall sent it.
  const claimed = new Map(
    (
      await db.query<{ k: string; sent: boolean }>(
        `SELECT c.task_id::text || '|' || c.period_key AS k, c.sent FROM task_claims c WHERE c.player_id = $1 AND c.task_id = ANY($2::int[])`,
        [player.id, tasks.map((t) => t.id)],
      )
    ).rows.map((r) => [r.k, r.sent]),
  )
  return tasks.map((task) => {
    const periodKey = task.template === 'daily' ? day.key : 'all'
    const done =
      task.condition === 1 ? facts.dayDeposit : task.condition === 2 ? facts.dayBet : task.condition === 3 ? facts.dayMaxBet : facts.done.has(task.taskType) ? '1' : '0'
    let status: TaskItem['status']
    const claim = claimed.get(`${task.id}|${periodKey}`)
    if (claim !== undefined) status = claim ? 4 : 1
    else if (task.opensMs !== null && now < task.opensMs) status = 99
    else if (task.template === 'newcomer' && task.expireDays !== null && now >= facts.createdMs + task.expireDays * DAY_MS) status = 2
    else if (reached(done, task.need)) status = 0
    else status = 3
    return { task, periodKey, status, done }
  })
}

/** Where the lobby's 'go' leads (spec location types: none 1, recharge 5, yuebao 10). */
const locationOf = (t: TaskRow): Pick<TaskItem, 'location_type' | 'location_value'> =>
  t.condition === 1 || t.taskType === 17 ? { location_type: 5, location_value: '' } : t.taskType === 8 ? { location_type: 10, location_value: '' } : { location_type: 1, location_value: '' }

/** The lobby's item of an evaluated task. */
export const itemOf = (e: EvaluatedTask, title: string): TaskItem => ({
  taskId: e.task.id,
  taskType: e.task.taskType,
  condition: e.task.condition,
  title,
  need: e.task.need,
  done: e.done,
  reward: e.task.reward,
  vitality: e.task.vitality,
  status: e.status,
  ...locationOf(e.task),
})

/**
 * Pays a task's prize: takes the claim (nothing when it was taken already), credits the wallet with
 * its ledger entry, adds the turnover the task asks. In the caller's transaction, after the
 * player's row was locked; answers the amount paid, '0' when nothing was.
 */
export const payTask = async (tx: Queryable, player: PlayerRow, e: EvaluatedTask, dayKey: string, now: number, title: string): Promise<string> => {
  const taken = await tx.query(
    `INSERT INTO task_claims (task_id, player_id, period_key, day_key, amount, vitality, currency, created_at, sent)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING RETURNING id`,
    [e.task.id, player.id, e.periodKey, dayKey, e.task.reward, e.task.vitality, player.currency, ts(now), e.task.dispatch === 4],
  )
  if (taken.rows.length === 0) return '0'
  await payReward(tx, player, e.task.reward, TASK_KIND, { multiple: e.task.turnoverMultiple, source: 'task', title })
  return e.task.reward
}

/** The day's vitality: what the prizes received that day added. */
export const vitalityOf = async (db: Queryable, playerId: string, dayKey: string): Promise<number> =>
  (await db.query<{ v: number }>('SELECT coalesce(sum(vitality), 0)::int AS v FROM task_claims WHERE player_id = $1 AND day_key = $2', [playerId, dayKey])).rows[0]!.v

/** A site's vitality boxes for a player on a day: Finish 1 opened, PendingReceive 0 reached, Goto 3 not yet. */
export const boxesOf = async (db: Queryable, siteCode: string, playerId: string, dayKey: string): Promise<{ vitality: number; boxes: VitalityBox[] }> => {
  const vitality = await vitalityOf(db, playerId, dayKey)
  const rows = (
    await db.query<{ boxId: number; need: number; reward: string; opened: boolean }>(
      `SELECT b.id AS "boxId", b.need, trim_scale(b.reward)::text AS reward,
         EXISTS (SELECT 1 FROM vitality_claims c WHERE c.box_id = b.id AND c.player_id = $2 AND c.day_key = $3) AS opened
       FROM vitality_boxes b WHERE b.site_code = $1 ORDER BY b.sort, b.id`,
      [siteCode, playerId, dayKey],
    )
  ).rows
  return {
    vitality,
    boxes: rows.map((r) => ({ boxId: r.boxId, need: r.need, reward: r.reward, status: r.opened ? 1 : vitality >= r.need ? 0 : 3 })),
  }
}

/** Opens a box: takes its claim of the day (nothing when taken), credits its prize. In the caller's transaction. */
export const payBox = async (tx: Queryable, player: PlayerRow, box: VitalityBox, dayKey: string, now: number, multiple: string): Promise<string> => {
  const taken = await tx.query(
    `INSERT INTO vitality_claims (box_id, player_id, day_key, amount, currency, created_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT DO NOTHING RETURNING id`,
    [box.boxId, player.id, dayKey, box.reward, player.currency, ts(now)],
  )
  if (taken.rows.length === 0) return '0'
  await payReward(tx, player, box.reward, BOX_KIND, { multiple, source: 'task', title: `Vitality box ${box.need}` })
  return box.reward
}
