/**
 * The event centre's operator controls: activities, wheels, red packets, task dispatch. (docs/hall.md, "The control surface"; registered in server/control/index.ts).
 */
import { putActivity } from '../activities-seed'
import { putPlayActivity } from '../play/wheel-seed'
import { setSeed } from '../play/wheel'
import { Schema } from 'effect'
import { createRedActivity, setRedActivityStatus } from '../calls/redpackets'
import { ActivityStatus, DeviceTypeString, RedPacketAction, RedPacketRefresh } from '../../schemas/hall/calls/active'
import { playerByUsername, siteByCode, siteForHost } from '../store'
import { defineControl, fail, ok } from '../control/define'
import { Amount, Count } from '../control/common'

export const eventControls = [
  /**
   * Adds (or replaces, by template) an event-centre activity of a site with its tiers ([need,
   * value]); start and end are ISO instants (default: this year to 2030). Answers its activeId.
   */
  defineControl('activity', Schema.Struct({
      siteCode: Schema.optional(Schema.String),
      category: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 2 }))),
      type: Schema.Literals([1, 3, 5, 10, 12, 15, 17]),
      template: Schema.String.check(Schema.isPattern(/^[a-z0-9-]{1,40}$/)),
      title: Schema.String,
      rules: Schema.optional(Schema.String),
      period: Schema.Literals([0, 1, 2]),
      condition: Schema.Literals([0, 1, 2]),
      rewardMode: Schema.Literals([0, 1]),
      distribution: Schema.Literals([2, 3, 4, 5]),
      turnover: Schema.optional(Schema.String.check(Schema.isPattern(/^\d+(\.\d{1,4})?$/))),
      receiveHours: Schema.optional(Count),
      tiers: Schema.Array(Schema.Tuple([Amount, Amount])),
      start: Schema.optional(Schema.String),
      end: Schema.optional(Schema.String),
    }), async ({ db }, b) => {
    const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
    if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
    const { siteCode: _s, tiers, ...input } = b
    const activeId = await db.transaction((tx) => putActivity(tx, site.code, { ...input, tiers: tiers.map(([need, value]) => [String(need), String(value)] as const) }))
    return ok({ activeId })
  }),
  /**
   * Adds (or replaces, by template) a lucky wheel (type 2, 20) or word collection (18) of a site:
   * its tasks ([condition 1 deposit / 2 bet, need, chances]), points per spin, prizes ([title,
   * amount, weight] clockwise from the top) or words ([word, weight]) and set ([title, amount]),
   * and optionally the seed of its random source. Answers its activeId.
   */
  defineControl('wheel-activity', Schema.Struct({
      siteCode: Schema.optional(Schema.String),
      type: Schema.Literals([2, 20, 18]),
      template: Schema.String.check(Schema.isPattern(/^[a-z0-9-]{1,40}$/)),
      title: Schema.String,
      rules: Schema.optional(Schema.String),
      period: Schema.Literals([0, 1, 2]),
      turnover: Schema.optional(Schema.String.check(Schema.isPattern(/^\d+(\.\d{1,4})?$/))),
      tasks: Schema.Array(Schema.Tuple([Schema.Literals([1, 2]), Amount, Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 1000 }))])),
      pointsPerSpin: Schema.optional(Amount),
      prizes: Schema.optional(Schema.Array(Schema.Tuple([Schema.String, Amount, Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))]))),
      words: Schema.optional(Schema.Array(Schema.Tuple([Schema.String, Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))]))),
      set: Schema.optional(Schema.Tuple([Schema.String, Amount])),
      seed: Schema.optional(Schema.NullOr(Schema.String)),
      start: Schema.optional(Schema.String),
      end: Schema.optional(Schema.String),
    }), async ({ db }, b) => {
    const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
    if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
    const { siteCode: _s, tasks, prizes, set, pointsPerSpin, ...input } = b
    const activeId = await db.transaction((tx) =>
      putPlayActivity(tx, site.code, {
        ...input,
        tasks: tasks.map(([c, need, n]) => [c, String(need), n] as const),
        pointsPerSpin: pointsPerSpin === undefined ? undefined : String(pointsPerSpin),
        prizes: prizes?.map(([t, amount, w]) => [t, String(amount), w] as const),
        set: set === undefined ? undefined : [set[0], String(set[1])] as const,
      }))
    return ok({ activeId })
  }),
  /**
   * Sets (a string) or clears (null) the seed of a wheel's or collection's random source, by
   * template: the n-th draw after it is sha256(seed:activeId:n) (server/play/wheel.ts).
   */
  defineControl('wheel-seed', Schema.Struct({ siteCode: Schema.optional(Schema.String), template: Schema.String, seed: Schema.NullOr(Schema.String) }), async ({ db }, b) => {
    const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
    if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
    const a = (await db.query<{ id: number }>('SELECT id FROM activities WHERE site_code = $1 AND template = $2 AND type IN (2, 18, 20)', [site.code, b.template])).rows[0]
    if (a === undefined) return fail(404, `no wheel or word collection ${b.template} on site ${site.code}`)
    await setSeed(db, a.id, b.seed)
    return ok({ activeId: a.id })
  }),
  /** Moves an activity's end (an ISO instant): the operator ends it early, or its window is over. */
  defineControl('activity-end', Schema.Struct({ siteCode: Schema.optional(Schema.String), template: Schema.String, end: Schema.String }), async ({ db }, b) => {
    const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
    if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
    const r = await db.query('UPDATE activities SET end_at = $3 WHERE site_code = $1 AND template = $2 AND start_at < $3 RETURNING id', [site.code, b.template, b.end])
    return r.rows.length === 1 ? ok() : fail(404, `no activity ${b.template} on site ${site.code} starting before ${b.end}`)
  }),
  /** Starts a red-packet activity (status 1 unless given), for the site or only the named players; answers its id. */
  defineControl('red-activity', Schema.Struct({
      siteCode: Schema.optional(Schema.String),
      /** Usernames of the site: the activity is offered to these players only (default: every player). */
      players: Schema.optional(Schema.Array(Schema.String)),
      title: Schema.optional(Schema.String),
      action: Schema.optional(RedPacketAction),
      amount: Amount,
      deviceTypes: Schema.optional(Schema.Array(DeviceTypeString)),
      refreshInterval: Schema.optional(RedPacketRefresh),
      packets: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 10 }))),
      status: Schema.optional(ActivityStatus),
    }), async ({ db }, b) => {
    const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
    if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
    const amount = String(b.amount)
    if (!(Number(amount) > 0)) return fail(400, 'a red packet is worth more than zero')
    const players: string[] = []
    for (const username of b.players ?? []) {
      const player = await playerByUsername(db, site.code, username)
      if (player === undefined) return fail(404, `no player ${username} on site ${site.code}`)
      players.push(player.id)
    }
    const activity = await createRedActivity(db, {
      siteCode: site.code,
      title: b.title ?? 'Red packet rain',
      action: b.action ?? 'grab',
      status: b.status ?? 1,
      deviceTypes: b.deviceTypes ?? ['1', '2', '3', '4'],
      refreshSeconds: b.refreshInterval ?? 10,
      amount,
      packets: b.packets ?? 1,
    }, players)
    return ok({ activeId: activity.id })
  }),
  /** Starts (1) or stops (3 closed, 2 over, 4 expired) a red-packet activity. */
  defineControl('red-activity-status', Schema.Struct({ activeId: Schema.Int, status: ActivityStatus }), async ({ db }, b) => {
    return (await setRedActivityStatus(db, b.activeId, b.status)) ? ok() : fail(404, `no red-packet activity ${b.activeId}`)
  }),
  /**
   * Sets how a site's tasks of a group and type are paid (server/tasks.ts): self-collect 2, the
   * player receives them; auto dispatch 4, the hall sends them once done (HasSend 4). Answers how
   * many tasks it set.
   */
  defineControl('task-dispatch', Schema.Struct({
      siteCode: Schema.optional(Schema.String),
      template: Schema.Literals(['newcomer', 'daily']),
      taskType: Schema.Int,
      condition: Schema.optional(Schema.Literals([0, 1, 2, 3])),
      dispatch: Schema.Literals([2, 4]),
    }), async ({ db }, b) => {
    const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
    if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
    const set = await db.query(
      'UPDATE tasks SET dispatch = $5 WHERE site_code = $1 AND template = $2 AND task_type = $3 AND ($4::int IS NULL OR condition = $4) RETURNING id',
      [site.code, b.template, b.taskType, b.condition ?? null, b.dispatch],
    )
    return set.rows.length === 0 ? fail(404, `no ${b.template} task of type ${b.taskType} on site ${site.code}`) : ok({ tasks: set.rows.length })
  }),
]
