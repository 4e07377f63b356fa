/**
 * The task centre at the hall (spec screens §2 global popup task, /home/event/task, the system
 * menu's task entry with its count; calls §7.10 vitality/boxs, index, task, getprize,
 * getprizeall, vitality/revBox, task_save_address). Migration 160; the rules are
 * server/tasks.ts, the seed server/tasks-seed.ts. The newcomer-benefit calls of §7.10
 * (newcomer_benefit_pop, _status, _reward, disable_newcomer_pop) are server/calls/popups.ts.
 *
 * Receiving is one transaction: the player's row is locked, the task evaluated again from the
 * store, then the claim row's unique key (task, player, period) is taken, so a repeated or
 * concurrent receive or receive-all pays nothing twice; the wallet is credited with its ledger
 * entry ('bonus-task', a box 'bonus-vitality') and a turnover requirement of the task's multiple.
 * A received prize adds the task's vitality to the day's; a box whose need the day's vitality
 * reaches opens once a day. Trial players see the tasks and cannot receive.
 */
import { taskCodes } from '../../schemas/hall/calls/codes'
import {
  activeTaskGetPrize, activeTaskGetPrizeAll, activeTaskIndex, activeTaskTask, taskSaveAddress, vitalityBoxes, vitalityRevBox,
} from '../../schemas/hall/calls'
import type { Received } from '../../schemas/hall/calls/common'
import { lockPlayer, sumAmounts, TRIAL_ACCOUNT } from '../rewards'
import { balanceOf, type PlayerRow } from '../store'
import { storeNotice } from '../ws'
import { GROUP_TITLES } from '../tasks-seed'
import { TEMPLATES, boxesOf, dayOf, evaluateTasks, itemOf, payBox, payTask, textIn, type EvaluatedTask, type Template } from '../tasks'
import { zoneOf } from './records'
import { requirePlayer } from './session'
import { ServiceError, implement } from './types'
import type { CallContext, Implementation } from './types'

/** The task centre's service codes (1800-1849, the hall's own), declared on the calls (schemas/hall/calls/codes.ts). */
export const TaskCodes = taskCodes

/** The turnover a vitality box asks: its prize bet once. */
const BOX_TURNOVER = '1'
/** The longest saved task address. */
const MAX_ADDRESS = 200

const templateOf = (template: string): Template => {
  const t = TEMPLATES.find((x) => x === template)
  if (t === undefined) throw new ServiceError(TaskCodes.unknown, 'no such task group')
  return t
}

const titleOf = (ctx: CallContext, e: EvaluatedTask): string => textIn(e.task.titles, ctx.language, ctx.site.languageCode)

/** The tasks of auto dispatch done and not sent yet. */
const dueToSend = (es: ReadonlyArray<EvaluatedTask>): EvaluatedTask[] => es.filter((e) => e.task.dispatch === 4 && e.status === 0)

/**
 * Sends the player's tasks of auto dispatch that are done (they answer HasSend 4 after): in one
 * transaction under the player's lock, evaluated again there, so concurrent evaluations send each
 * prize once (the claim's key refuses a second one); the socket notice wallet/changed is stored in
 * that transaction and sent after it, so the lobby's wallet reads the balance at once.
 */
const sendDue = async (ctx: CallContext, player: PlayerRow, template?: Template): Promise<void> => {
  if (player.accountType === TRIAL_ACCOUNT) return
  const zone = zoneOf(ctx.site.timeZone)
  if (dueToSend(await evaluateTasks(ctx.db, ctx.site.code, player, zone, ctx.now, template)).length === 0) return
  const notice = await ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, player.id)
    const day = await dayOf(tx, zone, ctx.now)
    const paid: string[] = []
    for (const e of dueToSend(await evaluateTasks(tx, ctx.site.code, player, zone, ctx.now, template))) {
      const amount = await payTask(tx, player, e, day.key, ctx.now, textIn(e.task.titles, 'en_US', ctx.site.languageCode))
      if (amount !== '0') paid.push(amount)
    }
    return paid.length === 0 ? null : storeNotice(tx, player.id, 'wallet/changed', { reason: 'task', amount: await sumAmounts(tx, paid) })
  })
  if (notice !== null) await ctx.socket?.send(player.id, [notice])
}

/** The player's tasks as the hall evaluates them now, those it sends by itself sent first. */
const evaluated = async (ctx: CallContext, player: PlayerRow, template?: Template) => {
  await sendDue(ctx, player, template)
  return evaluateTasks(ctx.db, ctx.site.code, player, zoneOf(ctx.site.timeZone), ctx.now, template)
}

/** The tasks and boxes a player can receive now, and their amount (the task red dot: the system menu's task count). */
export const taskRedDot = async (ctx: CallContext, player: PlayerRow): Promise<{ count: number; amount: string }> => {
  if (player.accountType === TRIAL_ACCOUNT) return { count: 0, amount: '0' }
  const tasks = (await evaluated(ctx, player)).filter((e) => e.status === 0)
  const day = await dayOf(ctx.db, zoneOf(ctx.site.timeZone), ctx.now)
  const boxes = (await boxesOf(ctx.db, ctx.site.code, player.id, day.key)).boxes.filter((b) => b.status === 0)
  return { count: tasks.length + boxes.length, amount: await sumAmounts(ctx.db, [...tasks.map((e) => e.task.reward), ...boxes.map((b) => b.reward)]) }
}

/** Receives what `pick` chooses of the player's tasks, in one transaction; answers what was paid. */
const receive = async (ctx: CallContext, template: Template | undefined, pick: (es: ReadonlyArray<EvaluatedTask>) => ReadonlyArray<EvaluatedTask>): Promise<Received> => {
  const { player } = await requirePlayer(ctx)
  if (player.accountType === TRIAL_ACCOUNT) throw new ServiceError(TaskCodes.trial, 'register to receive rewards')
  const zone = zoneOf(ctx.site.timeZone)
  const paid = await ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, player.id)
    const day = await dayOf(tx, zone, ctx.now)
    const chosen = pick(await evaluateTasks(tx, ctx.site.code, player, zone, ctx.now, template))
    const amounts: string[] = []
    for (const e of chosen) amounts.push(await payTask(tx, player, e, day.key, ctx.now, textIn(e.task.titles, 'en_US', ctx.site.languageCode)))
    return amounts.filter((x) => x !== '0')
  })
  return { amount: await sumAmounts(ctx.db, paid), count: paid.length, currency: player.currency, game_gold: await balanceOf(ctx.db, player.id, player.currency) }
}

export const taskCalls: ReadonlyArray<Implementation> = [
  implement(activeTaskIndex, async (ctx) => {
    const { player } = await requirePlayer(ctx)
    const all = await evaluated(ctx, player)
    const trial = player.accountType === TRIAL_ACCOUNT
    return {
      list: TEMPLATES.map((template) => {
        const of = all.filter((e) => e.task.template === template)
        return {
          template,
          title: textIn(GROUP_TITLES[template], ctx.language, ctx.site.languageCode),
          period: template === 'daily' ? (1 as const) : (0 as const),
          count: of.length,
          receivable: trial ? 0 : of.filter((e) => e.status === 0).length,
        }
      }).filter((g) => g.count > 0),
    }
  }),
  implement(activeTaskTask, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    const template = templateOf(p.template)
    return { list: (await evaluated(ctx, player, template)).map((e) => itemOf(e, titleOf(ctx, e))) }
  }),
  implement(activeTaskGetPrize, async (ctx, p) => {
    // The choice is made inside the receipt's transaction before anything is paid: a refusal thrown there writes nothing.
    const answer = await receive(ctx, undefined, (es) => {
      const e = es.find((x) => x.task.id === p.taskId)
      if (e === undefined) throw new ServiceError(TaskCodes.unknown, 'no such task')
      if (e.status === 1 || e.status === 4) throw new ServiceError(TaskCodes.received, e.status === 4 ? 'sent to your balance already' : 'already received')
      if (e.status === 2) throw new ServiceError(TaskCodes.expired, 'the time of this task is over')
      if (e.status === 99) throw new ServiceError(TaskCodes.notOpen, 'this task is not open yet')
      if (e.status !== 0) throw new ServiceError(TaskCodes.notDone, 'this task is not done yet')
      return [e]
    })
    if (answer.count === 0) throw new ServiceError(TaskCodes.received, 'already received')
    return answer
  }),
  implement(activeTaskGetPrizeAll, async (ctx, p) => {
    const answer = await receive(ctx, templateOf(p.template), (es) => es.filter((e) => e.status === 0))
    if (answer.count === 0) throw new ServiceError(TaskCodes.nothing, 'nothing to receive')
    return answer
  }),
  implement(vitalityBoxes, async (ctx, p) => {
    if (p.siteCode !== ctx.site.code) throw new ServiceError(TaskCodes.wrongSite, 'another site')
    const { player } = await requirePlayer(ctx)
    const day = await dayOf(ctx.db, zoneOf(ctx.site.timeZone), ctx.now)
    return boxesOf(ctx.db, ctx.site.code, player.id, day.key)
  }),
  implement(vitalityRevBox, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    if (player.accountType === TRIAL_ACCOUNT) throw new ServiceError(TaskCodes.trial, 'register to receive rewards')
    const zone = zoneOf(ctx.site.timeZone)
    const paid = await ctx.db.transaction(async (tx) => {
      await lockPlayer(tx, player.id)
      const day = await dayOf(tx, zone, ctx.now)
      const box = (await boxesOf(tx, ctx.site.code, player.id, day.key)).boxes.find((b) => b.boxId === p.boxId)
      if (box === undefined) throw new ServiceError(TaskCodes.unknownBox, 'no such box')
      if (box.status === 1) throw new ServiceError(TaskCodes.boxOpened, 'opened today already')
      if (box.status !== 0) throw new ServiceError(TaskCodes.boxNotReached, "the day's vitality has not reached this box")
      return payBox(tx, player, box, day.key, ctx.now, BOX_TURNOVER)
    })
    if (paid === '0') throw new ServiceError(TaskCodes.boxOpened, 'opened today already')
    return { amount: paid, count: 1, currency: player.currency, game_gold: await balanceOf(ctx.db, player.id, player.currency) }
  }),
  implement(taskSaveAddress, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    const address = p.address.trim()
    if (address === '' || address.length > MAX_ADDRESS) throw new ServiceError(TaskCodes.badAddress, 'not a task address')
    await ctx.db.query(
      'INSERT INTO task_addresses (player_id, address, action_type, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
      [player.id, address, p.actionType, new Date(ctx.now).toISOString()],
    )
    return {}
  }),
]
