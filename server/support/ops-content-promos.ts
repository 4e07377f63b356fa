/**
 * The operator's console, promotions and content (role marketing; docs/operations-players-content.md):
 * a site's event-centre activities (on or off, dates and tier amounts), discount codes (a batch
 * made, one turned off), notices, announcements and marquee lines (written, scheduled, withdrawn;
 * ops-content-messages.ts), web push to a site or a player, and the home banners. Each change
 * calls the function the control surface calls, is audited `ops.content.*` with who and what,
 * and reaches signed-in players without a restart: an activity change is told on their socket
 * (activeDetails), a message too (message/new); banners and codes are read on each visit.
 */
import type { Hono } from 'hono'
import { editActivity, operatorActivitiesOf, setActivityOn, type ActivityEdit } from '../activities-control'
import { bannerSeedsOf, setBanners, type BannerSeed } from '../banners'
import { setRedActivityStatus } from '../calls/redpackets'
import { discountCodesOf, makeDiscountBatch, setDiscountCodeActive } from '../pay/discount'
import { playerByUsername, siteByCode, type SiteRow } from '../store'
import { sendWebPush } from '../webpush-control'
import { opsMessagesOf, publishDue, tellSignedIn, withdrawMessage, writeMessage } from './ops-content-messages'
import type { AnyContext, OperatorKit } from './operator'

const MARKETING = ['marketing'] as const

/** The longest a timer waits at once (setTimeout's limit); a later message's timer is set again. */
const MAX_TIMER_MS = 2 ** 31 - 1

const text = (b: Record<string, unknown>, k: string, max: number): string | undefined => {
  const v = b[k]
  if (typeof v !== 'string') return undefined
  const t = v.trim()
  return t.length >= 1 && t.length <= max ? t : undefined
}

const AMOUNT = /^\d{1,18}(\.\d{1,10})?$/
const amountIn = (v: unknown): string | undefined => {
  const s = typeof v === 'number' ? String(v) : v
  return typeof s === 'string' && AMOUNT.test(s) && Number(s) > 0 ? s : undefined
}
const intIn = (v: unknown, min: number, max: number): number | undefined => (typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= max ? v : undefined)
const COLOUR = /^#[0-9a-fA-F]{6}$/

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const promoRoutes = (app: Hono<any>, kit: OperatorKit): void => {
  const { db, socket, now } = kit

  // A scheduled message goes out when due: a timer of the hall that scheduled it (those already
  // waiting get one when the hall starts), and any list of the messages publishes what is due, so
  // a message whose hall stopped goes out with the next hall's start or the next look at the list.
  const publish = () => publishDue(db, socket, now()).catch((e: unknown) => kit.log(`ops messages: ${e instanceof Error ? e.message : String(e)}`))
  const arm = (at: number) => {
    const timer = setTimeout(() => (at - now() > 0 ? arm(at) : void publish()), Math.min(Math.max(at - now(), 1000), MAX_TIMER_MS))
    timer.unref()
  }
  void db
    .query<{ at: number }>('SELECT (extract(epoch FROM publish_at) * 1000)::float8 AS at FROM ops_messages WHERE published_at IS NULL AND withdrawn_at IS NULL')
    .then((r) => r.rows.forEach((m) => arm(m.at)))
    .catch((e: unknown) => kit.log(`ops messages: ${e instanceof Error ? e.message : String(e)}`))

  /** A route for marketing: refused for any other role first, then the site named by ?site= or the body's siteCode. */
  const route = (
    method: 'get' | 'post',
    path: string,
    run: (c: AnyContext, site: SiteRow, b: Record<string, unknown>) => Promise<Response>,
  ) =>
    app[method](`/support/api/ops/${path}`, async (c: AnyContext) => {
      const refused = await kit.refuseUnless(c, MARKETING)
      if (refused !== undefined) return refused
      const b = method === 'post' ? await kit.readJson(c) : {}
      if (b === undefined) return c.json({ ok: false, error: 'body is not a JSON object' }, 400)
      const code = method === 'post' ? b['siteCode'] : c.req.query('site')
      if (typeof code !== 'string' || code.trim() === '') return c.json({ ok: false, error: 'name the site' }, 400)
      const site = await siteByCode(db, code.trim())
      if (site === undefined) return c.json({ ok: false, error: `unknown site: ${code}` }, 404)
      return run(c, site, b)
    })

  const audited = (c: AnyContext, site: SiteRow, action: string, detail: Record<string, unknown>) =>
    kit.audit(c, { action: `ops.content.${action}`, siteCode: site.code, detail })

  // The sites a marketing account may pick (every site of the hall).
  app.get('/support/api/ops/sites', async (c) => {
    const refused = await kit.refuseUnless(c, MARKETING)
    if (refused !== undefined) return refused
    const sites = (await db.query<{ code: string; name: string; currency: string }>('SELECT code, name, currency_code AS currency FROM sites ORDER BY code')).rows
    return c.json({ ok: true, sites })
  })

  // --- activities -----------------------------------------------------------------------------

  route('get', 'activities', async (c, site) => c.json({ ok: true, activities: await operatorActivitiesOf(db, site.code, site.languageCode) }))

  route('post', 'activities/:id/switch', async (c, site, b) => {
    const id = Number(c.req.param('id'))
    if (typeof b['on'] !== 'boolean') return c.json({ ok: false, error: 'on (true or false) is required' }, 400)
    if (!Number.isSafeInteger(id) || !(await setActivityOn(db, site.code, id, b['on']))) return c.json({ ok: false, error: `no activity ${c.req.param('id')} on site ${site.code}` }, 404)
    await audited(c, site, b['on'] ? 'activity.on' : 'activity.off', { activeId: id })
    const told = await tellSignedIn(db, socket, site.code, 'activeDetails', { activeId: id }, now())
    return c.json({ ok: true, told })
  })

  route('post', 'activities/:id', async (c, site, b) => {
    const id = Number(c.req.param('id'))
    if (!Number.isSafeInteger(id)) return c.json({ ok: false, error: `no activity ${c.req.param('id')} on site ${site.code}` }, 404)
    const tiers = b['tiers']
    if (tiers !== undefined && !(Array.isArray(tiers) && tiers.every((t) => typeof t === 'object' && t !== null && Number.isSafeInteger((t as { id?: unknown }).id)))) {
      return c.json({ ok: false, error: 'tiers are [{ id, need?, value? }]' }, 400)
    }
    const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined)
    const edit: ActivityEdit = {
      start: str(b['start']),
      end: str(b['end']),
      tiers: (tiers as Array<Record<string, unknown>> | undefined)?.map((t) => ({ id: t['id'] as number, need: str(t['need']), value: str(t['value']) })),
    }
    const refusal = await editActivity(db, site.code, id, edit)
    if (refusal !== undefined) return c.json({ ok: false, error: refusal }, refusal.startsWith('no activity') ? 404 : 400)
    await audited(c, site, 'activity.edited', { activeId: id, ...edit })
    const told = await tellSignedIn(db, socket, site.code, 'activeDetails', { activeId: id }, now())
    return c.json({ ok: true, told, activity: (await operatorActivitiesOf(db, site.code, site.languageCode)).find((a) => a.id === id) })
  })

  // --- red-packet activities (started by the `red-activity` control; on and off as its `red-activity-status`) ---

  route('get', 'red-activities', async (c, site) => {
    const rows = await db.query<{ id: number; title: string; action: string; status: number; amount: string; packets: number }>(
      'SELECT id, title, action, status::int AS status, trim_scale(amount)::text AS amount, packets FROM red_activities WHERE site_code = $1 ORDER BY id DESC LIMIT 200',
      [site.code],
    )
    return c.json({ ok: true, activities: rows.rows })
  })

  route('post', 'red-activities/:id/switch', async (c, site, b) => {
    const id = Number(c.req.param('id'))
    if (typeof b['on'] !== 'boolean') return c.json({ ok: false, error: 'on (true or false) is required' }, 400)
    const ours = Number.isSafeInteger(id) && (await db.query('SELECT 1 FROM red_activities WHERE site_code = $1 AND id = $2', [site.code, id])).rows.length === 1
    if (!ours || !(await setRedActivityStatus(db, id, b['on'] ? 1 : 3))) return c.json({ ok: false, error: `no red-packet activity ${c.req.param('id')} on site ${site.code}` }, 404)
    await audited(c, site, b['on'] ? 'redpackets.on' : 'redpackets.off', { activeId: id })
    // The lobby's red packets read their activities again on this notice.
    const told = await tellSignedIn(db, socket, site.code, 'activeDetails', { activeId: id }, now())
    return c.json({ ok: true, told })
  })

  // --- discount codes -------------------------------------------------------------------------

  route('get', 'discount-codes', async (c, site) => c.json({ ok: true, codes: await discountCodesOf(db, site.code) }))

  route('post', 'discount-codes', async (c, site, b) => {
    const amount = amountIn(b['amount'])
    const count = intIn(b['count'], 1, 200)
    const maxUses = intIn(b['maxUses'] ?? 1, 1, 1_000_000)
    const prefix = b['prefix'] ?? ''
    if (amount === undefined) return c.json({ ok: false, error: 'the amount is above zero' }, 400)
    if (count === undefined) return c.json({ ok: false, error: 'make 1 to 200 codes at a time' }, 400)
    if (maxUses === undefined) return c.json({ ok: false, error: 'each code is used 1 to 1,000,000 times' }, 400)
    if (typeof prefix !== 'string' || !/^[A-Za-z0-9]{0,12}$/.test(prefix)) return c.json({ ok: false, error: 'the prefix is up to 12 letters and digits' }, 400)
    const needPhone = b['needPhone'] === true
    const codes = await makeDiscountBatch(db, { siteCode: site.code, prefix, count, amount, currency: site.currencyCode, maxUses, needPhone })
    await audited(c, site, 'discount.batch', { codes, amount, currency: site.currencyCode, maxUses, needPhone })
    return c.json({ ok: true, codes })
  })

  route('post', 'discount-codes/:code/off', async (c, site) => {
    const code = c.req.param('code') ?? ''
    if (!(await setDiscountCodeActive(db, site.code, code, false))) return c.json({ ok: false, error: `no code ${code} on site ${site.code}` }, 404)
    await audited(c, site, 'discount.off', { code: code.toUpperCase() })
    return c.json({ ok: true })
  })

  // --- notices, announcements, marquee lines --------------------------------------------------

  route('get', 'messages', async (c, site) => {
    await publishDue(db, socket, now())
    return c.json({ ok: true, messages: await opsMessagesOf(db, site.code) })
  })

  route('post', 'messages', async (c, site, b) => {
    const type = b['type']
    if (type !== 1 && type !== 2 && type !== 3) return c.json({ ok: false, error: 'type is 1 (notice), 2 (announcement) or 3 (marquee line)' }, 400)
    const content = text(b, 'content', 20_000)
    const title = type === 3 ? (text(b, 'title', 200) ?? content?.slice(0, 200)) : text(b, 'title', 200)
    if (title === undefined || content === undefined) return c.json({ ok: false, error: type === 3 ? 'write the line' : 'write a title and the text' }, 400)
    const at = b['publishAt']
    const publishAt = at === undefined || at === null || at === '' ? undefined : typeof at === 'number' ? at : typeof at === 'string' ? Date.parse(at) : NaN
    if (publishAt !== undefined && !Number.isFinite(publishAt)) return c.json({ ok: false, error: 'publishAt is a date' }, 400)
    const message = await writeMessage(db, socket, { siteCode: site.code, type, title, content, publishAt, by: kit.userOf(c).username }, now())
    if (message.state === 'scheduled' && publishAt !== undefined) arm(publishAt)
    await audited(c, site, message.state === 'scheduled' ? 'message.scheduled' : 'message.published', { id: message.id, type, title, publishAt: message.publishAt })
    return c.json({ ok: true, message })
  })

  route('post', 'messages/:id/withdraw', async (c, site) => {
    const message = await withdrawMessage(db, socket, site.code, c.req.param('id') ?? '', now())
    if (message === undefined) return c.json({ ok: false, error: `no message ${c.req.param('id')} on site ${site.code}` }, 404)
    await audited(c, site, 'message.withdrawn', { id: message.id, type: message.type, title: message.title })
    return c.json({ ok: true, message })
  })

  // --- web push -------------------------------------------------------------------------------

  route('post', 'push', async (c, site, b) => {
    const title = text(b, 'title', 100)
    const body = text(b, 'body', 1000)
    if (title === undefined || body === undefined) return c.json({ ok: false, error: 'write a title (up to 100 characters) and a text (up to 1000)' }, 400)
    const url = b['url'] ?? '/'
    if (typeof url !== 'string' || !/^\/(?!\/)[^\s\\]{0,500}$/.test(url)) return c.json({ ok: false, error: 'the link is a path of the lobby, such as /activity' }, 400)
    const username = typeof b['username'] === 'string' && b['username'].trim() !== '' ? b['username'].trim() : undefined
    const player = username === undefined ? undefined : await playerByUsername(db, site.code, username)
    if (username !== undefined && player === undefined) return c.json({ ok: false, error: `no player ${username} on site ${site.code}` }, 404)
    const sent = await sendWebPush(db, site.code, player === undefined ? undefined : [player.id], { title, body, url }, now())
    if (!sent.ok) return c.json({ ok: false, error: sent.error }, sent.status === 409 ? 409 : 400)
    const count = (o: string) => sent.results.filter((r) => r.outcome === o).length
    await kit.audit(c, {
      action: 'ops.content.push.sent', siteCode: site.code, playerId: player?.id ?? null, usernames: player === undefined ? [] : [player.username],
      detail: { title, url, to: player === undefined ? 'site' : 'player', sent: count('sent'), gone: count('gone'), failed: sent.results.length - count('sent') - count('gone') },
    })
    return c.json({ ok: true, results: sent.results })
  })

  // --- banners --------------------------------------------------------------------------------

  route('get', 'banners', async (c, site) => c.json({ ok: true, banners: await bannerSeedsOf(db, site.code) }))

  route('post', 'banners', async (c, site, b) => {
    const list = b['banners']
    if (!Array.isArray(list) || list.length > 20) return c.json({ ok: false, error: 'banners is a list of up to 20' }, 400)
    const banners: BannerSeed[] = []
    for (const raw of list as unknown[]) {
      if (typeof raw !== 'object' || raw === null) return c.json({ ok: false, error: 'a banner is an object' }, 400)
      const r = raw as Record<string, unknown>
      const title = text(r, 'title', 80)
      const locationType = intIn(r['locationType'], 1, 10)
      const id = r['id'] === undefined ? undefined : intIn(r['id'], 1, 999_999_999)
      if (title === undefined || locationType === undefined) return c.json({ ok: false, error: 'a banner has a title and a link type (1 to 10)' }, 400)
      for (const k of ['colourFrom', 'colourTo']) if (r[k] !== undefined && !(typeof r[k] === 'string' && COLOUR.test(r[k]))) return c.json({ ok: false, error: `${k} is a colour such as #1e6cff` }, 400)
      banners.push({
        id, title, locationType,
        subtitle: typeof r['subtitle'] === 'string' ? r['subtitle'].slice(0, 200) : undefined,
        colourFrom: r['colourFrom'] as string | undefined,
        colourTo: r['colourTo'] as string | undefined,
        locationValue: typeof r['locationValue'] === 'string' ? r['locationValue'].slice(0, 500) : undefined,
      })
    }
    const ids = await db.transaction((tx) => setBanners(tx, site.code, banners))
    await audited(c, site, 'banners.set', { titles: banners.map((x) => x.title) })
    return c.json({ ok: true, ids, banners: await bannerSeedsOf(db, site.code) })
  })
}
