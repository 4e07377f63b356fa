import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { allCalls, callByPath, designedCalls } from '../../schemas/hall/calls'
import { SENSITIVE_ANNOTATION } from '../../schemas/hall/calls/sensitive'

const rows = readFileSync(new URL('../fixtures/hall-calls.tsv', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [area = '', method = '', path = ''] = line.split('\t')
    return { area, method, path }
  })
  .filter((r) => r.method !== 'WS')

describe('hall call descriptions', () => {
  it('describe every row of the call catalogue exactly once', () => {
    for (const row of rows) {
      const matches = allCalls.filter((c) => c.method === row.method && c.path === row.path)
      expect(matches, `${row.method} ${row.path}`).toHaveLength(1)
      expect(matches[0]?.area).toBe(row.area)
      expect(callByPath(row.method, row.path)).toBe(matches[0])
    }
  })

  it('describe nothing outside the catalogue but the documented calls of the hall\'s own design, under unique names', () => {
    expect(allCalls).toHaveLength(rows.length + designedCalls.length)
    expect(new Set(allCalls.map((c) => c.name)).size).toBe(allCalls.length)
    const doc = readFileSync(new URL('../../docs/hall-protocol.md', import.meta.url), 'utf8')
    for (const call of designedCalls) {
      expect(rows.some((r) => r.path === call.path), call.path).toBe(false)
      expect(doc, `docs/hall-protocol.md documents ${call.path}`).toContain(`\`${call.method} ${call.path}\``)
    }
  })

  it('send reportview in clear and keep the beacons silent', () => {
    expect(callByPath('POST', '/promote/binding/reportview')?.encrypted).toBe(false)
    for (const p of ['/home/heartbeat', '/home/fastlogin', '/promote/binding/reportview', '/promote/binding/reportclick', '/v1/netstat/player/logger', '/pwa/arguments/upLoadpwaStatistic']) {
      expect(callByPath('POST', p)?.silent, p).toBe(true)
    }
    expect(callByPath('GET', '/api/lobby/webPush/getInfo')?.silent).toBe(true)
    expect(callByPath('POST', '/home/login')?.silent).toBe(false)
  })

  it('mark the login secrets sensitive', () => {
    const login = callByPath('POST', '/home/login')
    const fields = (login?.request as unknown as { fields: Record<string, { ast: { annotations?: Record<string, unknown> } }> }).fields
    expect(fields['password']?.ast.annotations?.[SENSITIVE_ANNOTATION]).toBe(true)
  })
})
