/**
 * The spec's 25 currencies in the store (issue 45): a new store is seeded with all of them and
 * their formats (schemas/currencies.ts), and migration 264 gives an older store's 13 missing ones
 * the same rows.
 */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openDb, type Db } from '../../server/db'
import { seed } from '../../server/seed'
import { CURRENCY_FORMATS } from '../../schemas/currencies'

const MISSING_BEFORE = ['AED', 'AUD', 'BDT', 'GBP', 'HKD', 'IDR', 'IDRK', 'JPY', 'KHR', 'KRW', 'MMK', 'MXN', 'RUB']
let db: Db

beforeAll(async () => {
  db = await openDb('memory', { migrated: true })
  await seed(db, { demoPlayers: false })
}, 60_000)
afterAll(() => db.close())

const rows = async () =>
  (
    await db.query<{ code: string; type: number; display: string; marketCode: string; sign: string; scale: number }>(
      'SELECT code, currency_type::int AS type, display, market_code AS "marketCode", sign, scale::int AS scale FROM currencies ORDER BY code',
    )
  ).rows

const expected = [...CURRENCY_FORMATS]
  .sort((a, b) => (a.code < b.code ? -1 : 1))
  .map((c) => ({ code: c.code, type: c.type, display: c.display, marketCode: c.marketCode, sign: c.sign, scale: c.scale }))

it('seeds a new store with the 25 currencies and their formats', async () => {
  expect(await rows()).toEqual(expected)
})

it("gives an older store's 13 missing currencies the seed's rows (migration 264)", async () => {
  await db.query('DELETE FROM currencies WHERE code = ANY($1)', [MISSING_BEFORE])
  expect(await rows()).toHaveLength(12)
  await db.exec(readFileSync(new URL('../../server/migrations/264_currencies.sql', import.meta.url), 'utf8'))
  expect(await rows()).toEqual(expected)
})
