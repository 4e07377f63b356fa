import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ROUTES } from '../../schemas/routes'

/** Every route of the spec (schemas/routes.ts) has its own screen in the router, none a placeholder. */
describe('routes and screens', () => {
  it('gives every route its own case in the router', () => {
    const router = readFileSync('src/views/routing/Routes.tsx', 'utf8')
    const cases = new Set([...router.matchAll(/case '(\w+)':/g)].map((m) => m[1]))
    expect(ROUTES.map((r) => r.name).filter((name) => !cases.has(name))).toEqual([])
    expect(router).not.toMatch(/Placeholder/)
  })
})
