import type { WebSocketRoute } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { callHall, control as hallControl, player, visitor } from '../server/support'
import { useBrowser } from './support/browser'

/**
 * Money told while the socket is down (issue 46, docs/realtime.md "Delivery"): a signed-in player
 * watches a withdrawal under review; the socket is dropped and kept from connecting (the page's
 * WebSocket goes through a route the test opens and shuts) while the hall credits a deposit and
 * approves the withdrawal; once the socket may connect again, the hall resends what the lobby had
 * not acknowledged, and the header's balance and the withdrawal's status are right without a
 * reload, each notice processed once.
 */
const kit = useBrowser()
const hallUrl = kit.hallUrl
const PIN = '123456'
const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

describe('the socket dropped while money moves', () => {
  it('after it reconnects, the header balance and the withdrawal status are right without a reload', async () => {
    const p = await kit.player({ balance: '500' })
    // The withdrawal, from outside the lobby: a bound phone, the withdraw password, a card, 100 out.
    const site = await visitor(hallUrl, p.siteCode)
    const login = await callHall(hallUrl, site, 'POST', '/home/login', { username: p.username, password: p.password })
    expect(login.envelope.code).toBe(1)
    const caller = player(p.siteCode, login.envelope.data)
    const phone = `556${String(Date.now()).slice(-7)}`
    expect((await callHall(hallUrl, caller, 'POST', '/user/security/createsms', { phone })).envelope.code).toBe(1)
    const sent = await hallControl(hallUrl, 'last-code', { username: p.username, siteCode: p.siteCode })
    expect((await callHall(hallUrl, caller, 'POST', '/user/security/modifyphone', { phone, code: sent['code'] })).envelope.code).toBe(1)
    expect((await callHall(hallUrl, caller, 'POST', '/user/security/modifywithdrawpass', { newPass: PIN })).envelope.code).toBe(1)
    const card = await callHall(hallUrl, caller, 'POST', '/certify/bindcard', { bank_code: 'CHASE', card_no: '4111222233334444', holder: 'ANA SILVA' })
    expect(card.envelope.code).toBe(1)
    const accountId = (card.envelope.data as { id: number }).id
    const cach = await callHall(hallUrl, caller, 'POST', '/certify/cach', { account_id: accountId, amount: '100', withdraw_pass: PIN, request_id: `${p.username}-1` })
    expect(cach.envelope.code).toBe(1)
    const orderNo = (cach.envelope.data as { order: { order_no: string } }).order.order_no

    const { page, errors, shell } = await kit.openLobby('desktop')
    // Every socket of the page goes through this route: passed on to the hall while `up`, refused
    // at once while not (the lobby sees it close and backs off, as when the network is gone).
    let up = true
    const live: Array<{ page: WebSocketRoute; hall: WebSocketRoute }> = []
    await page.routeWebSocket(/\/websocket\/ws/, (ws) => {
      if (!up) {
        void ws.close({ code: 1011, reason: 'the test keeps the socket down' })
        return
      }
      live.push({ page: ws, hall: ws.connectToServer() })
    })
    await shell.signIn(p)
    const header = page.getByRole('banner')
    const balance = header.getByRole('group', { name: 'Balance' })
    const online = header.getByRole('status').filter({ hasText: 'Live updates on' })
    await online.waitFor({ state: 'attached', timeout: 20_000 })
    await expect.poll(() => balance.textContent(), { timeout: 15_000 }).toContain(money(400))

    await page.evaluate((orderId) => window.__lobby!.system.send({ type: 'nav.requested', name: 'withdrawDetails', params: { orderId } }), orderNo)
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/home/withdraw/withdraw-details/${orderNo}`)
    const status = page.getByRole('status').filter({ hasText: 'Status' })
    await expect.poll(() => status.innerText(), { timeout: 15_000 }).toContain('Under review')
    // A mark on the document: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }))

    // Down: the connection is cut and new ones are refused.
    up = false
    await Promise.all(live.splice(0).map((c) => c.hall.close()))
    await page.waitForFunction(() => window.__lobby?.system.actor('socket').getSnapshot().value !== 'open', null, { timeout: 20_000 })

    // Meanwhile the hall credits a deposit of 25 and approves the withdrawal; nobody hears it yet.
    const credited = await kit.control('credit', { username: p.username, amount: '25' })
    expect(typeof credited['msgId']).toBe('string')
    await kit.control('withdraw-order', { orderNo, action: 'approve' })
    expect(await balance.textContent()).toContain(money(400))
    expect(await status.innerText()).toContain('Under review')

    // Up again: the next attempt connects, the hall resends both notices, the lobby reacts.
    up = true
    await online.waitFor({ state: 'attached', timeout: 30_000 })
    await expect.poll(() => balance.textContent(), { timeout: 15_000 }).toContain(money(425))
    await expect.poll(() => status.innerText(), { timeout: 15_000 }).toContain('Approved, paying out')
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true)

    // Each notice processed once.
    const types = (await shell.exportLog())
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => (JSON.parse(l) as { event?: { type?: string } }).event?.type)
    expect(types.filter((t) => t === 'realtime.payOrderSucceeded')).toHaveLength(1)
    expect(types.filter((t) => t === 'realtime.withdrawOrderProgressed')).toHaveLength(1)
    expect(errors).toEqual([])
  }, 180_000)
})
