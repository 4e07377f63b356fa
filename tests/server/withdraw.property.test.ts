/**
 * The hall's money-out ledger under random interleavings: credits (standing in for deposits, some
 * with a turnover requirement), bets of game rounds, withdraw requests (some repeated with the same
 * request id, some two at once), approvals, payouts, rejections, failures and restarts of the
 * store. After every step: no balance is negative, the balance is the sum of the ledger and what
 * the steps say it should be, every order was held once, released at most once and paid at most
 * once, and no order is both.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate, openDb } from '../../server/db'
import type { Db } from '../../server/db'
import { settleRound } from '../../server/games/play'
import { needsSeed, seed } from '../../server/seed'
import { credit } from '../../server/money'
import { balanceOf, createPlayer } from '../../server/store'
import { WithdrawError, addTurnover, bindAccount, requestWithdraw, setSettings, settleWithdraw, withdrawableOf } from '../../server/withdraw'
import type { SettleAction } from '../../server/withdraw'

const dataDir = mkdtempSync(join(tmpdir(), 'lobby-withdraw-'))
let db: Db

const open = async (): Promise<Db> => {
  const d = await openDb(dataDir)
  await migrate(d)
  if (await needsSeed(d)) await seed(d, { demoPlayers: true })
  return d
}

beforeAll(async () => {
  db = await open()
  // Many withdrawals a day, so the daily allowance does not hide the ledger's behaviour.
  await setSettings(db, '001', { dailyTimes: 100_000, dailyMaxAmount: '1000000000' })
}, 120_000)
afterAll(async () => {
  await db.close()
  rmSync(dataDir, { recursive: true, force: true })
})

type Step =
  | { readonly kind: 'credit'; readonly amount: number; readonly multiple: number | null }
  | { readonly kind: 'bet'; readonly amount: number; readonly win: boolean }
  | { readonly kind: 'withdraw'; readonly amount: number; readonly repeat: boolean }
  | { readonly kind: 'twice'; readonly amount: number }
  | { readonly kind: 'settle'; readonly order: number; readonly action: SettleAction }
  | { readonly kind: 'restart' }

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('credit' as const), amount: fc.integer({ min: 1, max: 400 }), multiple: fc.option(fc.integer({ min: 1, max: 3 })) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('bet' as const), amount: fc.integer({ min: 1, max: 150 }), win: fc.boolean() }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('withdraw' as const), amount: fc.integer({ min: 5, max: 300 }), repeat: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('twice' as const), amount: fc.integer({ min: 10, max: 300 }) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('settle' as const), order: fc.nat(20), action: fc.constantFrom<SettleAction>('approve', 'pay', 'reject', 'fail') }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) },
)

let players = 0

const ledgerOf = async (playerId: string) =>
  (
    await db.query<{ balance: string; sum: string; holds: number; releases: number; paid: number; orders: number; refunded: number; payouts: number }>(
      `SELECT (SELECT balance::text FROM wallets WHERE player_id = $1 AND currency = 'USD') AS balance,
              (SELECT coalesce(sum(amount), 0)::text FROM wallet_entries WHERE player_id = $1) AS sum,
              (SELECT count(*)::int FROM wallet_entries WHERE player_id = $1 AND kind = 'withdraw-hold') AS holds,
              (SELECT count(*)::int FROM wallet_entries WHERE player_id = $1 AND kind = 'withdraw-release') AS releases,
              (SELECT count(*)::int FROM wallet_entries WHERE player_id = $1 AND kind = 'withdraw-paid') AS paid,
              (SELECT count(*)::int FROM withdraw_orders WHERE player_id = $1) AS orders,
              (SELECT count(*)::int FROM withdraw_orders WHERE player_id = $1 AND status IN (3, 4)) AS refunded,
              (SELECT count(*)::int FROM withdraw_orders WHERE player_id = $1 AND status = 2) AS payouts`,
      [playerId],
    )
  ).rows[0]

describe('the money-out ledger', () => {
  it('stays whole under random deposits, bets, withdrawals, decisions and restarts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 25 }), async (steps) => {
        players += 1
        const p = await db.transaction((tx) => createPlayer(tx, { siteCode: '001', username: `ledger${players}`, passwordHash: null, accountType: 0, currency: 'USD' }))
        const account = await bindAccount(db, p.id, { kind: 'bank', name: 'JPMorgan Chase', code: 'CHASE', accountNo: '4111222233334444', holder: 'A', currency: 'USD' })
        // The expected balance in cents, from what each step reports it did.
        let cents = 0
        const orders: string[] = []
        let requests = 0
        const ask = (amount: number, requestId: string) =>
          requestWithdraw(db, { playerId: p.id, siteCode: '001', accountId: account.id, amount: String(amount), requestId, dayStart: new Date(0), now: Date.now() })
        for (const s of steps) {
          switch (s.kind) {
            case 'credit':
              await db.transaction(async (tx) => {
                await credit(tx, { playerId: p.id, currency: 'USD' }, String(s.amount), 'control')
                if (s.multiple !== null) await addTurnover(tx, p.id, 'USD', String(s.amount), String(s.multiple), 'deposit')
              })
              cents += s.amount * 100
              break
            case 'bet': {
              const round = await settleRound(db, { playerId: p.id, gameId: 130009, currency: 'USD', bet: String(s.amount), win: s.win ? String(s.amount * 2) : '0' })
              if (round !== undefined) cents += (s.win ? s.amount : -s.amount) * 100
              else expect(cents).toBeLessThan(s.amount * 100)
              break
            }
            case 'withdraw': {
              const can = Number((await withdrawableOf(db, p.id, 'USD')).withdrawable)
              requests += 1
              try {
                const r = await ask(s.amount, `req-${requests}`)
                expect(r.created).toBe(true)
                expect(s.amount).toBeLessThanOrEqual(can)
                orders.push(r.order.id)
                cents -= s.amount * 100
                if (s.repeat) {
                  const again = await ask(s.amount, `req-${requests}`)
                  expect([again.created, again.order.id]).toEqual([false, r.order.id])
                }
              } catch (e) {
                if (!(e instanceof WithdrawError)) throw e
                expect(s.amount > can || s.amount < 10).toBe(true)
              }
              break
            }
            case 'twice': {
              requests += 1
              const both = await Promise.allSettled([ask(s.amount, `req-${requests}`), ask(s.amount, `req-${requests}`)])
              const done = both.flatMap((b) => (b.status === 'fulfilled' ? [b.value] : []))
              for (const b of both) if (b.status === 'rejected') expect(b.reason).toBeInstanceOf(WithdrawError)
              if (done.length > 0) {
                expect(done.filter((d) => d.created)).toHaveLength(1)
                expect(new Set(done.map((d) => d.order.id)).size).toBe(1)
                orders.push(done[0]?.order.id ?? '')
                cents -= s.amount * 100
              }
              break
            }
            case 'settle': {
              const orderNo = orders[s.order % Math.max(1, orders.length)]
              if (orderNo === undefined) break
              const amount = Number((await db.query<{ a: string }>('SELECT amount::text AS a FROM withdraw_orders WHERE id = $1', [orderNo])).rows[0]?.a)
              const r = await settleWithdraw(db, orderNo, s.action, '', Date.now())
              if (r.changed && (r.status === 3 || r.status === 4)) cents += Math.round(amount * 100)
              break
            }
            case 'restart':
              await db.close()
              db = await open()
              break
          }
          const l = await ledgerOf(p.id)
          expect(l).toBeDefined()
          if (l === undefined) return
          expect(Number(l.balance)).toBeGreaterThanOrEqual(0)
          expect(Number(l.sum)).toBe(Number(l.balance))
          expect(Math.round(Number(l.balance) * 100)).toBe(cents)
          expect(await balanceOf(db, p.id, 'USD')).toBe((cents / 100).toFixed(2))
          // Each order held once; released only if rejected or failed, paid only if paid, never both.
          expect([l.holds, l.releases, l.paid]).toEqual([l.orders, l.refunded, l.payouts])
        }
      }),
      { numRuns: 15 },
    )
  }, 240_000)
})
