/**
 * Every route of the operator's console (/support/api/ops, every area of OPERATOR_AREAS: listed
 * from a Hono app the areas are mounted on, so a route added later is walked too) with each
 * support role and with no sign-in: 401 without a sign-in, 403 for a role the route does not name
 * (a lead included: leads have no operator role), and never 403 for a role it names. The roles a
 * route names are what it asks refuseUnless for, its first step.
 */
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHall, type RunningHall } from '../../server/hall'
import type { SupportRole } from '../../server/support/accounts'
import type { OperatorKit } from '../../server/support/operator'
import { OPERATOR_AREAS } from '../../server/support/operator-areas'

let hall: RunningHall
beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test', log: () => undefined })
}, 60_000)
afterAll(() => hall.close())

const ROLES: ReadonlyArray<SupportRole> = ['agent', 'lead', 'finance', 'marketing']

interface Route {
  readonly method: string
  readonly path: string
  /** The path with each parameter filled in. */
  readonly url: string
  readonly roles: ReadonlyArray<SupportRole>
}

/** The console's routes and the roles each names: mounted on an app of their own, each asked once. */
const operatorRoutes = async (): Promise<ReadonlyArray<Route>> => {
  const app = new Hono()
  const named = new Map<string, ReadonlyArray<SupportRole>>()
  const store = { query: async () => ({ rows: [], fields: [] }), exec: async () => [], transaction: async () => undefined, close: async () => undefined }
  const unreachable = () => {
    throw new Error('a route did something before refuseUnless')
  }
  const kit: OperatorKit = {
    db: store as unknown as OperatorKit['db'],
    socket: undefined,
    now: () => Date.now(),
    log: () => undefined,
    userOf: unreachable,
    audit: unreachable,
    readJson: unreachable,
    refuseUnless: async (c, roles) => {
      named.set(`${c.req.method} ${c.req.routePath}`, roles)
      return c.json({ ok: false }, 403)
    },
  }
  for (const area of OPERATOR_AREAS) {
    const before = app.routes.length
    area(app, kit)
    expect(app.routes.length, 'an operator area mounts no route').toBeGreaterThan(before)
  }
  const routes: Route[] = []
  for (const r of app.routes) {
    if (r.method === 'ALL') continue
    const url = r.path.replace(/:[A-Za-z_]+/g, '1')
    const res = await app.request(url, { method: r.method, headers: { 'content-type': 'application/json' }, ...(r.method === 'GET' ? {} : { body: '{}' }) })
    expect(res.status, `${r.method} ${r.path}`).toBe(403)
    const roles = named.get(`${r.method} ${r.path}`)
    expect(roles, `${r.method} ${r.path} names no roles`).toBeDefined()
    routes.push({ method: r.method, path: r.path, url, roles: roles ?? [] })
  }
  return routes
}

const call = async (r: Route, token: string | undefined): Promise<number> => {
  const res = await fetch(`${hall.url}${r.url}`, {
    method: r.method,
    headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    ...(r.method === 'GET' ? {} : { body: '{}' }),
  })
  await res.arrayBuffer()
  return res.status
}

const api = async (path: string, body: unknown, token?: string): Promise<Record<string, unknown>> => {
  const res = await fetch(`${hall.url}/support/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  })
  return (await res.json()) as Record<string, unknown>
}

describe('operator routes by role', () => {
  it('answers 401 without a sign-in, 403 to every role a route does not name (leads too) and never 403 to the one it names', async () => {
    const routes = await operatorRoutes()
    // Every area is there (each mounted routes): players and money for finance, content for marketing.
    expect(routes.some((r) => r.path.startsWith('/support/api/ops/players') && r.roles.includes('finance'))).toBe(true)
    expect(routes.some((r) => r.roles.includes('marketing'))).toBe(true)
    for (const r of routes) expect(r.path.startsWith('/support/api/ops/'), r.path).toBe(true)
    for (const r of routes) expect(r.roles.includes('lead') || r.roles.includes('agent'), `${r.method} ${r.path}`).toBe(false)

    const lead = (await api('login', { username: 'support', password: 'support-dev' }))['token'] as string
    const tokens: Record<SupportRole, string> = { lead, agent: '', finance: '', marketing: '' }
    for (const role of ['agent', 'finance', 'marketing'] as const) {
      const added = await api('accounts', { username: `walk.${role}`, role }, lead)
      tokens[role] = (await api('login', { username: `walk.${role}`, password: added['password'] }))['token'] as string
    }

    const wrong: string[] = []
    for (const r of routes) {
      const anonymous = await call(r, undefined)
      if (anonymous !== 401) wrong.push(`${r.method} ${r.path} without a sign-in: ${anonymous}`)
      for (const role of ROLES) {
        const status = await call(r, tokens[role])
        const named = r.roles.includes(role)
        if (named ? status === 403 : status !== 403) wrong.push(`${r.method} ${r.path} as ${role}: ${status}`)
      }
    }
    expect(wrong).toEqual([])
  }, 120_000)
})
