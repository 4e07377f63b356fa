import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startHall } from '../../server/hall'
import { callHall, control, player, visitor } from './support'
import type { Caller } from './support'

const dataDir = mkdtempSync(join(tmpdir(), 'lobby-hall-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('the hall store across a restart', () => {
  it('keeps sites, keys, players, balances and sessions; production mode hides the control surface', async () => {
    const first = await startHall({ port: 0, dataDir, mode: 'test' })
    let site: Caller
    let registered: { userkey: string; token: string; session_key: string; currency: string }
    try {
      site = await visitor(first.url, '001')
      const reg = await callHall(first.url, site, 'POST', '/home/register', { username: 'keeper', password: 'keep1234' })
      expect(reg.envelope.code).toBe(1)
      registered = reg.envelope.data as typeof registered
      expect(await control(first.url, 'credit', { username: 'keeper', amount: '12.34' })).toMatchObject({ ok: true })
    } finally {
      await first.close()
    }

    const second = await startHall({ port: 0, dataDir, mode: 'production' })
    try {
      // The site key survived: the visitor built from the first run still signs correctly.
      const login = await callHall(second.url, site, 'POST', '/home/login', { username: 'Keeper', password: 'keep1234' })
      expect(login.envelope.code).toBe(1)
      expect(login.envelope.data).toMatchObject({ username: 'keeper', userkey: registered.userkey, game_gold: '12.34' })
      // The session from before the restart is still live.
      const before = player('001', registered)
      expect((await callHall(second.url, before, 'POST', '/home/heartbeat', {})).envelope.code).toBe(1)
      // Seeding did not run twice.
      expect((await callHall(second.url, site, 'POST', '/home/login', { username: 'demo', password: 'demo1234' })).envelope.code).toBe(1)
      // Production: no control surface, no ?site= override.
      expect((await fetch(`${second.url}/__control/reset`, { method: 'POST' })).status).toBe(404)
      const html = await (await fetch(`${second.url}/?site=101`, { headers: { accept: 'text/html' } })).text()
      expect(html).toContain('"siteCode":"001"')
    } finally {
      await second.close()
    }
  }, 60_000)
})
