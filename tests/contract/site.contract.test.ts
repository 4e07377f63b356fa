/**
 * Contract: the lobby's hall client against the reference hall, site and configuration calls,
 * and the protocol's own rules (signature, replay, timestamp window, non-JSON, empty data,
 * timeout). Every call goes over HTTP through the real client; a success means the answer
 * decoded with the call's response schema.
 */
import { Effect, Result } from 'effect'
import { afterEach, describe, expect, it } from 'vitest'
import {
  bannerIndex,
  getAllCurrency,
  getBrandLogoUse,
  getFooterConfig,
  getLayout,
  getSiteInfo,
  getSysInfo,
  getUserAgreement,
  getVersionList,
  ipCheck,
  login,
  manifest,
  opVersion,
  smsCountry,
} from '../../schemas/hall/calls'
import { ProtocolCode } from '../../schemas/hall/protocol'
import type { HallCall } from '../../schemas/hall/call'
import { authCalls } from '../../server/calls/auth'
import { siteCalls } from '../../server/calls/site'
import {
  fetchMaintainInfo,
  fetchStaticJson,
  HallDecode,
  HallEmptyData,
  HallNotJson,
  HallServiceCode,
  HallTimeout,
  maintainInfoUrl,
  randomNonce,
} from '../../src/effects/hall'
import { MaintainInfo } from '../../schemas/hall/calls'
import { attempt, control, fail, recordingFetch, siteKeyOf, succeed, systemVisitor, useHall, visitor } from './support'

const hall = useHall()

afterEach(async () => {
  await control(hall.url, 'reset')
})

describe('site key', () => {
  it('is the one the lobby page carries in window.__LOBBY_SITE__', async () => {
    const res = await fetch(`${hall.url}/?site=001`, { headers: { accept: 'text/html' } })
    const html = await res.text()
    const m = /window\.__LOBBY_SITE__ = (.*?)<\/script>/s.exec(html)
    expect(m).not.toBeNull()
    const config = JSON.parse(m?.[1] ?? '{}') as { siteCode: string; siteKey: string; configApiBaseUrl: string }
    expect(config.siteCode).toBe('001')
    expect(config.siteKey).toBe(hall.siteKey)
    expect(config.configApiBaseUrl).toBe(`${hall.url}/hall`)
  })
})

describe('site and configuration calls', () => {
  it('getSiteInfo', async () => {
    const info = await succeed(getSiteInfo, {}, visitor(hall))
    expect(info.siteCode).toBe('001')
    expect(info.currencyInfos.length).toBeGreaterThan(0)
  })

  it('getSiteInfo of the other seeded sites, with their own keys', async () => {
    for (const siteCode of ['101', '081']) {
      const key = await siteKeyOf(hall.url, siteCode)
      const info = await succeed(getSiteInfo, {}, visitor(hall, { siteCode, keyMaterial: key }))
      expect(info.siteCode).toBe(siteCode)
      expect(info.bettingProvider).toBeDefined()
    }
  })

  it('getSiteInfo reflects maintenance from the control surface', async () => {
    await control(hall.url, 'maintenance', { siteCode: '001', maintainStatus: 4 })
    expect((await succeed(getSiteInfo, {}, visitor(hall))).maintainStatus).toBe(4)
  })

  it('getsysinfo gives a system token, and the token works as a visitor token', async () => {
    const sys = await succeed(getSysInfo, {}, visitor(hall))
    expect(sys.token).not.toBe('')
    await succeed(getSiteInfo, {}, visitor(hall, { token: sys.token }))
  })

  it('ipCheck, with area restriction and site maintenance switched by the control surface', async () => {
    const open = await succeed(ipCheck, {}, visitor(hall))
    expect(open).toMatchObject({ areaStatus: true, siteMaintenanceStatus: false })
    await control(hall.url, 'area', { siteCode: '001', areaStatus: false })
    await control(hall.url, 'maintenance', { siteCode: '001', siteMaintenanceStatus: true })
    expect(await succeed(ipCheck, {}, visitor(hall))).toMatchObject({ areaStatus: false, siteMaintenanceStatus: true })
  })

  it('getAllCurrency', async () => {
    const list = await succeed(getAllCurrency, {}, visitor(hall))
    expect(list.map((c) => c.currencyCode)).toContain('USD')
  })

  it('getLayout', async () => {
    const layout = await succeed(getLayout, {}, visitor(hall))
    expect(layout.tabBar.loggedOut.length).toBeGreaterThan(0)
  })

  it('getBrandLogoUse, userAgreement, footerConfig, getVersionList, smsCountry, message/banner/index', async () => {
    const ctx = await systemVisitor(hall)
    await succeed(getBrandLogoUse, {}, ctx)
    expect((await succeed(getUserAgreement, {}, ctx)).content).not.toBe('')
    await succeed(getFooterConfig, {}, ctx)
    expect(Array.isArray(await succeed(getVersionList, {}, ctx))).toBe(true)
    expect((await succeed(smsCountry, {}, ctx)).length).toBeGreaterThan(0)
    expect(Array.isArray(await succeed(bannerIndex, {}, ctx))).toBe(true)
  })

  it('manifest.json and op.json (public, unencrypted)', async () => {
    const m = await succeed(manifest, {}, visitor(hall))
    expect(typeof m.version).toBe('string')
    const op = await succeed(opVersion, {}, visitor(hall))
    expect(op.version).not.toBe('')
  })

  it('the maintenance static file, per site and with the default fallback', async () => {
    const own = await Effect.runPromise(fetchMaintainInfo(hall.url, '001'))
    expect(typeof own.online_service).toBe('string')
    const fallback = await Effect.runPromise(fetchMaintainInfo(hall.url, 'nosuchsite'))
    expect(fallback).toEqual(await Effect.runPromise(fetchStaticJson(maintainInfoUrl(hall.url, 'default'), MaintainInfo)))
  })

  it('every site call gives the code the control surface forces', async () => {
    const ctx = await systemVisitor(hall)
    const calls = [getSiteInfo, getSysInfo, ipCheck, getAllCurrency, getLayout, getBrandLogoUse, getUserAgreement, getFooterConfig, getVersionList, smsCountry, bannerIndex, manifest, opVersion] as const
    for (const call of calls) {
      await control(hall.url, 'force', { path: call.path, code: 9110, msg: 'restricted access' })
      expect(await fail(call, {}, ctx), call.name).toEqual(new HallServiceCode({ code: 9110, msg: 'restricted access' }))
      // forced once: the next call answers normally again
      expect(Result.isSuccess(await attempt(call, {}, ctx)), call.name).toBe(true)
    }
  })

  it('-1 forced on system info (token expired or maintenance)', async () => {
    await control(hall.url, 'force', { path: getSysInfo.path, code: -1, msg: 'token expired' })
    expect(await fail(getSysInfo, {}, visitor(hall))).toEqual(new HallServiceCode({ code: -1, msg: 'token expired' }))
  })
})

describe('coverage', () => {
  /**
   * A valid payload for every call the reference hall implements. A call the hall starts to
   * implement without an entry here fails this test, which is the cue to add its contract tests.
   */
  const payloads: Readonly<Record<string, unknown>> = {
    getSiteInfo: {}, getSysInfo: {}, ipCheck: {}, getAllCurrency: {}, getLayout: {}, getBrandLogoUse: {},
    getUserAgreement: {}, getFooterConfig: {}, getVersionList: {}, smsCountry: {}, bannerIndex: {}, getAboutUs: {}, getAccessRestrictedInfo: {},
    heartbeat: {}, prize: {},
    login: { username: 'demo', password: 'demo1234' },
    fastLogin: { userkey: 'a'.repeat(64) },
    testRegister: { currency: 'USD' },
    register: { username: 'coverage01', password: 'secret123' },
    checkUsername: { username: 'demo' },
    registerConfig: {},
    userLogout: {},
    updateGuestCurrency: { currency: 'USD' },
    forceChangePassword: { oldPassword: 'demo1234', newPassword: 'demo5678' },
  }

  it('every implemented call passes the protocol checks through the client and gives a forced code', async () => {
    const implemented: ReadonlyArray<HallCall> = [...siteCalls, ...authCalls].map((i) => i.call)
    expect(implemented.map((c) => c.name).filter((n) => !(n in payloads))).toEqual([])
    const ctx = await systemVisitor(hall)
    for (const call of implemented) {
      await control(hall.url, 'force', { path: call.path, code: 9110, msg: 'restricted access' })
      const e = await fail(call, payloads[call.name] as never, ctx)
      expect(e, call.name).toEqual(new HallServiceCode({ code: 9110, msg: 'restricted access' }))
    }
  })
})

describe('responses', () => {
  it('come encrypted for encrypted calls, with their own nonce, and clear for public ones', async () => {
    const { fetch, exchanges } = recordingFetch()
    await succeed(getSiteInfo, {}, visitor(hall), { ports: { fetch } })
    await succeed(opVersion, {}, visitor(hall), { ports: { fetch } })
    const [sealed, clear] = exchanges
    expect(sealed?.responseHeaders.get('x-encrypted')).toBe('1')
    expect(sealed?.responseHeaders.get('nonce')).toMatch(/^[0-9a-f]{32}$/)
    expect(sealed?.responseHeaders.get('nonce')).not.toBe(sealed?.requestHeaders.get('nonce'))
    expect(clear?.responseHeaders.get('x-encrypted')).toBeNull()
    for (const e of exchanges) expect(e.responseHeaders.get('x-request-id')).toBeTruthy()
  })
})

describe('protocol rules', () => {
  it('a tampered signature is refused with 4001', async () => {
    const { fetch } = recordingFetch((req) => {
      const headers = new Headers(req.headers)
      const sig = headers.get('signature') ?? ''
      headers.set('signature', (sig.startsWith('0') ? '1' : '0') + sig.slice(1))
      return new Request(req, { headers })
    })
    const e = await fail(getSiteInfo, {}, visitor(hall), { ports: { fetch } })
    expect(e).toMatchObject({ _tag: 'ServiceCode', code: ProtocolCode.badSignature })
  })

  it('a request signed with the wrong key is refused with 4001', async () => {
    const e = await fail(getSiteInfo, {}, visitor(hall, { keyMaterial: 'not the site key' }))
    expect(e).toMatchObject({ _tag: 'ServiceCode', code: ProtocolCode.badSignature })
  })

  it('a reused nonce is refused with 4003', async () => {
    const nonce = randomNonce()
    const ports = { nonce: () => nonce }
    await succeed(getSiteInfo, {}, visitor(hall), { ports })
    const e = await fail(getSiteInfo, {}, visitor(hall), { ports })
    expect(e).toMatchObject({ _tag: 'ServiceCode', code: ProtocolCode.nonceReused })
  })

  it('a stale timestamp (or one from the future) is refused with 4002', async () => {
    for (const skew of [-6 * 60_000, 6 * 60_000]) {
      const e = await fail(getSiteInfo, {}, visitor(hall), { ports: { now: () => Date.now() + skew } })
      expect(e).toMatchObject({ _tag: 'ServiceCode', code: ProtocolCode.staleTimestamp })
    }
    // inside the 5-minute window is fine
    await succeed(getSiteInfo, {}, visitor(hall), { ports: { now: () => Date.now() - 4 * 60_000 } })
  })

  it('an unknown site code is refused with 4001', async () => {
    const e = await fail(getSiteInfo, {}, visitor(hall, { siteCode: '999' }))
    expect(e).toMatchObject({ _tag: 'ServiceCode', code: ProtocolCode.badSignature })
  })

  it('a payload the call schema refuses never leaves the client: Decode, no request', async () => {
    const { fetch, exchanges } = recordingFetch()
    const e = await fail(login, { password: 'x' } as never, visitor(hall), { ports: { fetch } })
    expect(e).toBeInstanceOf(HallDecode)
    expect(exchanges).toHaveLength(0)
  })

  it('a non-JSON body gives NotJson with the request id of the response header', async () => {
    await control(hall.url, 'force', { path: getSiteInfo.path, raw: '<html>bad gateway</html>' })
    const { fetch, exchanges } = recordingFetch()
    const e = await fail(getSiteInfo, {}, visitor(hall), { ports: { fetch } })
    const requestId = exchanges[0]?.responseHeaders.get('x-request-id')
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/)
    expect(e).toEqual(new HallNotJson({ requestId: requestId ?? '' }))
  })

  it('a non-JSON body on a public call gives NotJson too', async () => {
    await control(hall.url, 'force', { path: opVersion.path, raw: 'Unexpected token <' })
    expect(await fail(opVersion, {}, visitor(hall))).toBeInstanceOf(HallNotJson)
  })

  it('success with null data gives EmptyData', async () => {
    await control(hall.url, 'force', { path: getSysInfo.path, code: 1, data: null })
    expect(await fail(getSysInfo, {}, visitor(hall))).toEqual(new HallEmptyData())
  })

  it('success with data of the wrong shape gives Decode', async () => {
    await control(hall.url, 'force', { path: getLayout.path, code: 1, data: { skinTypeValue: 'one' } })
    expect(await fail(getLayout, {}, visitor(hall))).toBeInstanceOf(HallDecode)
  })

  it('an answer slower than the client timeout gives Timeout', async () => {
    await control(hall.url, 'latency', { path: getSiteInfo.path, ms: 2000 })
    const started = Date.now()
    const e = await fail(getSiteInfo, {}, visitor(hall), { timeoutMs: 300 })
    expect(e).toEqual(new HallTimeout({ ms: 300 }))
    expect(Date.now() - started).toBeLessThan(1500)
  })
})
