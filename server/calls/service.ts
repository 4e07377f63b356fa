/**
 * Customer service (spec screens §2 /home/service and the customer-service menu entry; §3
 * customer service; calls §7.9 /customer/staffallv2 {siteCode}, §7.3 /customer/getWebTrans {lang}).
 * Migration 121; docs/hall.md "Customer service".
 *
 * staffallv2 answers the site's online agents in their order (customer.onlineCustomers); the lobby
 * shows the menu entry only while at least one is online. getWebTrans answers the common questions
 * in the asked service language, else in the site's language, else in English. The hall serves a
 * stand-in chat page for its seeded agents (SERVICE_CHAT_PATH), on its own origin like the game
 * page, so an agent opened in the lobby's modal iframe is a real page.
 */
import { customerStaffAllV2, getWebTrans } from '../../schemas/hall/calls'
import type { Queryable } from '../db'
import { implement } from './types'
import type { Implementation } from './types'

/** The hall's stand-in chat page for an agent (`?agent=<id>`). */
export const SERVICE_CHAT_PATH = '/service/chat'

/** An agent as an operator sets it (the control `service-agents`). */
export interface AgentInput {
  readonly name: string
  readonly code?: string | undefined
  readonly url?: string | undefined
  readonly openType?: number | undefined
  readonly online?: boolean | undefined
}

/** Replaces a site's agents (the control `service-agents`); an agent without a url gets the hall's chat page. */
export const setAgents = async (db: Queryable, siteCode: string, agents: ReadonlyArray<AgentInput>): Promise<void> => {
  await db.query('DELETE FROM service_agents WHERE site_code = $1', [siteCode])
  for (const [sort, a] of agents.entries()) {
    const row = (
      await db.query<{ id: string }>(
        'INSERT INTO service_agents (site_code, name, code, url, open_type, online, sort) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::text AS id',
        [siteCode, a.name, a.code ?? '', a.url ?? '', a.openType ?? 1, a.online ?? true, sort],
      )
    ).rows[0]
    if (row !== undefined && (a.url ?? '') === '') await db.query('UPDATE service_agents SET url = $2 WHERE id = $1', [row.id, `${SERVICE_CHAT_PATH}?agent=${row.id}`])
  }
}

/** Seeds a site's customer service: two agents (the hall's chat in the lobby's frame, a messenger in a new window) and the common questions in English. */
export const seedService = async (db: Queryable, siteCode: string): Promise<void> => {
  await setAgents(db, siteCode, [
    { name: 'Live chat', openType: 1 },
    { name: 'Messenger', openType: 2, url: 'https://t.me/lobby_support' },
  ])
  const questions: ReadonlyArray<readonly [string, string]> = [
    ['How long does a deposit take?', 'Online payments are credited as soon as the provider confirms them, usually within a minute. Bank transfers are credited once the transfer is confirmed.'],
    ['Why can I not withdraw yet?', 'A deposit or a bonus carries a turnover requirement: the amount has to be bet before it can be withdrawn. The withdraw page shows what remains.'],
    ['How do I change my password?', 'Open the security centre from your account menu and choose the login password.'],
  ]
  for (const [sort, [name, content]] of questions.entries()) {
    await db.query('INSERT INTO service_questions (site_code, lang, name, content, sort) VALUES ($1, $2, $3, $4, $5)', [siteCode, 'en_US', name, content, sort])
  }
}

/** A site's online agents, in order. */
export const onlineAgents = async (db: Queryable, siteCode: string) =>
  (
    await db.query<{ id: string; customerName: string; customerCode: string; customerUrl: string; openType: number }>(
      `SELECT id::text AS id, name AS "customerName", code AS "customerCode", url AS "customerUrl", open_type AS "openType"
       FROM service_agents WHERE site_code = $1 AND online ORDER BY sort, id`,
      [siteCode],
    )
  ).rows

const escape = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** GET SERVICE_CHAT_PATH?agent=<id>: the stand-in chat page of one of the site's agents. */
export const serviceChatPage = async (db: Queryable, agentId: string): Promise<{ status: number; html: string }> => {
  const agent = /^\d{1,18}$/.test(agentId)
    ? (await db.query<{ name: string; online: boolean }>('SELECT name, online FROM service_agents WHERE id = $1', [agentId])).rows[0]
    : undefined
  const body = agent === undefined
    ? '<h1>Chat not found</h1><p>This chat is not available.</p>'
    : `<h1>${escape(agent.name)}</h1><p id="status">${agent.online ? 'An agent is online and will answer you here.' : 'No agent is online right now. Leave a message and we will answer as soon as we are back.'}</p>
<form onsubmit="event.preventDefault(); var t = this.elements.text; if (t.value.trim()) { var li = document.createElement('li'); li.textContent = t.value; document.getElementById('log').appendChild(li); t.value = '' }">
<label for="text">Your message</label><textarea id="text" name="text" rows="3"></textarea><button type="submit">Send</button></form><ul id="log" aria-label="Your messages"></ul>`
  return {
    status: agent === undefined ? 404 : 200,
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(agent?.name ?? 'Chat')}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:16px;background:#f4f6fb;color:#1b2233}h1{font-size:1.2rem;margin:0 0 8px}form{display:grid;gap:8px;margin-top:12px}textarea{font:inherit;padding:8px;border-radius:8px;border:1px solid #99a}button{font:inherit;padding:8px 14px;border-radius:8px;border:1px solid #1f4fd1;background:#1f4fd1;color:#fff;justify-self:start}</style>
</head><body><main>${body}</main></body></html>`,
  }
}

export const serviceCalls: ReadonlyArray<Implementation> = [
  implement(customerStaffAllV2, async (ctx) => {
    // The site is the caller's (the siteCode the spec sends names the same site).
    const agents = await onlineAgents(ctx.db, ctx.site.code)
    return { customer: { onlineCustomers: agents.map(({ id: _id, ...a }) => a) } }
  }),
  implement(getWebTrans, async (ctx, p) => {
    const r = await ctx.db.query<{ transName: string; transContent: string }>(
      `SELECT name AS "transName", content AS "transContent" FROM service_questions
       WHERE site_code = $1 AND lang = (
         SELECT lang FROM service_questions WHERE site_code = $1 AND lang IN ($2, $3, 'en_US')
         ORDER BY CASE lang WHEN $2 THEN 0 WHEN $3 THEN 1 ELSE 2 END LIMIT 1)
       ORDER BY sort, id`,
      [ctx.site.code, p.lang, ctx.site.languageCode],
    )
    return { data: r.rows }
  }),
]
