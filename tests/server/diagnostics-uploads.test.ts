/**
 * Diagnostics uploads are filed by who sent them and bounded per sender: an upload is filed under
 * the player the request's credentials name, or as anonymous, never under a name its log carries;
 * an address and a player may start only so many uploads an hour; an address holds at most
 * UPLOAD_LIMITS.unfinishedPerAddress unfinished uploads at once. The hall trusts loopback as its
 * proxy here, so each test names its own sender address in X-Forwarded-For; its clock is the test's.
 */
import { randomUUID } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { netstatLogger } from '../../schemas/hall/calls'
import { DIAGNOSTICS_REFUSED } from '../../server/calls/support'
import { startHall, type RunningHall } from '../../server/hall'
import { UPLOAD_LIMITS } from '../../server/support/store'
import { callHall, player, visitor, type Caller } from './support'
import { sessionLog, uploadLog } from './uploads'

const HOUR = 60 * 60 * 1000

let clock = Date.now()
let hall: RunningHall
let site: Caller
let lead = ''
beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test', now: () => clock, log: () => undefined, edge: { trustProxy: ['127.0.0.1'] } })
  site = await visitor(hall.url)
  const login = await fetch(`${hall.url}/support/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'support', password: 'support-dev' }),
  })
  lead = ((await login.json()) as { token: string }).token
}, 60_000)
afterAll(() => hall.close())

/** Headers of a sender at `address`. */
const from = (address: string) => ({ 'x-forwarded-for': address })

interface Row {
  readonly reference: string
  readonly username: string | null
  readonly usernames: string[]
  readonly playerId: string | null
}
const search = async (query: string): Promise<Row[]> => {
  const res = await fetch(`${hall.url}/support/api/sessions?${query}`, { headers: { authorization: `Bearer ${lead}` } })
  return ((await res.json()) as { sessions: Row[] }).sessions
}

/** Sends the first chunk of a new upload of `count` chunks (one: the whole log); answers the hall's service code. */
const firstChunk = async (caller: Caller, address: string, count = 2): Promise<number> => {
  const gz = gzipSync(Buffer.from(sessionLog('someone'), 'utf8'))
  const data = (count === 1 ? gz : gz.subarray(0, 16)).toString('base64')
  const r = await callHall(hall.url, caller, 'POST', netstatLogger.path, { kind: 'diagnostics', upload: `up-${randomUUID()}`, index: 0, count, data }, { timestamp: clock, headers: from(address) })
  return r.envelope.code
}

const register = async (username: string, address: string): Promise<{ caller: Caller; playerId: string }> => {
  const reg = await callHall(hall.url, site, 'POST', '/home/register', { username, password: `${username}-pw1` }, { timestamp: clock, headers: from(address) })
  expect(reg.envelope.code, reg.envelope.msg).toBe(1)
  return { caller: player('001', reg.envelope.data), playerId: (reg.envelope.data as { userIdx: string }).userIdx }
}

describe('who an upload is filed under', () => {
  it('files a log naming demo, sent with no credentials, as anonymous: a search for demo does not list it', async () => {
    const reference = await uploadLog(hall.url, site, sessionLog('demo'), { timestamp: clock, headers: from('10.1.0.1') })
    expect(await search('username=demo')).toEqual([])
    expect(await search(`reference=${reference}`)).toEqual([expect.objectContaining({ reference, username: null, usernames: [], playerId: null })])
  })

  it("files a signed-in player's upload under that player, whatever names the log carries", async () => {
    const { caller, playerId } = await register('filed1', '10.1.0.2')
    const reference = await uploadLog(hall.url, caller, sessionLog('demo'), { timestamp: clock, headers: from('10.1.0.2') })
    expect(await search('username=demo')).toEqual([])
    expect(await search('username=filed1')).toEqual([expect.objectContaining({ reference, username: 'filed1', usernames: ['filed1'], playerId })])
  })

  it("refuses a chunk of another sender's upload", async () => {
    const { caller } = await register('filed2', '10.1.0.3')
    const gz = gzipSync(Buffer.from(sessionLog('filed2'), 'utf8'))
    const half = Math.ceil(gz.length / 2)
    const upload = `up-${randomUUID()}`
    const chunk = (index: number) => ({ kind: 'diagnostics', upload, index, count: 2, data: gz.subarray(index * half, (index + 1) * half).toString('base64') })
    expect((await callHall(hall.url, caller, 'POST', netstatLogger.path, chunk(0), { timestamp: clock, headers: from('10.1.0.3') })).envelope.code).toBe(1)
    // Someone with no credentials finishing it would file their chunk under the player.
    const forged = await callHall(hall.url, site, 'POST', netstatLogger.path, chunk(1), { timestamp: clock, headers: from('10.1.0.3') })
    expect(forged.envelope.code).toBe(DIAGNOSTICS_REFUSED)
  })
})

describe('bounds per sender', () => {
  it('refuses the 41st unfinished upload from one address, and takes one from another address', async () => {
    for (let i = 0; i < UPLOAD_LIMITS.unfinishedPerAddress; i++) expect(await firstChunk(site, '10.2.0.1')).toBe(1)
    expect(await firstChunk(site, '10.2.0.1')).toBe(DIAGNOSTICS_REFUSED)
    expect(await firstChunk(site, '10.2.0.2')).toBe(1)
  })

  it('refuses a player past 20 uploads in an hour, from any address; an hour later takes the next', async () => {
    const { caller } = await register('busy1', '10.3.0.1')
    for (let i = 0; i < UPLOAD_LIMITS.perPlayerPerHour; i++) {
      await uploadLog(hall.url, caller, sessionLog('busy1'), { timestamp: clock, headers: from(`10.3.1.${i}`) })
    }
    expect(await firstChunk(caller, '10.3.2.1', 1)).toBe(DIAGNOSTICS_REFUSED)
    clock += HOUR
    expect(await firstChunk(caller, '10.3.2.1', 1)).toBe(1)
  })

  it('refuses an address past 60 uploads in an hour, finished or not; an hour later takes the next', async () => {
    for (let i = 0; i < UPLOAD_LIMITS.perAddressPerHour; i++) await uploadLog(hall.url, site, sessionLog('anyone'), { timestamp: clock, headers: from('10.4.0.1') })
    expect(await firstChunk(site, '10.4.0.1', 1)).toBe(DIAGNOSTICS_REFUSED)
    clock += HOUR
    expect(await firstChunk(site, '10.4.0.1', 1)).toBe(1)
  })
})
