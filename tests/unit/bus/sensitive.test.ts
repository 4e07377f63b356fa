import { Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import { isSensitive, REDACTED, redact, Sensitive } from '../../../schemas/sensitive'

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
