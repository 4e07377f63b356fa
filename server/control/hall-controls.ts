/**
 * The hall-wide controls: maintenance and area switches, latency and forced answers, the clock, the network lines, the served version, a site's configuration and documents, banners, socket pushes, reset. (docs/hall.md, "The control surface"; registered in server/control/index.ts).
 */
import { Schema } from 'effect'
import { siteConfigOf } from '../page'
import { LINE_COUNT, setLineDelay } from '../lines'
import { expireSessions, playerByUsername, siteByCode, siteForHost } from '../store'
import { bannerSeedsOf, setBanners } from '../banners'
import { defineControl, fail, ok } from './define'
import { callPath } from './common'

export const hallControls = [
  defineControl('maintenance', Schema.Struct({
      siteCode: Schema.String,
      maintainStatus: Schema.optional(Schema.Number),
      siteMaintenanceStatus: Schema.optional(Schema.Boolean),
    }), async ({ db, state }, b) => {
    if ((await siteByCode(db, b.siteCode)) === undefined) return fail(404, `unknown site: ${b.siteCode}`)
    const before = state.maintenance.get(b.siteCode) ?? {}
    state.maintenance.set(b.siteCode, {
      ...before,
      ...(b.maintainStatus === undefined ? {} : { maintainStatus: b.maintainStatus }),
      ...(b.siteMaintenanceStatus === undefined ? {} : { siteMaintenanceStatus: b.siteMaintenanceStatus }),
    })
    return ok()
  }),
  defineControl('area', Schema.Struct({ siteCode: Schema.String, areaStatus: Schema.Boolean }), async ({ db, state }, b) => {
    if ((await siteByCode(db, b.siteCode)) === undefined) return fail(404, `unknown site: ${b.siteCode}`)
    state.area.set(b.siteCode, b.areaStatus)
    return ok()
  }),
  defineControl('expire-token', Schema.Struct({ username: Schema.String, siteCode: Schema.optional(Schema.String) }), async ({ db }, b) => {
    return ok({ expired: await expireSessions(db, b.username, b.siteCode, Date.now()) })
  }),
  defineControl('latency', Schema.Struct({ path: Schema.optional(Schema.String), ms: Schema.Number.check(Schema.isGreaterThanOrEqualTo(0)) }), async ({ state }, b) => {
    const path = b.path === undefined ? '*' : callPath(b.path)
    if (path === undefined) return fail(404, `not a hall call path: ${b.path}`)
    if (b.ms === 0) state.latency.delete(path)
    else state.latency.set(path, b.ms)
    return ok()
  }),
  defineControl('force', Schema.Struct({
      path: Schema.String,
      code: Schema.optional(Schema.Number),
      msg: Schema.optional(Schema.String),
      data: Schema.optional(Schema.Unknown),
      raw: Schema.optional(Schema.String),
      times: Schema.optional(Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0))),
    }), async ({ state }, b) => {
    const path = callPath(b.path)
    if (path === undefined) return fail(404, `not a hall call path: ${b.path}`)
    const times = b.times ?? 1
    state.force.set(path, {
      code: b.code ?? 1,
      msg: b.msg ?? (b.code === undefined || b.code === 1 ? 'success' : 'forced by the control surface'),
      data: b.data === undefined ? null : b.data,
      raw: b.raw,
      remaining: times === 0 ? Infinity : times,
    })
    return ok()
  }),
  defineControl('clear-force', Schema.Struct({ path: Schema.optional(Schema.String) }), async ({ state }, b) => {
    if (b.path === undefined) state.force.clear()
    else {
      const path = callPath(b.path)
      if (path !== undefined) state.force.delete(path)
    }
    return ok()
  }),
  /**
   * Moves the hall's clock (server/state.ts clockOffsetMs): `advanceMs` ahead of where it is, or to
   * `offsetMs` from its base clock ({ offsetMs: 0 } puts it back; so does `reset`). Answers the
   * offset and the hall's time. What decides "today" follows it: a daily check-in, a period's deposits.
   */
  defineControl('clock', Schema.Struct({ advanceMs: Schema.optional(Schema.Int), offsetMs: Schema.optional(Schema.Int) }), async ({ state, now }, b) => {
    if ((b.advanceMs === undefined) === (b.offsetMs === undefined)) return fail(400, 'give advanceMs or offsetMs')
    state.clockOffsetMs = b.offsetMs ?? state.clockOffsetMs + (b.advanceMs ?? 0)
    return ok({ offsetMs: state.clockOffsetMs, now: new Date(now()).toISOString() })
  }),
  defineControl('reset', Schema.Struct({}), async ({ db, state }, _b) => {
    state.reset()
    // Every test's players share the loopback address: what one test failed is not the next one's (server/guard.ts).
    await db.query('DELETE FROM attempt_failures')
    // The support console's own lockout of usernames too (server/support/accounts.ts).
    await db.query('DELETE FROM support_sign_in_failures')
    return ok()
  }),
  /** The added delay of one network line (server/lines.ts); 0 removes it. */
  defineControl('line-delay', Schema.Struct({
      line: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: LINE_COUNT })),
      ms: Schema.Number.check(Schema.isGreaterThanOrEqualTo(0)),
    }), async ({ state }, b) => {
    setLineDelay(state, b.line, b.ms)
    return ok()
  }),
  /** The version op.json reports to a site's lobbies (a new build is out); null: the build's own again. */
  defineControl('app-version', Schema.Struct({ siteCode: Schema.String, version: Schema.NullOr(Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(50))) }), async ({ state }, b) => {
    if (b.version === null) state.servedVersion.delete(b.siteCode)
    else state.servedVersion.set(b.siteCode, b.version)
    return ok()
  }),
  defineControl('site-config', Schema.Struct({ siteCode: Schema.optional(Schema.String) }), async ({ db, state, origin }, b) => {
    const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
    if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
    // The control surface runs outside production only: the page's configuration there, stand-ins included.
    return ok({ config: await siteConfigOf(db, state, site, origin, { pixelStandIns: true }) })
  }),
  /** Patches a stored settings document (and removes keys); answers the document as it is then. Neither: reads it. */
  defineControl('site-document', Schema.Struct({
      siteCode: Schema.String,
      name: Schema.Literals(['site', 'sysInfo', 'layout', 'brandLogo', 'aboutUs', 'accessRestricted', 'maintain', 'footerConfig', 'download', 'club', 'webPush', 'challenge', 'register', 'delivery']),
      patch: Schema.optional(Schema.Record(Schema.String, Schema.Unknown)),
      remove: Schema.optional(Schema.Array(Schema.String)),
    }), async ({ db }, b) => {
    // An operator's settings change (e.g. auto visitor login off): stored, so it outlives a restart.
    const updated = await db.query<{ doc: Record<string, unknown> }>(
      `UPDATE site_documents SET doc = (doc || $3::jsonb) - $4::text[], updated_at = CASE WHEN $5 THEN now() ELSE updated_at END
       WHERE site_code = $1 AND name = $2 RETURNING doc`,
      [b.siteCode, b.name, JSON.stringify(b.patch ?? {}), b.remove ?? [], b.patch !== undefined || b.remove !== undefined],
    )
    const doc = updated.rows[0]?.doc
    if (doc === undefined) return fail(404, `site ${b.siteCode} has no ${b.name} document`)
    return ok({ doc })
  }),
  /**
   * Replaces a site's home banners by the given ones, in order (server/banners.ts); answers the
   * banners it had (to put back) and the new ids. Without banners: only reads them.
   */
  defineControl('banners', Schema.Struct({
      siteCode: Schema.String,
      banners: Schema.optional(Schema.Array(Schema.Struct({
        /** A banner put back keeps its id (what the control answered as `banners` before). */
        id: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 999_999_999 }))),
        title: Schema.String,
        subtitle: Schema.optional(Schema.String),
        colourFrom: Schema.optional(Schema.String.check(Schema.isPattern(/^#[0-9a-fA-F]{6}$/))),
        colourTo: Schema.optional(Schema.String.check(Schema.isPattern(/^#[0-9a-fA-F]{6}$/))),
        locationType: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 10 })),
        locationValue: Schema.optional(Schema.String),
        locationTemplate: Schema.optional(Schema.String),
        jumpWindow: Schema.optional(Schema.Literals([0, 1])),
      }))),
    }), async ({ db }, b) => {
    if ((await siteByCode(db, b.siteCode)) === undefined) return fail(404, `unknown site: ${b.siteCode}`)
    const before = await bannerSeedsOf(db, b.siteCode)
    const ids = b.banners === undefined ? [] : await db.transaction((tx) => setBanners(tx, b.siteCode, b.banners ?? []))
    return ok({ banners: before, ids })
  }),
  defineControl('push', Schema.Struct({ username: Schema.String, siteCode: Schema.optional(Schema.String), type: Schema.String, data: Schema.optional(Schema.Unknown) }), async ({ db, socket }, b) => {
    if (socket === undefined) return fail(501, 'this hall has no socket')
    const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
    if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
    const player = await playerByUsername(db, site.code, b.username)
    if (player === undefined) return fail(404, `no player ${b.username} on site ${site.code}`)
    return ok(await socket.push(player.id, b.type, b.data ?? null))
  }),
]
