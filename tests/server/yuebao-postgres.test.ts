/**
 * Savings on a real PostgreSQL server, where transactions really run side by side (PGlite runs one
 * at a time): concurrent saves and take-outs queue behind the savings account's row lock, so
 * neither balance goes below zero and every move is in both ledgers; the same request sent many
 * times at once moves the money once.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { Schema } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountDetails, yuebaoIndex, yuebaoProfitRecord } from '../../schemas/hall/calls'
import { YuebaoCodes } from '../../server/calls/yuebao'
import { startHall } from '../../server/hall'
import { startPostgres, type Server } from './embedded-postgres'
import { callHall, control, player, visitor } from './support'
import type { Caller } from './support'

const DATABASE = 'lobby_yuebao'
const dir = mkdtempSync(join(tmpdir(), 'lobby-yuebao-postgres-'))
let server: Server | undefined
let databaseUrl = ''

beforeAll(async () => {
  server = await startPostgres(dir)
  const admin = new pg.Client(server.url('postgres'))
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${DATABASE}`)
  } finally {
    await admin.end()
  }
  databaseUrl = server.url(DATABASE)
}, 60_000)

afterAll(async () => {
  try {
    await server?.stop()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}, 20_000)

describe('savings on a PostgreSQL server', () => {
  it('concurrent moves never make a balance negative, and a request sent many times at once moves once', async () => {
    const hall = await startHall({ port: 0, databaseUrl, mode: 'test' })
    try {
      const site = await visitor(hall.url, '001')
      const reg = await callHall(hall.url, site, 'POST', '/home/register', { username: 'pgsaver1', password: 'abc12345' })
      expect(reg.envelope.code, reg.envelope.msg).toBe(1)
      const caller: Caller = player('001', reg.envelope.data)
      await control(hall.url, 'credit', { username: 'pgsaver1', amount: '100' })
      const ask = async <S extends Schema.Top>(path: string, schema: S, params: unknown): Promise<S['Type']> => {
        const a = await callHall(hall.url, caller, 'POST', path, params)
        expect(a.envelope.code, a.envelope.msg).toBe(1)
        return Schema.decodeUnknownSync(schema as unknown as Schema.Codec<S['Type']>)(a.envelope.data)
      }
      const moves = await Promise.all(
        Array.from({ length: 40 }, (_, i) => callHall(hall.url, caller, 'POST', i % 2 === 0 ? '/yuebao/saveGold' : '/yuebao/takeoutGold', { amount: '30', request_id: `pg-${i}` })),
      )
      const codes = moves.map((a) => a.envelope.code)
      expect(codes.every((c) => c === 1 || c === YuebaoCodes.walletShort || c === YuebaoCodes.principalShort)).toBe(true)
      const saves = moves.filter((a, i) => i % 2 === 0 && a.envelope.code === 1).length
      const takes = moves.filter((a, i) => i % 2 === 1 && a.envelope.code === 1).length
      const index = await ask('/yuebao/index', yuebaoIndex.response, {})
      expect(Number(index.principal)).toBe(30 * (saves - takes))
      expect(Number(index.principal) + Number(index.gameGold)).toBe(100)
      const records = await ask('/yuebao/profitRecord', yuebaoProfitRecord.response, { current: 1, size: 50 })
      expect(records.total).toBe(saves + takes)
      ;[...records.records].reverse().reduce((before, r) => {
        expect(Number(r.principal)).toBeGreaterThanOrEqual(0)
        expect(Number(r.principal)).toBe(before + (r.type === 1 ? 30 : -30))
        return Number(r.principal)
      }, 0)
      const ledger = await ask('/record/accountDetails', accountDetails.response, { current: 1, size: 50, dateType: -1, kind: 'transfer' })
      expect(ledger.total).toBe(saves + takes)
      ;[...ledger.records].sort((a, b) => Number(a.id) - Number(b.id)).reduce((before, m) => {
        expect(Number(m.balance)).toBeGreaterThanOrEqual(0)
        expect(Number(m.balance)).toBe(before + Number(m.amount))
        return Number(m.balance)
      }, 100)

      // (The ledger is read in the order its entries were written, under the wallet's row lock.)
      // One request id sent ten times at once: one move, every answer the same balances.
      const before = await ask('/yuebao/index', yuebaoIndex.response, {})
      const amount = Number(before.gameGold) >= 10 ? '10' : null
      const path = amount === null ? '/yuebao/takeoutGold' : '/yuebao/saveGold'
      const same = await Promise.all(Array.from({ length: 10 }, () => callHall(hall.url, caller, 'POST', path, { amount: '10', request_id: 'pg-once' })))
      expect(same.map((a) => a.envelope.code)).toEqual(Array.from({ length: 10 }, () => 1))
      const after = await ask('/yuebao/index', yuebaoIndex.response, {})
      expect(Math.abs(Number(after.principal) - Number(before.principal))).toBe(10)
      expect((await ask('/yuebao/profitRecord', yuebaoProfitRecord.response, { current: 1, size: 50 })).total).toBe(saves + takes + 1)
    } finally {
      await hall.close()
    }
  }, 120_000)
})
