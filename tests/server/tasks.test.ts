import { Schema } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activeTaskIndex, activeTaskTask, getRedDot, musicList, receiveRecords, vitalityBoxes } from '../../schemas/hall/calls'
import { startHall } from '../../server/hall'
import { GROUP_TITLES, SEED_TASKS, texts } from '../../server/tasks-seed'
import { hallPlayers, type HallPlayer } from './players'
import { connectSocket } from './socket-client'
import { callHall, control, playRound, player, visitor } from './support'
import type { Hall } from './support'

/**
 * The task centre at the hall (server/calls/tasks.ts, server/tasks.ts, migration 160): the groups
 * and tasks seeded per site; a task completed by the real event in the store (a bound phone, a
 * paid deposit, the bets of game rounds), never by what the lobby says; its prize paid once with
 * its ledger entry and turnover, also under concurrent receive and receive-all; the vitality of
 * the prizes received opening the boxes at their thresholds; the system menu's task count from the
 * same data; trial players refused; the saved task address stored.
 */
let hall: Hall
// The hall's clock runs ahead of the real one by `ahead` (tomorrow's daily tasks without waiting).
let ahead = 0
const DAY_MS = 86_400_000

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test', now: () => Date.now() + ahead })
}, 60_000)
afterAll(() => hall.close())

const decode = <S extends Schema.Top>(schema: S, data: unknown): S['Type'] => Schema.decodeUnknownSync(schema as unknown as Schema.Codec<S['Type']>)(data)
const { post, ok, deposit, balance, newPlayer: registered } = hallPlayers(() => hall.url, () => Date.now() + ahead)
const newPlayer = () => registered('task')
type P = HallPlayer

const tasks = async (p: P, template: string) => decode(activeTaskTask.response, await ok(p.caller, '/activetask/task', { template })).list
const task = async (p: P, template: string, taskType: number, condition = 0) => {
  const t = (await tasks(p, template)).find((x) => x.taskType === taskType && x.condition === condition)
  if (t === undefined) throw new Error(`no task ${taskType}/${condition} in ${template}`)
  return t
}
const boxes = async (p: P) => decode(vitalityBoxes.response, await ok(p.caller, '/activetask/vitality/boxs', { siteCode: '001' }))
const receive = (p: P, taskId: number) => post(p.caller, '/activetask/getprize', { taskId })
const receiveAll = (p: P, template: string) => post(p.caller, '/activetask/getprizeall', { template })
const MUSIC_PATH = musicList.path
const taskCount = async (p: P) => decode(getRedDot.response, await ok(p.caller, '/active/getred_dot', {})).taskCount

const bindPhone = async (p: P, phone: string): Promise<void> => {
  await ok(p.caller, '/user/security/createsms', { phone })
  const code = (await control(hall.url, 'last-code', { username: p.username, purpose: 'phone' }))['code'] as string
  await ok(p.caller, '/user/security/modifyphone', { phone, code })
}

describe('the task centre at the reference hall', () => {
  it('answers the groups and a fresh player’s tasks: registered is done, the rest to do', async () => {
    const p = await newPlayer()
    const index = decode(activeTaskIndex.response, await ok(p.caller, '/activetask/index', {}))
    expect(index.list.map((g) => [g.template, g.title, g.period, g.receivable])).toEqual([['newcomer', 'Newcomer tasks', 0, 1], ['daily', 'Daily tasks', 1, 0]])
    const newcomer = await tasks(p, 'newcomer')
    expect(newcomer.map((t) => [t.taskType, t.status])).toEqual([[0, 0], [1, 3], [19, 3], [17, 3], [10, 3], [7, 3], [4, 3], [5, 3], [6, 3], [16, 3], [8, 3], [11, 3], [14, 3], [3, 3]])
    expect(newcomer[1]).toMatchObject({ title: 'Bind your phone', need: '1', done: '0', reward: '2', vitality: 20, location_type: 1 })
    expect(newcomer[3]).toMatchObject({ taskType: 17, location_type: 5 })
    const daily = await tasks(p, 'daily')
    expect(daily.map((t) => [t.condition, t.need, t.done, t.status])).toEqual([[1, '100', '0', 3], [2, '300', '0', 3], [3, '50', '0', 3]])
    // Every title is seeded in the lobby's 18 languages.
    for (const titles of [...SEED_TASKS.map((t) => texts(t.title)), ...Object.values(GROUP_TITLES)]) {
      expect(Object.keys(titles)).toHaveLength(18)
      expect(new Set(Object.values(titles)).size).toBeGreaterThan(10)
    }
    expect(await taskCount(p)).toBe(1)
    expect((await boxes(p)).boxes.map((b) => [b.need, b.reward, b.status])).toEqual([[30, '1', 3], [60, '3', 3], [100, '8', 3]])
  })

  it('binding a phone completes its task; the prize is paid once with its ledger entry and turnover; the vitality opens a box', async () => {
    const p = await newPlayer()
    const phoneTask = await task(p, 'newcomer', 1)
    expect((await receive(p, phoneTask.taskId)).envelope.code).toBe(1801)
    await bindPhone(p, '5551110001')
    expect(await task(p, 'newcomer', 1)).toMatchObject({ status: 0, done: '1' })
    expect(await taskCount(p)).toBe(2)
    const before = Number(await balance(p))
    const r = await receive(p, phoneTask.taskId)
    expect(r.envelope.code, r.envelope.msg).toBe(1)
    expect(r.envelope.data).toMatchObject({ amount: '2', count: 1, currency: 'USD' })
    expect(Number((r.envelope.data as { game_gold: string }).game_gold)).toBe(before + 2)
    expect(await task(p, 'newcomer', 1)).toMatchObject({ status: 1 })
    expect((await receive(p, phoneTask.taskId)).envelope.code).toBe(1802)
    expect(Number(await balance(p))).toBe(before + 2)
    const audits = (await ok(p.caller, '/certify/auditRecordPageList', { current: 1, size: 10 })) as { records: Array<{ source: string; amount: string; need_bet: string }> }
    expect(audits.records.filter((x) => x.source === 'task').map((x) => [Number(x.amount), Number(x.need_bet)])).toEqual([[2, 2]])
    // 20 vitality: the first box needs 30. Receiving the registration's prize adds 10.
    const first = await boxes(p)
    expect(first.vitality).toBe(20)
    const box = first.boxes[0]!
    expect((await post(p.caller, '/activetask/vitality/revBox', { boxId: box.boxId })).envelope.code).toBe(1808)
    expect((await receiveAll(p, 'newcomer')).envelope.data).toMatchObject({ amount: '1', count: 1 })
    expect((await boxes(p)).boxes.map((b) => b.status)).toEqual([0, 3, 3])
    const opened = await post(p.caller, '/activetask/vitality/revBox', { boxId: box.boxId })
    expect(opened.envelope.code, opened.envelope.msg).toBe(1)
    expect(opened.envelope.data).toMatchObject({ amount: '1', count: 1 })
    expect((await post(p.caller, '/activetask/vitality/revBox', { boxId: box.boxId })).envelope.code).toBe(1809)
    expect(Number(await balance(p))).toBe(before + 4)
    expect(await taskCount(p)).toBe(0)
    // The receive records list the three receipts as the task centre's, today and not yesterday.
    const records = async (q: Record<string, unknown>) =>
      Schema.decodeUnknownSync(receiveRecords.response)(await ok(p.caller, '/record/receiveRecords', { current: 1, size: 10, ...q }))
    const today = await records({ dateType: 0, source: 'task' })
    expect(today.page.records.map((x) => x.amount).sort()).toEqual(['1', '1', '2'])
    expect(today.summary.amount).toBe('4')
    expect((await records({ dateType: 1, source: 'task' })).page.total).toBe(0)
    expect((await records({ dateType: 0, source: 'other' })).page.total).toBe(0)
  })

  it('a task of auto dispatch is sent by the hall once done: HasSend 4, paid once under concurrent evaluations, the socket told', async () => {
    expect(await control(hall.url, 'task-dispatch', { template: 'newcomer', taskType: 1, dispatch: 4 })).toMatchObject({ ok: true, tasks: 1 })
    try {
      const p = await newPlayer()
      const socket = connectSocket(hall.url, (p.data as unknown as { token: string }).token, '001')
      await socket.opened
      socket.send({ type: 'Ping' })
      await socket.until((f) => f.type === 'Pong')
      expect(await task(p, 'newcomer', 1)).toMatchObject({ status: 3 })
      const before = Number(await balance(p))
      await bindPhone(p, '5551110009')
      // Every call that evaluates the tasks at once: the prize of 2 is sent by one of them.
      await Promise.all([tasks(p, 'newcomer'), tasks(p, 'newcomer'), taskCount(p), ok(p.caller, '/activetask/index', {}), receiveAll(p, 'newcomer')])
      expect(await task(p, 'newcomer', 1)).toMatchObject({ status: 4, done: '1' })
      // The registration's prize of 1 may have been received by the receive-all; the phone's is paid once, by the hall.
      const registered = (await task(p, 'newcomer', 0)).status === 1 ? 1 : 0
      expect(Number(await balance(p))).toBe(before + 2 + registered)
      expect((await receive(p, (await task(p, 'newcomer', 1)).taskId)).envelope.code).toBe(1802)
      expect(Number(await balance(p))).toBe(before + 2 + registered)
      const sent = await socket.until((f) => f.type === 'notice' && f.content.type === 'wallet/changed')
      expect(sent.map((f) => (f.type === 'notice' ? f.content.data : null))).toEqual([{ reason: 'task', amount: '2' }])
      // Its ledger entry is the task centre's, with its turnover.
      const audits = (await ok(p.caller, '/certify/auditRecordPageList', { current: 1, size: 10 })) as { records: Array<{ source: string; amount: string }> }
      expect(audits.records.filter((x) => x.source === 'task').map((x) => Number(x.amount)).sort()).toEqual(registered === 1 ? [1, 2] : [2])
      await socket.close()
    } finally {
      await control(hall.url, 'task-dispatch', { template: 'newcomer', taskType: 1, dispatch: 2 })
    }
  })

  it('concurrent receives and receive-alls pay each prize once', async () => {
    const p = await newPlayer()
    await bindPhone(p, '5551110002')
    const [register, phone] = [await task(p, 'newcomer', 0), await task(p, 'newcomer', 1)]
    const before = Number(await balance(p))
    const answers = await Promise.all([
      receive(p, register.taskId), receiveAll(p, 'newcomer'), receive(p, phone.taskId), receiveAll(p, 'newcomer'), receive(p, register.taskId), receive(p, phone.taskId),
    ])
    expect(answers.every((a) => [1, 1802, 1806].includes(a.envelope.code))).toBe(true)
    const paid = answers.filter((a) => a.envelope.code === 1).map((a) => a.envelope.data as { amount: string; count: number })
    // Registration 1 and the phone 2, each once, whichever request took them.
    expect(paid.reduce((s, a) => s + Number(a.amount), 0)).toBe(3)
    expect(paid.reduce((s, a) => s + a.count, 0)).toBe(2)
    expect(Number(await balance(p))).toBe(before + 3)
    expect((await boxes(p)).vitality).toBe(30)
  })

  it('daily tasks: the day’s real deposits and rounds fill them; received, they come back the next day', async () => {
    const p = await newPlayer()
    await deposit(p, '110') // 107.8 credited (the 2% fee off)
    const site = await visitor(hall.url)
    await playRound(hall.url, site, p.caller, p.data, '60', 'win')
    expect((await tasks(p, 'daily')).map((t) => [t.condition, t.done, t.status])).toEqual([[1, '107.8', 0], [2, '60', 3], [3, '60', 0]])
    // The first deposit is a newcomer task too.
    expect(await task(p, 'newcomer', 17)).toMatchObject({ status: 0 })
    for (let i = 0; i < 3; i += 1) await playRound(hall.url, site, p.caller, p.data, '80', 'win')
    expect(await task(p, 'daily', 0, 2)).toMatchObject({ done: '300', status: 0 })
    const r = await receiveAll(p, 'daily')
    expect(r.envelope.data).toMatchObject({ amount: '6', count: 3 })
    expect((await tasks(p, 'daily')).map((t) => t.status)).toEqual([1, 1, 1])
    expect((await receiveAll(p, 'daily')).envelope.code).toBe(1806)
    ahead += DAY_MS
    try {
      expect((await tasks(p, 'daily')).map((t) => [t.done, t.status])).toEqual([['0', 3], ['0', 3], ['0', 3]])
      expect((await boxes(p)).vitality).toBe(0)
    } finally {
      ahead -= DAY_MS
    }
  })

  it('the music task needs a track of the player’s own choice, not the two the lobby adds to an empty list', async () => {
    const p = await newPlayer()
    const download = async (music_id: number) => expect((await callHall(hall.url, p.caller, 'GET', MUSIC_PATH, { reqType: 2, music_id }, { timestamp: Date.now() + ahead })).envelope.code).toBe(1)
    for (const music_id of [101, 102]) await download(music_id)
    expect(await task(p, 'newcomer', 11)).toMatchObject({ status: 3, done: '0' })
    await download(104)
    expect(await task(p, 'newcomer', 11)).toMatchObject({ status: 0, done: '1' })
  })

  it('refuses a trial player, an unknown task or group, another site’s boxes; stores the saved task address', async () => {
    const guest = await post(await visitor(hall.url), '/home/testregister', { token: 'sys', currency: 'USD' })
    const g = player('001', guest.envelope.data)
    const guestTasks = decode(activeTaskTask.response, (await post(g, '/activetask/task', { template: 'newcomer' })).envelope.data).list
    expect(guestTasks[0]).toMatchObject({ taskType: 0, status: 3 })
    expect((await post(g, '/activetask/getprizeall', { template: 'newcomer' })).envelope.code).toBe(1804)
    const p = await newPlayer()
    expect((await receive(p, 999_999)).envelope.code).toBe(1800)
    expect((await receiveAll(p, 'weekly')).envelope.code).toBe(1800)
    expect((await post(p.caller, '/activetask/vitality/boxs', { siteCode: '201' })).envelope.code).toBe(1811)
    expect((await post(p.caller, '/activetask/task_save_address', { address: '  ', actionType: 2 })).envelope.code).toBe(1810)
    expect((await post(p.caller, '/activetask/task_save_address', { address: 'f1c2-uuid', actionType: 2 })).envelope.code).toBe(1)
    expect((await post(p.caller, '/activetask/task_save_address', { address: 'f1c2-uuid', actionType: 2 })).envelope.code).toBe(1)
  })
})
