/**
 * The headers a hall answers with (docs/hall.md, "Hardened pages" and "Deploying"): the page's
 * policy lets its forms post to the hall's origin only; every answer denies the powerful features
 * the lobby never uses; the hall calls and the network lines answer CORS only to the lobby's own
 * origins: the hall's own, its sites' host names, and the operator's allowed origins.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HALL_PREFIX } from '../../schemas/hall/protocol'
import { startHall, type RunningHall } from '../../server/hall'

let hall: RunningHall
beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test', log: () => undefined, allowedOrigins: ['https://lobby.example'] })
}, 60_000)
afterAll(() => hall.close())

/** The origin a CORS preflight of a hall call from `origin` is allowed, or null. */
const preflight = async (path: string, origin: string): Promise<string | null> => {
  const res = await fetch(`${hall.url}${path}`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,token,signature' },
  })
  return res.headers.get('access-control-allow-origin')
}

describe('the headers of the hall', () => {
  it("lets the page's forms post to the hall's origin only", async () => {
    const res = await fetch(`${hall.url}/`, { headers: { accept: 'text/html' } })
    const policy = res.headers.get('content-security-policy') ?? ''
    expect(policy.split('; ')).toContain("form-action 'self'")
  })

  it('denies camera, microphone, geolocation, payment and USB to the page and to a hall answer', async () => {
    for (const res of [await fetch(`${hall.url}/`, { headers: { accept: 'text/html' } }), await fetch(`${hall.url}${HALL_PREFIX}/op.json`)]) {
      const policy = (res.headers.get('permissions-policy') ?? '').split(', ')
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(policy).toContain(`${feature}=()`)
      // The lobby copies to the clipboard and shares: those keep the browser's defaults.
      expect(policy.some((p) => p.startsWith('clipboard-write') || p.startsWith('web-share'))).toBe(false)
    }
  })

  it("answers CORS to the hall's own origin, its sites' hosts and the allowed origins, on the hall and its lines; not to another port or site", async () => {
    const own = new URL(hall.url).origin
    const otherPort = `http://127.0.0.1:${Number(new URL(hall.url).port) + 1}`
    for (const path of [`${HALL_PREFIX}/home/login`, `/line/1${HALL_PREFIX}/home/login`]) {
      expect(await preflight(path, own)).toBe(own)
      // Site 001's host names are localhost and 127.0.0.1; site 101's br.localhost.
      expect(await preflight(path, 'http://localhost')).toBe('http://localhost')
      expect(await preflight(path, 'https://br.localhost')).toBe('https://br.localhost')
      expect(await preflight(path, 'https://lobby.example')).toBe('https://lobby.example')
      expect(await preflight(path, otherPort)).toBeNull()
      expect(await preflight(path, 'https://evil.example')).toBeNull()
      expect(await preflight(path, 'http://lobby.example')).toBeNull()
      expect(await preflight(path, 'null')).toBeNull()
    }
  })
})
