import { Schema } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FEEDBACK_IMAGE_MAX_BYTES, feedbackImage, feedbackList } from '../../schemas/hall/calls'
import { FEEDBACK_DAILY_MAX, FeedbackCodes } from '../../server/calls/feedback'
import { startHall } from '../../server/hall'
import { callHall, control, player, visitor } from './support'
import type { Caller, Hall } from './support'

/**
 * Feedback at the hall (server/calls/feedback.ts, migration 122): a feedback stored with its type,
 * text and screenshot, the text and the image checked, a day's limit, the list and the screenshot
 * per player, the operator's reply (control feedback-reply) to that player only, unread until read.
 */
let hall: Hall
let ahead = 0
let n = 0

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test', now: () => Date.now() + ahead })
}, 60_000)
afterAll(() => hall.close())

const post = (caller: Caller, path: string, params: unknown) => callHall(hall.url, caller, 'POST', path, params, { timestamp: Date.now() + ahead })
const decode = <S extends Schema.Top>(schema: S, data: unknown): S['Type'] => Schema.decodeUnknownSync(schema as unknown as Schema.Codec<S['Type']>)(data)

const newPlayer = async (siteCode = '001') => {
  n += 1
  const username = `fdbk${String(n).padStart(3, '0')}${siteCode}`
  const reg = await post(await visitor(hall.url, siteCode), '/home/register', { username, password: 'abc12345' })
  expect(reg.envelope.code, reg.envelope.msg).toBe(1)
  return { caller: player(siteCode, reg.envelope.data), username }
}

const list = async (caller: Caller, page = 1, size?: number) => {
  const a = await post(caller, '/feedback/list', { page, ...(size === undefined ? {} : { size }) })
  expect(a.envelope.code, a.envelope.msg).toBe(1)
  return decode(feedbackList.response, a.envelope.data)
}

/** A png of `size` bytes: the signature, then zeros. */
const png = (size: number): string => {
  const b = Buffer.alloc(size)
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b)
  return b.toString('base64')
}

const submit = (caller: Caller, body: unknown) => post(caller, '/feedback/submit', body)

describe('feedback at the hall', () => {
  it('stores a feedback with its type, trimmed text and screenshot, newest first, for its player alone', async () => {
    const a = await newPlayer()
    const b = await newPlayer()
    const first = await submit(a.caller, { type: 2, content: '  The deposit page froze after paying  ' })
    expect(first.envelope.code, first.envelope.msg).toBe(1)
    const image = png(2048)
    const second = await submit(a.caller, { type: 5, content: 'A screenshot of the broken table', image: { file_name: 'shot.png', content_type: 'image/png', data: image } })
    expect(second.envelope.code, second.envelope.msg).toBe(1)
    const mine = await list(a.caller)
    expect(mine.total).toBe(2)
    expect(mine.records.map((r) => [r.type, r.content, r.has_image, r.reply, r.reply_read])).toEqual([
      [5, 'A screenshot of the broken table', 1, '', 1],
      [2, 'The deposit page froze after paying', 0, '', 1],
    ])
    expect((await list(b.caller)).total).toBe(0)
    const id = mine.records[0]?.id ?? 0
    const shot = await post(a.caller, '/feedback/image', { id })
    expect(shot.envelope.code).toBe(1)
    expect(decode(feedbackImage.response, shot.envelope.data)).toEqual({ content_type: 'image/png', data: image })
    // Another player cannot open it: it is unknown to them.
    expect((await post(b.caller, '/feedback/image', { id })).envelope.code).toBe(FeedbackCodes.unknown)
    expect((await post(a.caller, '/feedback/image', { id: mine.records[1]?.id ?? 0 })).envelope.code).toBe(FeedbackCodes.unknown)
  })

  it('refuses a text out of bounds, an image that is not one, too large, or not base64; and visitors', async () => {
    const a = await newPlayer()
    expect((await submit(a.caller, { type: 1, content: '   short   ' })).envelope.code).toBe(FeedbackCodes.badContent)
    expect((await submit(a.caller, { type: 1, content: 'x'.repeat(501) })).envelope.code).toBe(FeedbackCodes.badContent)
    // 500 characters counted as a person does: emoji are one each.
    expect((await submit(a.caller, { type: 1, content: '😀'.repeat(500) })).envelope.code).toBe(1)
    const text = 'Something is wrong with the page'
    const jpegNamedPng = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]).toString('base64')
    expect((await submit(a.caller, { type: 1, content: text, image: { file_name: 'a.png', content_type: 'image/png', data: jpegNamedPng } })).envelope.code).toBe(FeedbackCodes.badImage)
    expect((await submit(a.caller, { type: 1, content: text, image: { file_name: 'a.png', content_type: 'image/png', data: '' } })).envelope.code).toBe(FeedbackCodes.badImage)
    expect((await submit(a.caller, { type: 1, content: text, image: { file_name: 'a.png', content_type: 'image/png', data: '%%%notbase64' } })).envelope.code).toBe(FeedbackCodes.badImage)
    expect((await submit(a.caller, { type: 1, content: text, image: { file_name: 'a.png', content_type: 'image/png', data: png(FEEDBACK_IMAGE_MAX_BYTES + 1) } })).envelope.code).not.toBe(1)
    // The largest image passes the hall's edge and is kept.
    expect((await submit(a.caller, { type: 1, content: text, image: { file_name: 'a.png', content_type: 'image/png', data: png(FEEDBACK_IMAGE_MAX_BYTES) } })).envelope.code).toBe(1)
    expect((await submit(a.caller, { type: 9, content: text })).envelope.code).not.toBe(1)
    expect((await list(a.caller)).total).toBe(2)
    expect((await post(await visitor(hall.url), '/feedback/submit', { type: 1, content: text })).envelope.code).toBe(-1)
    expect((await post(await visitor(hall.url), '/feedback/list', {})).envelope.code).toBe(-1)
  })

  it('takes at most ten feedbacks a player a day, and more the next day', async () => {
    const a = await newPlayer()
    for (let i = 0; i < FEEDBACK_DAILY_MAX; i++) expect((await submit(a.caller, { type: 4, content: `Feedback number ${i}` })).envelope.code).toBe(1)
    expect((await submit(a.caller, { type: 4, content: 'One more feedback today' })).envelope.code).toBe(FeedbackCodes.tooMany)
    const b = await newPlayer()
    expect((await submit(b.caller, { type: 4, content: 'Another player is not limited' })).envelope.code).toBe(1)
    ahead += 25 * 3600_000
    // The session of yesterday may be over: the player signs in again.
    const again = await post(await visitor(hall.url), '/home/login', { username: a.username, password: 'abc12345', clientType: 5 })
    expect(again.envelope.code, again.envelope.msg).toBe(1)
    a.caller = player('001', again.envelope.data)
    expect((await submit(a.caller, { type: 4, content: 'A feedback the next day' })).envelope.code).toBe(1)
    // Pages: 11 feedbacks, 5 a page.
    const page3 = await list(a.caller, 3, 5)
    expect([page3.total, page3.records.length, page3.current, page3.size]).toEqual([11, 1, 3, 5])
  })

  it('keeps the operator reply for its player only, unread until the player reads it', async () => {
    const a = await newPlayer()
    const b = await newPlayer()
    await submit(a.caller, { type: 3, content: 'My withdrawal is still pending' })
    await submit(b.caller, { type: 3, content: 'My deposit has not arrived yet' })
    const aId = (await list(a.caller)).records[0]?.id ?? 0
    const bId = (await list(b.caller)).records[0]?.id ?? 0
    // A reply naming another player's feedback is refused.
    expect(await control(hall.url, 'feedback-reply', { username: a.username, id: bId, reply: 'Not yours' })).toMatchObject({ ok: false })
    expect(await control(hall.url, 'feedback-reply', { username: a.username, reply: 'It was paid at 10:00' })).toEqual({ ok: true, id: aId })
    const replied = await list(a.caller)
    expect(replied.records[0]).toMatchObject({ id: aId, reply: 'It was paid at 10:00', reply_read: 0 })
    expect(replied.records[0]?.repliedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    const other = await list(b.caller)
    expect([other.records[0]?.reply, other.records[0]?.repliedAt, other.records[0]?.reply_read]).toEqual(['', null, 1])
    // Another player cannot read it; the player reads it once.
    expect((await post(b.caller, '/feedback/read', { ids: [aId] })).envelope.data).toEqual({ count: 0 })
    expect((await list(a.caller)).records[0]?.reply_read).toBe(0)
    expect((await post(a.caller, '/feedback/read', { ids: [aId] })).envelope.data).toEqual({ count: 1 })
    expect((await post(a.caller, '/feedback/read', { ids: [aId] })).envelope.data).toEqual({ count: 0 })
    expect((await list(a.caller)).records[0]?.reply_read).toBe(1)
    // A new reply is unread again.
    await control(hall.url, 'feedback-reply', { username: a.username, id: aId, reply: 'Anything else?' })
    expect((await list(a.caller)).records[0]).toMatchObject({ reply: 'Anything else?', reply_read: 0 })
  })
})
