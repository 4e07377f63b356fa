/**
 * The hall profile's secondVerify and recovery (issue 45, HallProfile in schemas/hall/calls/site.ts):
 * the seeded site 201 checks second verifications by channel, so its lobby sends verifyPhoneCode,
 * /user/security/verifyEmail and verifyGoogleAuthCode, and recovers passwords behind the image
 * challenge (/user/captcha/getUserInfo, /user/captcha/verifyPhone), proving the account by the
 * channel's call (/user/sms/verifyphone, /user/notlogin/verifyEmail); the default site says none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHall } from '../../server/hall'
import { control } from './support'

let hall: Awaited<ReturnType<typeof startHall>>

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test', log: () => undefined })
}, 60_000)
afterAll(() => hall.close())

const profileOf = async (siteCode: string): Promise<{ secondVerify?: unknown; recovery?: unknown; recoveryProof?: unknown } | undefined> =>
  ((await control(hall.url, 'site-config', { siteCode }))['config'] as { hallProfile?: { secondVerify?: unknown; recovery?: unknown } }).hallProfile

describe("the hall profile's second verification", () => {
  it('site 201 is seeded checking by channel; the default site has no such field', async () => {
    expect(await profileOf('201')).toEqual({ secondVerify: 'byChannel', recovery: 'captcha', recoveryProof: 'byChannel' })
    expect((await profileOf('001'))?.secondVerify).toBeUndefined()
    expect((await profileOf('001'))?.recovery).toBeUndefined()
  })

  it('an unknown value is not injected', async () => {
    await control(hall.url, 'site-document', { siteCode: '301', name: 'site', patch: { hallProfile: { recoveryProof: 'byPost' } } })
    expect(await profileOf('301')).toBeUndefined()
    await control(hall.url, 'site-document', { siteCode: '301', name: 'site', patch: { hallProfile: { secondVerify: 'byPigeon' } } })
    expect((await profileOf('301'))?.secondVerify).toBeUndefined()
    await control(hall.url, 'site-document', { siteCode: '301', name: 'site', patch: { hallProfile: { secondVerify: 'one', recovery: 'byPost' } } })
    expect(await profileOf('301')).toEqual({ secondVerify: 'one' })
    await control(hall.url, 'site-document', { siteCode: '301', name: 'site', remove: ['hallProfile'] })
  })
})
