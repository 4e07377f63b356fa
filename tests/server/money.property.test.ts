/**
 * The money core (server/money) under random orders of deposits, game rounds, withdrawals (asked,
 * repeated, decided), savings moves (yuebao, once per request id), rewards and rebates, on PGlite
 * in memory. After every step: no balance is negative, every balance equals the sum of its ledger
 * and what the steps say it should be, and every entry's kind is one of the union; every kind of
 * the union has its categories.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate, openDb } from '../../server/db'
import type { Db } from '../../server/db'
import { settleRound } from '../../server/games/play'
import { depositCredited } from '../../server/calls/pay'
import { REBATE_KIND } from '../../server/calls/rebates'
import { YUEBAO_KINDS } from '../../server/calls/yuebao'
import { needsSeed, seed } from '../../server/seed'
import { ALL_KINDS, LEDGER_KINDS, credit, debit, isLedgerKind, kindsWhere, lockWallet, type LedgerKind } from '../../server/money'
import { payReward } from '../../server/rewards'
import { createPlayer } from '../../server/store'
import { WithdrawError, bindAccount, requestWithdraw, setSettings, settleWithdraw } from '../../server/withdraw'
import type { SettleAction } from '../../server/withdraw'

let db: Db

beforeAll(async () => {
  db = await openDb('memory')
  await migrate(db)
  if (await needsSeed(db)) await seed(db, { demoPlayers: false })
  await setSettings(db, '001', { dailyTimes: 100_000, dailyMaxAmount: '1000000000' })
}, 120_000)
afterAll(async () => {
  await db.close()
})

/** The reward kinds a step may pay (every kind with a receipt source, as the rewards pay them). */
const REWARD_KINDS = ALL_KINDS.filter((k) => LEDGER_KINDS[k].receipt !== null && k !== 'activity-guess-stake')

type Step =
  | { readonly kind: 'deposit'; readonly amount: number; readonly bonus: number }
  | { readonly kind: 'round'; readonly bet: number; readonly win: number }
  | { readonly kind: 'withdraw'; readonly amount: number; readonly repeat: boolean }
  | { readonly kind: 'decide'; readonly order: number; readonly action: SettleAction }
  | { readonly kind: 'save'; readonly amount: number; readonly repeat: boolean }
  | { readonly kind: 'takeout'; readonly amount: number }
  | { readonly kind: 'reward'; readonly amount: number; readonly of: LedgerKind }
  | { readonly kind: 'rebate'; readonly amount: number }

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), amount: fc.integer({ min: 1, max: 500 }), bonus: fc.integer({ min: 0, max: 20 }) }),
  fc.record({ kind: fc.constant('round' as const), bet: fc.integer({ min: 1, max: 200 }), win: fc.integer({ min: 0, max: 400 }) }),
  fc.record({ kind: fc.constant('withdraw' as const), amount: fc.integer({ min: 5, max: 300 }), repeat: fc.boolean() }),
  fc.record({ kind: fc.constant('decide' as const), order: fc.nat(20), action: fc.constantFrom<SettleAction>('approve', 'pay', 'reject', 'fail') }),
  fc.record({ kind: fc.constant('save' as const), amount: fc.integer({ min: 1, max: 300 }), repeat: fc.boolean() }),
  fc.record({ kind: fc.constant('takeout' as const), amount: fc.integer({ min: 1, max: 300 }) }),
  fc.record({ kind: fc.constant('reward' as const), amount: fc.integer({ min: 1, max: 100 }), of: fc.constantFrom(...REWARD_KINDS) }),
  fc.record({ kind: fc.constant('rebate' as const), amount: fc.integer({ min: 1, max: 50 }) }),
)

/** The wallet's balance, its ledger's sum, and the kinds its entries carry. */
const ledgerOf = async (playerId: string) => {
  const r = (
    await db.query<{ balance: string; sum: string; kinds: string[] }>(
      `SELECT (SELECT balance::text FROM wallets WHERE player_id = $1 AND currency = 'USD') AS balance,
              (SELECT coalesce(sum(amount), 0)::text FROM wallet_entries WHERE player_id = $1) AS sum,
              (SELECT coalesce(array_agg(DISTINCT kind), '{}') FROM wallet_entries WHERE player_id = $1) AS kinds`,
      [playerId],
    )
  ).rows[0]
  if (r === undefined) throw new Error('no ledger row')
  return r
}

let players = 0

describe('the money core', () => {
  it('gives every kind its categories', () => {
    for (const k of ALL_KINDS) {
      expect(LEDGER_KINDS[k].movement).not.toBe('all')
      expect(['deposit', null]).toContain(LEDGER_KINDS[k].vip)
    }
    expect(kindsWhere('vip', 'deposit')).toEqual(['control', 'deposit'])
  })

  it('keeps every balance equal to its ledger under random deposits, rounds, withdrawals, savings, rewards and rebates', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 20 }), async (steps) => {
        players += 1
        const p = await db.transaction((tx) => createPlayer(tx, { siteCode: '001', username: `money${players}`, passwordHash: null, accountType: 0, currency: 'USD' }))
        const wallet = { playerId: p.id, currency: 'USD' }
        const account = await bindAccount(db, p.id, { kind: 'bank', name: 'JPMorgan Chase', code: 'CHASE', accountNo: '4111222233334444', holder: 'A', currency: 'USD' })
        let cents = 0
        let principal = 0
        let requests = 0
        const orders: string[] = []
        const saves = new Map<string, number>()
        for (const s of steps) {
          switch (s.kind) {
            case 'deposit':
              requests += 1
              await db.transaction((tx) =>
                depositCredited(tx, { orderNo: `P${requests}`, playerId: p.id, walletCurrency: 'USD', credit: String(s.amount + s.bonus), bonus: String(s.bonus), rate: '1' }),
              )
              cents += (s.amount + s.bonus) * 100
              break
            case 'round': {
              const round = await settleRound(db, { playerId: p.id, gameId: 130009, currency: 'USD', bet: String(s.bet), win: String(s.win) })
              if (round === undefined) expect(cents).toBeLessThan(s.bet * 100)
              else cents += (s.win - s.bet) * 100
              break
            }
            case 'withdraw': {
              requests += 1
              const ask = () => requestWithdraw(db, { playerId: p.id, siteCode: '001', accountId: account.id, amount: String(s.amount), requestId: `w-${requests}`, dayStart: new Date(0), now: Date.now() })
              try {
                const r = await ask()
                orders.push(r.order.id)
                cents -= s.amount * 100
                if (s.repeat) expect((await ask()).created).toBe(false)
              } catch (e) {
                if (!(e instanceof WithdrawError)) throw e
              }
              break
            }
            case 'decide': {
              const orderNo = orders[s.order % Math.max(1, orders.length)]
              if (orderNo === undefined) break
              const r = await settleWithdraw(db, orderNo, s.action, '', Date.now())
              if (r.changed && (r.status === 3 || r.status === 4)) cents += Number(r.amount) * 100
              break
            }
            case 'save': {
              // A savings move through the core: once per request id, a repeat moves nothing again.
              requests += 1
              const id = `s-${requests}`
              for (let i = 0; i < (s.repeat ? 2 : 1); i++) {
                const moved = await db.transaction(async (tx) => {
                  await lockWallet(tx, wallet)
                  if (saves.has(id)) return false
                  return (await debit(tx, wallet, String(s.amount), YUEBAO_KINDS.save)) !== undefined
                })
                if (moved) {
                  saves.set(id, s.amount)
                  cents -= s.amount * 100
                  principal += s.amount
                }
              }
              break
            }
            case 'takeout':
              if (s.amount > principal) break
              await db.transaction((tx) => credit(tx, wallet, String(s.amount), YUEBAO_KINDS.takeout))
              principal -= s.amount
              cents += s.amount * 100
              break
            case 'reward':
              await db.transaction((tx) => payReward(tx, p, String(s.amount), s.of, { multiple: '1', source: 'activity', title: 'property' }))
              cents += s.amount * 100
              break
            case 'rebate':
              await db.transaction((tx) => payReward(tx, p, String(s.amount), REBATE_KIND, { multiple: '0', source: 'rebate', title: 'Rebate' }))
              cents += s.amount * 100
              break
          }
          const l = await ledgerOf(p.id)
          expect(Number(l.balance)).toBeGreaterThanOrEqual(0)
          expect(Number(l.balance)).toBe(Number(l.sum))
          expect(Math.round(Number(l.balance) * 100)).toBe(cents)
          for (const k of l.kinds) expect(isLedgerKind(k)).toBe(true)
        }
      }),
      { numRuns: 15 },
    )
  }, 600_000)
})
