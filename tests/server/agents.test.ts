import { Schema } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  accountDetails, getAgentMode, promoteDetails, getChannelInfo, getIpBindInfo, linkSetting, myTransferRecord, promoteCommissionReceive, promoteCommissions, promoteSummary, promoteTeam,
  type CommissionRate, type LevelFigures,
} from '../../schemas/hall/calls'
import { startHall } from '../../server/hall'
import { hallPlayers, type HallPlayer } from './players'
import { control, player, playRound, visitor } from './support'
import type { Hall } from './support'

/**
 * Agents at the hall (server/agents.ts, server/calls/agents.ts, migration 210): a scripted tree of
 * four levels registered through invite codes, with real deposits and rounds; the commission of
 * each agent mode equals the documented formula, trunc(Σ base(level, basis) × rate / 100, 2) with
 * a net base at least 0, to the cent; a closed period is paid once even when received twice at
 * once; a proxy transfer moves balance in one transaction with ledger entries on both sides, and
 * above the agent's balance changes nothing.
 */
let hall: Hall
beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test' })
}, 60_000)
afterAll(() => hall.close())

const decode = <S extends Schema.Top>(schema: S, data: unknown): S['Type'] => Schema.decodeUnknownSync(schema as unknown as Schema.Codec<S['Type']>)(data)
const { post, ok, deposit, balance, newPlayer } = hallPlayers(() => hall.url)
type P = HallPlayer

let serial = 0
/** Registers through an invite link: the register call carries the inviter's id (and a channel). */
const invited = async (inviter: P | null, channelId?: string): Promise<P> => {
  serial += 1
  const username = `agt${serial}x${Date.now() % 100_000}`
  const code = inviter === null ? undefined : decode(promoteSummary.response, await ok(inviter.caller, '/promote/summary', {})).inviteCode
  const data = await ok(await visitor(hall.url), '/home/register', {
    username, password: 'abc12345', ...(code === undefined ? {} : { inviteCode: code }), ...(channelId === undefined ? {} : { channelId }),
  })
  return { caller: player('001', data), username, data: data as P['data'] }
}

const play = async (p: P, rounds: ReadonlyArray<readonly [string, 'win' | 'lose']>): Promise<void> => {
  const site = await visitor(hall.url)
  for (const [bet, outcome] of rounds) await playRound(hall.url, site, p.caller, p.data, bet, outcome)
}

const summary = async (p: P) => decode(promoteSummary.response, await ok(p.caller, '/promote/summary', {}))

/** Exact decimals as integers of 10^-8. */
const SCALE = 8
const fixed = (s: string): bigint => {
  const neg = s.startsWith('-')
  const [i = '0', f = ''] = (neg ? s.slice(1) : s).split('.')
  const v = BigInt(i) * 10n ** BigInt(SCALE) + BigInt((f + '0'.repeat(SCALE)).slice(0, SCALE))
  return neg ? -v : v
}
/** The documented formula: trunc(Σ base × rate / 100, 2), a net base at least 0. */
const expected = (levels: ReadonlyArray<LevelFigures>, rates: ReadonlyArray<CommissionRate>): string => {
  let sum = 0n // in 10^-16 × percent
  for (const r of rates) {
    const l = levels.find((x) => x.level === r.level)
    const raw = l === undefined ? '0' : r.basis === 'deposit' ? l.deposits : r.basis === 'bet' ? l.bets : l.net
    const base = fixed(raw) < 0n && r.basis === 'net' ? 0n : fixed(raw)
    sum += base * fixed(r.rate)
  }
  const cents = sum / (100n * 10n ** BigInt(2 * SCALE - 2))
  const text = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`
  return text.replace(/\.?0+$/, '') || '0'
}

/** Every ledger entry of the player (at most 50 here) and their sum. */
const ledger = async (p: P) => {
  const d = decode(accountDetails.response, await ok(p.caller, '/record/accountDetails', { current: 1, size: 50, dateType: 7 }))
  const rows = d.records
  const sum = rows.reduce((s, r) => s + fixed(r.amount), 0n)
  return { rows, sum }
}

describe('agents at the reference hall', () => {
  let A: P, B1: P, B2: P, C1: P, D1: P, E1: P
  beforeAll(async () => {
    A = await newPlayer('agt')
    B1 = await invited(A, '1001')
    B2 = await invited(A)
    C1 = await invited(B1)
    D1 = await invited(C1)
    E1 = await invited(D1)
    for (const [p, amount] of [[B1, '100'], [B2, '50.55'], [C1, '40'], [D1, '30'], [E1, '20']] as const) await deposit(p, amount)
    await play(B1, [['12.34', 'lose'], ['7.89', 'lose'], ['3.33', 'win']])
    await play(B2, [['5.55', 'lose']])
    await play(C1, [['10.01', 'lose'], ['4.44', 'win']])
    await play(D1, [['6.66', 'win']])
    await play(E1, [['9.99', 'lose']])
  }, 120_000)

  it('binds the invitees and the channel at registration, and answers the link, the mode, the bind and the channel', async () => {
    expect(decode(getAgentMode.response, await ok(A.caller, '/promote/getAgentMode', {})).agentMode).toBe(30004)
    const code = (await summary(A)).inviteCode
    const link = decode(linkSetting.response, await ok(A.caller, '/promote/linksetting', { linkType: 4 }))
    expect(link).toEqual({ linkType: 4, url: `/?id=${code}&linkType=4`, inviteCode: code })
    expect(decode(linkSetting.response, await ok(A.caller, '/promote/linksetting', { linkType: 2 })).url).toBe(`/?id=${code}`)
    const bind = decode(getIpBindInfo.response, await ok(B1.caller, '/promote/getIpBindInfo', {}))
    expect(bind).toEqual({ bound: 1, agentId: code, agentName: A.username, channelId: '1001' })
    expect(decode(getIpBindInfo.response, await ok(await visitor(hall.url), '/promote/getIpBindInfo', { agentName: code })).agentName).toBe(A.username)
    expect(decode(getIpBindInfo.response, await ok(await visitor(hall.url), '/promote/getIpBindInfo', {})).bound).toBe(0)
    expect(decode(getChannelInfo.response, await ok(A.caller, '/promote/getChannelInfo', { channelId: '1001' }))).toEqual({ channelId: '1001', channelName: 'Main channel', guideSetupMode: 1 })
    expect((await post(A.caller, '/promote/getChannelInfo', { channelId: 'nope' })).envelope.code).toBe(2106)
    // An unknown invite code binds nobody; registration goes on.
    const lone = decode(getIpBindInfo.response, await ok((await (async () => {
      const data = await ok(await visitor(hall.url), '/home/register', { username: `lone${Date.now() % 100_000}`, password: 'abc12345', inviteCode: '999999999' })
      return player('001', data)
    })()), '/promote/getIpBindInfo', {}))
    expect(lone.bound).toBe(0)
  })

  it('answers the invite-friends event of promote_details from the invitees', async () => {
    const d = decode(promoteDetails.response, await ok(A.caller, '/active/promote_details', {}))
    const code = (await summary(A)).inviteCode
    // Two direct invitees, both with a paid deposit; the first tier gives 5 for 1 friend.
    expect([d.template, d.inviteUrl, d.inviteCount, d.validCount, d.rewardPerFriend]).toEqual(['invite', `/?id=${code}`, 2, 2, '5'])
    expect(Number(d.receivable) + Number(d.received)).toBeGreaterThan(0)
  })

  it('lists the team by level with their deposits and bets', async () => {
    const all = decode(promoteTeam.response, await ok(A.caller, '/promote/team', { current: 1, size: 10 }))
    expect(all.total).toBe(5)
    const row = (p: P) => all.records.find((r) => r.username === p.username)!
    expect([row(B1).level, row(B2).level, row(C1).level, row(D1).level, row(E1).level]).toEqual([1, 1, 2, 3, 3])
    expect([row(B1).deposits, row(B1).bets, row(B2).deposits, row(C1).bets]).toEqual(['100', '23.56', '50.55', '14.45'])
    const second = decode(promoteTeam.response, await ok(A.caller, '/promote/team', { level: 2 }))
    expect(second.records.map((r) => r.username)).toEqual([C1.username])
    expect((await summary(A)).team).toEqual([{ level: 1, count: 2 }, { level: 2, count: 1 }, { level: 3, count: 2 }])
  })

  it('computes the commission of each agent mode by the documented formula, to the cent', async () => {
    const cases = [
      // 29.11 × 0.6 % + 14.45 × 0.3 % + (6.66 + 9.99) × 0.1 % = 0.23466
      { mode: 30004, amount: '0.23', l3: { count: 2, deposits: '50', bets: '16.65', net: '3.33' } },
      // 150.55 × 1 % + 29.11 × 0.5 % = 1.65105
      { mode: 1, amount: '1.65', l3: null },
      // 22.45 × 20 % = 4.49
      { mode: 2, amount: '4.49', l3: null },
      // 22.45 × 20 % + 5.57 × 10 % + max(0, −6.66) × 5 % = 5.047
      { mode: 10002, amount: '5.04', l3: { count: 1, deposits: '30', bets: '6.66', net: '-6.66' } },
    ] as const
    for (const c of cases) {
      await control(hall.url, 'agent-mode', { mode: c.mode })
      const s = await summary(A)
      expect(s.agentMode).toBe(c.mode)
      expect(s.open.levels[0]).toEqual({ level: 1, count: 2, deposits: '150.55', bets: '29.11', net: '22.45' })
      if (c.mode === 30004 || c.mode === 10002) expect(s.open.levels[1]).toEqual({ level: 2, count: 1, deposits: '40', bets: '14.45', net: '5.57' })
      if (c.l3 !== null) expect(s.open.levels[2]).toEqual({ level: 3, ...c.l3 })
      expect(s.open.levels.length).toBe(c.mode === 1 || c.mode === 2 ? 1 : 3)
      expect(s.open.amount).toBe(expected(s.open.levels, s.rates))
      expect(s.open.amount).toBe(c.amount)
    }
  })

  it('pays a closed period once, even when received twice at once', async () => {
    await control(hall.url, 'agent-mode', { mode: 10002 })
    expect((await post(A.caller, '/promote/commission/receive', {})).envelope.code).toBe(2102)
    expect(await control(hall.url, 'agent-settle', { username: A.username })).toMatchObject({ closed: true })
    const s = await summary(A)
    expect([s.receivable, s.receivableCount, s.open.amount]).toEqual(['5.04', 1, '0'])
    const list = decode(promoteCommissions.response, await ok(A.caller, '/promote/commission/list', {}))
    expect(list.records.map((r) => [r.amount, r.status, r.agentMode])).toEqual([['5.04', 0, 10002]])
    const before = fixed(await balance(A))
    const answers = await Promise.all([post(A.caller, '/promote/commission/receive', {}), post(A.caller, '/promote/commission/receive', {})])
    expect(answers.map((a) => a.envelope.code).sort()).toEqual([1, 2102])
    const paid = decode(promoteCommissionReceive.response, answers.find((a) => a.envelope.code === 1)!.envelope.data)
    expect([paid.amount, paid.count]).toEqual(['5.04', 1])
    expect(fixed(await balance(A))).toBe(before + fixed('5.04'))
    expect(fixed(paid.game_gold)).toBe(before + fixed('5.04'))
    const after = decode(promoteCommissions.response, await ok(A.caller, '/promote/commission/list', {}))
    expect(after.records.map((r) => r.status)).toEqual([1])
    expect((await summary(A)).received).toBe('5.04')
    const { rows, sum } = await ledger(A)
    expect(rows.filter((r) => r.kind === 'bonus').map((r) => r.amount)).toEqual(['5.04'])
    expect(sum).toBe(fixed(await balance(A)))
    await control(hall.url, 'agent-mode', { mode: 30004 })
  })

  it('moves balance to a direct invitee only, never above the balance, with ledger entries and records on both sides', async () => {
    const [a0, b0] = [await balance(B1), await balance(C1)]
    // C1 is B1's direct invitee; D1 is not.
    const above = await post(B1.caller, '/promote/proxyTransfer', { username: C1.username, amount: String(Number(a0) + 0.01) })
    expect(above.envelope.code).toBe(2104)
    expect((await post(B1.caller, '/promote/proxyTransfer', { username: D1.username, amount: '1' })).envelope.code).toBe(2103)
    expect((await post(B1.caller, '/promote/proxyTransfer', { username: B1.username, amount: '1' })).envelope.code).toBe(2103)
    for (const amount of ['0', '-1', '1.234', '0.00']) expect((await post(B1.caller, '/promote/proxyTransfer', { username: C1.username, amount })).envelope.code).toBe(2105)
    expect([await balance(B1), await balance(C1)]).toEqual([a0, b0])
    expect(decode(myTransferRecord.response, await ok(B1.caller, '/promote/myTransferRecord', {})).total).toBe(0)

    const done = (await ok(B1.caller, '/promote/proxyTransfer', { username: C1.username, amount: '12.5' })) as { amount: string; game_gold: string }
    expect(done.amount).toBe('12.5')
    expect(fixed(await balance(B1))).toBe(fixed(a0) - fixed('12.5'))
    expect(fixed(await balance(C1))).toBe(fixed(b0) + fixed('12.5'))
    expect(fixed(done.game_gold)).toBe(fixed(a0) - fixed('12.5'))
    const sent = decode(myTransferRecord.response, await ok(B1.caller, '/promote/myTransferRecord', {}))
    expect(sent.records.map((r) => [r.direction, r.counterpart, r.amount])).toEqual([['sent', C1.username, '12.5']])
    const got = decode(myTransferRecord.response, await ok(C1.caller, '/promote/myTransferRecord', { direction: 'received' }))
    expect(got.records.map((r) => [r.direction, r.counterpart, r.amount])).toEqual([['received', B1.username, '12.5']])
    expect(decode(myTransferRecord.response, await ok(C1.caller, '/promote/myTransferRecord', { direction: 'sent' })).total).toBe(0)
    for (const p of [B1, C1]) {
      const { rows, sum } = await ledger(p)
      expect(sum).toBe(fixed(await balance(p)))
      expect(rows.filter((r) => r.kind === 'transfer').map((r) => r.amount)).toEqual([p === B1 ? '-12.5' : '12.5'])
    }
  })

  it('refuses trial players and visitors', async () => {
    const guest = player('001', await ok(await visitor(hall.url), '/home/testregister', { currency: 'USD' }))
    expect((await post(guest, '/promote/summary', {})).envelope.code).toBe(2101)
    expect((await post(await visitor(hall.url), '/promote/summary', {})).envelope.code).toBe(-1)
  })
})
