/**
 * The control commands of web push (dev and test only, like every control, server/control.ts):
 *
 * - `web-push-send` { username, siteCode?, title, body, url?, ttl? }: sends a real push through the
 *   standard protocol (server/webpush.ts) to each of the player's subscriptions, answers each
 *   endpoint's outcome ({ endpoint, status, outcome: sent | gone | failed | unreachable, error? });
 *   a subscription answered 404 or 410 is removed;
 * - `web-push-subscriptions` { username, siteCode? }: the player's subscriptions (endpoint, when
 *   registered, the last push's status).
 */
import { Exit, Schema } from 'effect'
import type { Db } from './db'
import { playerByUsername, siteByCode, siteDocument, siteForHost } from './store'
import { DEFAULT_SUBJECT, PAYLOAD_MAX_BYTES, sendToPlayer, type PushResult } from './webpush'

const Text = (max: number) => Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(max))

const bodies = {
  'web-push-send': Schema.Struct({
    username: Schema.String,
    siteCode: Schema.optional(Schema.String),
    title: Text(100),
    body: Text(1000),
    /** A path of the lobby the notification opens (default '/'). */
    url: Schema.optional(Schema.String.check(Schema.isPattern(/^\/(?!\/)[^\s\\]{0,500}$/))),
    /** How long the push service keeps the message for an offline browser, in seconds (default one day). */
    ttl: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 2_419_200 }))),
  }),
  'web-push-subscriptions': Schema.Struct({ username: Schema.String, siteCode: Schema.optional(Schema.String) }),
} as const

/** The web-push controls' names. */
export const WEB_PUSH_CONTROLS = Object.keys(bodies)

type Answer = { readonly status: number; readonly body: Record<string, unknown> }
const fail = (status: number, error: string): Answer => ({ status, body: { ok: false, error } })

/** Runs a web-push control, or answers undefined for another control's name. */
export const runWebPushControl = async (db: Db, name: string, parsed: unknown, now: number): Promise<Answer | undefined> => {
  if (!(name in bodies)) return undefined
  const control = name as keyof typeof bodies
  const decoded = Schema.decodeUnknownExit(bodies[control])(parsed)
  if (Exit.isFailure(decoded)) return fail(400, `invalid body for ${control}`)
  const b = decoded.value
  const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
  if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
  const player = await playerByUsername(db, site.code, b.username)
  if (player === undefined) return fail(404, `no player ${b.username} on site ${site.code}`)
  if (control === 'web-push-subscriptions') {
    const rows = await db.query<{ endpoint: string; createdAt: string; lastStatus: number | null }>(
      `SELECT endpoint, created_at AS "createdAt", last_status AS "lastStatus" FROM web_push_subscriptions WHERE player_id = $1 ORDER BY id`,
      [player.id],
    )
    return { status: 200, body: { ok: true, subscriptions: rows.rows } }
  }
  const send = b as (typeof bodies)['web-push-send']['Type']
  const sent = await sendWebPush(db, site.code, [player.id], send, now)
  return sent.ok ? { status: 200, body: { ok: true, results: sent.results.map(({ playerId: _p, ...r }) => r) } } : fail(sent.status, sent.error)
}

/** A web push as an operator writes it (the `web-push-send` control, the operator's console). */
export interface WebPushMessage {
  readonly title: string
  readonly body: string
  /** A path of the lobby the notification opens (default '/'). */
  readonly url?: string | undefined
  /** How long the push service keeps it for an offline browser, in seconds (default one day). */
  readonly ttl?: number | undefined
}

/**
 * Sends a web push to each subscription of these players of a site (undefined: every subscribed
 * player of the site), when the site has web push switched on; answers each endpoint's outcome.
 */
export const sendWebPush = async (
  db: Db,
  siteCode: string,
  playerIds: ReadonlyArray<string> | undefined,
  m: WebPushMessage,
  now: number,
): Promise<{ ok: true; results: ReadonlyArray<PushResult & { readonly playerId: string }> } | { ok: false; status: number; error: string }> => {
  const doc = await siteDocument<{ status?: string; subject?: string }>(db, siteCode, 'webPush')
  if (doc?.status !== 'open') return { ok: false, status: 409, error: `web push is switched off on site ${siteCode}` }
  const message = JSON.stringify({ title: m.title, body: m.body, url: m.url ?? '/', icon: '' })
  if (Buffer.byteLength(message) + 100 > PAYLOAD_MAX_BYTES) return { ok: false, status: 400, error: 'the message is too long for one push' }
  const players =
    playerIds ??
    (await db.query<{ id: string }>('SELECT DISTINCT player_id::text AS id FROM web_push_subscriptions WHERE site_code = $1 ORDER BY 1', [siteCode])).rows.map((r) => r.id)
  const results: Array<PushResult & { readonly playerId: string }> = []
  for (const playerId of players) {
    const sent = await sendToPlayer(db, {
      siteCode,
      playerId,
      title: m.title,
      body: m.body,
      url: m.url ?? '/',
      subject: typeof doc.subject === 'string' && /^(mailto:|https:)/.test(doc.subject) ? doc.subject : DEFAULT_SUBJECT,
      ttl: m.ttl ?? 86_400,
      now,
    })
    results.push(...sent.map((r) => ({ playerId, ...r })))
  }
  return { ok: true, results }
}
