import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { startHall, type RunningHall } from '../../server/hall'
import { useBrowser } from './support/browser'
import { control, newPlayer } from './support/hall'
import { ShellPage } from './support/shell.model'

/**
 * The realtime socket end to end, against a hall of this test's own (the shared one stays up):
 * a player signs in, the hall pushes notices, the hall is stopped (its connections dropped) and
 * started again on the same port and data, the socket comes back by itself, and every notice
 * pushed before, during and after the outage is processed exactly once.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), 'lobby-e2e-socket-'))

/** A port free right now, so the hall can be started again on the same one. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })

const startOwnHall = (port: number) => startHall({ port, dataDir, mode: 'test', staticDir: inject('staticDir') })

const push = async (hallUrl: string, username: string, n: number): Promise<string> =>
  (await control(hallUrl, 'push', { username, type: 'activeDetails', data: { activeId: n } }))['msgId'] as string

/** Page model of the socket, read through the running system (window.__lobby). */
class SocketModel {
  constructor(readonly page: Page) {}

  state(): Promise<string> {
    return this.page.evaluate(() => String(window.__lobby!.system.actor('socket').getSnapshot().value))
  }

  /** Waits until the socket actor is in `state`. */
  async waitState(state: string): Promise<void> {
    await this.page.waitForFunction((s) => window.__lobby?.system.actor('socket').getSnapshot().value === s, state, { timeout: 60_000 })
  }

  /** Waits until `n` notices were processed. */
  async waitReceived(n: number): Promise<void> {
    await this.page.waitForFunction(
      (count) => (window.__lobby?.system.actor('socket').getSnapshot().context as { received: number }).received >= count,
      n,
      { timeout: 60_000 },
    )
  }

  /** The msgIds of every realtime.* notice in the event log, in order. */
  async noticedMsgIds(): Promise<string[]> {
    const log = await this.page.evaluate(() => window.__lobby!.exportLog())
    return log
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => JSON.parse(line) as { event: { type: string; msgId?: string } })
      .filter((r) => r.event.type.startsWith('realtime.'))
      .map((r) => r.event.msgId ?? '')
  }
}

const kit = useBrowser()
let hall: RunningHall | undefined
afterAll(async () => {
  await hall?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('the realtime socket in a real browser', () => {
  it('comes back after the hall is stopped and started again, with no notice lost or doubled', async () => {
    const port = await freePort()
    hall = await startOwnHall(port)
    const url = hall.url
    const player = await newPlayer(url, { prefix: 'sckt' })
    const { page } = await kit.open('desktop')
    // Only page errors: the outage itself logs failed connections on the console.
    const pageErrors: string[] = []
    page.on('pageerror', (e) => pageErrors.push(e.message))
    const shell = new ShellPage(page, url)
    const socket = new SocketModel(page)
    await shell.open()
    await shell.waitReady()
    await shell.signIn(player)
    await socket.waitState('open')

    // Before the outage: two pushes and a credit (a real balance event: payOrderSuccess).
    const pushed: string[] = [await push(url, player.username, 1), await push(url, player.username, 2)]
    pushed.push((await control(url, 'credit', { username: player.username, amount: '5' }))['msgId'] as string)
    await socket.waitReceived(3)

    // The hall goes away: the connection drops and the socket starts its backoff.
    await hall.close()
    await page.waitForFunction(() => window.__lobby?.system.actor('socket').getSnapshot().value !== 'open', null, { timeout: 30_000 })

    // Back on the same port and data; notices pushed at once wait in the outbox for the socket.
    hall = await startOwnHall(port)
    pushed.push(await push(url, player.username, 3), await push(url, player.username, 4))
    await socket.waitState('open')
    pushed.push(await push(url, player.username, 5))
    await socket.waitReceived(pushed.length)

    const noticed = await socket.noticedMsgIds()
    expect(noticed.sort()).toEqual([...pushed].sort())
    expect(new Set(noticed).size).toBe(noticed.length)
    expect(await socket.state()).toBe('open')
    expect(pageErrors).toEqual([])
  })
})
