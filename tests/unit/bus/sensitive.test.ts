import { Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import { isSensitive, REDACTED, redact, Sensitive, SensitiveParams } from '../../../schemas/sensitive'
import { redactEvent } from '../../../schemas/events/redact'

describe('redact', () => {
  const S = Schema.Struct({
    name: Schema.String,
    password: Sensitive(Schema.String),
    nested: Schema.optional(Schema.Struct({ pin: Sensitive(Schema.String), note: Schema.String })),
    list: Schema.Array(Schema.Struct({ key: Sensitive(Schema.String) })),
    loose: Schema.Unknown,
  })

  it('replaces marked fields, at any depth, and leaves the rest', () => {
    const v = { name: 'ann', password: 'p4ss', nested: { pin: '1234', note: 'hi' }, list: [{ key: 'k1' }, { key: 'k2' }], loose: 1 }
    expect(redact(S, v)).toEqual({ name: 'ann', password: REDACTED, nested: { pin: REDACTED, note: 'hi' }, list: [{ key: REDACTED }, { key: REDACTED }], loose: 1 })
    expect(v.password).toBe('p4ss')
  })

  it('in undescribed values, redacts strings under secret-looking names', () => {
    const v = { name: 'a', password: 'x', list: [], loose: { sysInfo: { token: 'sys-1', site_status: 1 }, deep: [{ session_key: 'sk', userkey: 'uk', siteKey: 'k' }] } }
    expect(redact(S, v)).toEqual({
      name: 'a',
      password: REDACTED,
      list: [],
      loose: { sysInfo: { token: REDACTED, site_status: 1 }, deep: [{ session_key: REDACTED, userkey: REDACTED, siteKey: REDACTED }] },
    })
  })

  it('keeps null and absent optional values as they are', () => {
    const O = Schema.Struct({ key: Sensitive(Schema.NullOr(Schema.String)) })
    expect(redact(O, { key: null })).toEqual({ key: null })
    expect(redact(O, { key: 'x' })).toEqual({ key: REDACTED })
  })
})

describe('redact: empty values', () => {
  it('keeps an empty string, which carries no secret, so an absent token stays absent in the log', () => {
    const O = Schema.Struct({ token: Sensitive(Schema.String), loose: Schema.Unknown })
    expect(redact(O, { token: '', loose: { password: '' } })).toEqual({ token: '', loose: { password: '' } })
    expect(redact(O, { token: 't', loose: { password: 'p' } })).toEqual({ token: REDACTED, loose: { password: REDACTED } })
  })
})

describe('redact: a sensitive schema with checks', () => {
  it('finds the mark Effect keeps on the last check, so a rule-checked password is redacted too', () => {
    const Rule = Sensitive(Schema.String.check(Schema.isMinLength(6), Schema.isMaxLength(16)))
    expect(isSensitive(Rule.ast)).toBe(true)
    expect(isSensitive(Schema.optional(Rule).ast)).toBe(true)
    expect(isSensitive(Schema.String.check(Schema.isMinLength(6)).ast)).toBe(false)
    const O = Schema.Struct({ newPassword: Rule, maybe: Schema.optional(Rule), note: Schema.String })
    expect(redact(O, { newPassword: 'abc123', maybe: 'xyz789', note: 'n' })).toEqual({ newPassword: REDACTED, maybe: REDACTED, note: 'n' })
  })
})

describe('redact: addresses and queries', () => {
  it("replaces the values of an address's secret parameters, in its query and its fragment, and keeps the rest as written", () => {
    const url = SensitiveParams(Schema.String, 'url')
    expect(redact(url, 'https://lobby.test/home/game?id=77&code=4/0AbC&state=xyz&gameCategoryId=3')).toBe(
      `https://lobby.test/home/game?id=77&code=${encodeURIComponent(REDACTED)}&state=${encodeURIComponent(REDACTED)}&gameCategoryId=3`,
    )
    // (Any name SENSITIVE_NAME knows is redacted too, token_type with the token: erring on the safe side.)
    expect(redact(url, '/cb#access_token=ya29.secret&token_type=Bearer&expires_in=3599')).toBe(
      `/cb#access_token=${encodeURIComponent(REDACTED)}&token_type=${encodeURIComponent(REDACTED)}&expires_in=3599`,
    )
    // Every value of a repeated name; a password under any spelling SENSITIVE_NAME knows.
    expect(redact(url, '/x?sign=a&sign=b&userPassword=p')).toBe(`/x?sign=${encodeURIComponent(REDACTED)}&sign=${encodeURIComponent(REDACTED)}&userPassword=${encodeURIComponent(REDACTED)}`)
    // An address with no secret parameter is the same string, exactly (spaces, order, a bare fragment).
    for (const same of ['http://127.0.0.1:8080/', '/home/game?gameCategoryId=5&platformId=136', '/a?q=a%20b+c#top', '', '/x?id=1&cid=2#section']) {
      expect(redact(url, same)).toBe(same)
    }
  })

  it("redacts a location's search and a parsed query the same way", () => {
    const search = SensitiveParams(Schema.String, 'search')
    expect(redact(search, '?current=1&ticket=T-9')).toBe(`?current=1&ticket=${encodeURIComponent(REDACTED)}`)
    expect(redact(search, '?current=1&from=bindModal')).toBe('?current=1&from=bindModal')
    const query = Schema.Struct({ query: Schema.optionalKey(SensitiveParams(Schema.Record(Schema.String, Schema.String), 'query')) })
    expect(redact(query, { query: { current: '2', code: '123456', token: 't' } })).toEqual({ query: { current: '2', code: REDACTED, token: REDACTED } })
    const kept = { query: { gameCategoryId: '5' } }
    expect(redact(query, kept)).toBe(kept)
  })

  it('redacts the events that carry the address: the start, the arrival and the navigation', () => {
    const started = redactEvent({ type: 'app.started', url: 'https://lobby.test/?code=abc&id=9' } as never) as { url: string }
    expect(started.url).toBe(`https://lobby.test/?code=${encodeURIComponent(REDACTED)}&id=9`)
    const arrived = redactEvent({ type: 'promotion.arrived', accessUrl: 'https://lobby.test/?cid=3&token=zz' } as never) as { accessUrl: string }
    expect(arrived.accessUrl).toBe(`https://lobby.test/?cid=3&token=${encodeURIComponent(REDACTED)}`)
    const moved = redactEvent({ type: 'nav.locationChanged', path: '/home/security', search: '?current=1&state=s' } as never) as { search: string }
    expect(moved.search).toBe(`?current=1&state=${encodeURIComponent(REDACTED)}`)
    const asked = redactEvent({ type: 'nav.requested', name: 'security', query: { current: '1', key: 'k' } } as never) as { query: Record<string, string> }
    expect(asked.query).toEqual({ current: '1', key: REDACTED })
  })
})
