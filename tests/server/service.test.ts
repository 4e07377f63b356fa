import { Schema } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customerStaffAllV2, getWebTrans } from '../../schemas/hall/calls'
import { startHall } from '../../server/hall'
import { callHall, control, visitor } from './support'
import type { Hall } from './support'

/**
 * Customer service at the hall (server/calls/service.ts): the site's online agents in order, the
 * common questions in the asked language or else English, and the stand-in chat page an agent
 * opens.
 */
let hall: Hall

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test' })
}, 60_000)
afterAll(() => hall.close())

const staff = async (siteCode: string) => {
  const a = await callHall(hall.url, await visitor(hall.url, siteCode), 'POST', '/customer/staffallv2', { siteCode })
  expect(a.envelope.code, a.envelope.msg).toBe(1)
  return Schema.decodeUnknownSync(customerStaffAllV2.response)(a.envelope.data).customer.onlineCustomers
}

describe('customer service at the reference hall', () => {
  it('answers the seeded agents to visitors: the hall’s chat in the lobby’s frame, a messenger in a new window', async () => {
    const agents = await staff('201')
    expect(agents.map((a) => [a.customerName, a.openType])).toEqual([['Live chat', 1], ['Messenger', 2]])
    expect(agents[0]?.customerUrl).toMatch(/^\/service\/chat\?agent=\d+$/)
    const page = await fetch(`${hall.url}${agents[0]?.customerUrl ?? ''}`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('An agent is online')
    expect((await fetch(`${hall.url}/service/chat?agent=999999`)).status).toBe(404)
    expect((await fetch(`${hall.url}/service/chat?agent=1%27`)).status).toBe(404)
  })

  it('answers only the agents online, in the operator’s order; none when all are away', async () => {
    await control(hall.url, 'service-agents', {
      siteCode: '101',
      agents: [{ name: 'Away', online: false }, { name: 'Ana', code: '<b>Português</b>' }, { name: 'WhatsApp', openType: 2, url: 'https://wa.me/100' }],
    })
    expect((await staff('101')).map((a) => [a.customerName, a.customerCode])).toEqual([['Ana', '<b>Português</b>'], ['WhatsApp', '']])
    await control(hall.url, 'service-agents', { siteCode: '101', agents: [{ name: 'Away', online: false }] })
    expect(await staff('101')).toEqual([])
  })

  it('answers the common questions in the asked language, else the site’s, else English', async () => {
    const site = await visitor(hall.url, '001')
    const asked = async (lang: string) => Schema.decodeUnknownSync(getWebTrans.response)((await callHall(hall.url, site, 'POST', '/customer/getWebTrans', { lang })).envelope.data).data
    const english = await asked('en_US')
    expect(english.map((q) => q.transName)).toEqual(['How long does a deposit take?', 'Why can I not withdraw yet?', 'How do I change my password?'])
    expect(await asked('de_DE')).toEqual(english)
  })
})
