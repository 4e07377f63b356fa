/**
 * The player controls: a player's flags, a new player, the last code and challenge sent, frames, badge counters, messages, feedback replies, service agents. (docs/hall.md, "The control surface"; registered in server/control/index.ts).
 */
import { randomInt } from 'node:crypto'
import { Schema } from 'effect'
import { Password, Username } from '../../schemas/hall/calls'
import { hashPassword } from '../crypto'
import { allFrames, setFrameSwitch } from '../calls/frames'
import { setMaxChargeRate, setPlayerCounters } from '../calls/badges'
import { sendMessage } from '../calls/messages'
import { onlineAgents, setAgents } from '../calls/service'
import { latestFeedbackOf, replyToFeedback } from '../calls/feedback'
import { lastCode } from '../calls/security'
import { challengeAnswerOf, lastChallenge } from '../calls/challenge'
import { credit } from '../money'
import { balanceOf, createPlayer, playerByUsername, siteByCode, siteForHost } from '../store'
import { defineControl, fail, ok } from './define'
import { Amount, Count, DEFAULT_PASSWORD, PlayerSettings, applySettings, isUniqueViolation } from './common'

export const playerControls = [
  defineControl('player', Schema.Struct({
      username: Schema.String,
      siteCode: Schema.optional(Schema.String),
      ...PlayerSettings,
    }), async ({ db }, b) => {
    // Account flags an operator sets: a forced password change, a frozen or blacklisted status.
    const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
    if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
    const player = await playerByUsername(db, site.code, b.username)
    if (player === undefined) return fail(404, `no player ${b.username} on site ${site.code}`)
    await applySettings(db, player.id, b)
    return ok()
  }),
  /**
   * Creates a player of its own for a test: a username (given, or the prefix and six random
   * digits), a password (default 'test1234'), an opening balance credited through the ledger, and
   * the settings of `player`. Answers the username, password, currency and balance.
   */
  defineControl('new-player', Schema.Struct({
      siteCode: Schema.optional(Schema.String),
      username: Schema.optional(Username),
      prefix: Schema.optional(Schema.String.check(Schema.isPattern(/^[A-Za-z][A-Za-z0-9]{0,9}$/))),
      password: Schema.optional(Password),
      balance: Schema.optional(Amount),
      ...PlayerSettings,
    }), async ({ db }, b) => {
    const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
    if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
    const balance = String(b.balance ?? '0')
    if (!(Number(balance) >= 0)) return fail(400, 'an opening balance is not negative')
    const password = b.password ?? DEFAULT_PASSWORD
    const passwordHash = await hashPassword(password)
    // A given name is taken or not; a generated one is drawn again (six digits: rarely needed).
    for (let attempt = 0; attempt < (b.username === undefined ? 5 : 1); attempt++) {
      const username = b.username ?? `${b.prefix ?? 'player'}${String(randomInt(1_000_000)).padStart(6, '0')}`
      try {
        const player = await db.transaction(async (tx) => {
          const created = await createPlayer(tx, { siteCode: site.code, username, passwordHash, accountType: 0, currency: site.currencyCode })
          if (Number(balance) > 0) await credit(tx, { playerId: created.id, currency: created.currency }, balance, 'control')
          await applySettings(tx, created.id, b)
          return created
        })
        return ok({ username, password, siteCode: site.code, currency: player.currency, balance: await balanceOf(db, player.id, player.currency) })
      } catch (e) {
        if (!isUniqueViolation(e)) throw e
      }
    }
    return fail(409, b.username === undefined ? 'no free username found' : `username ${b.username} is taken on site ${site.code}`)
  }),
  /**
   * The risk check (login validation mode sms 7): the player's password sign-ins answer
   * loginValidType 7 until it passes /user/risk/verifyPhone or /user/risk/bindPhone (`on: false`
   * takes it back). In memory, like the other overrides: a restart or `reset` drops it.
   */
  defineControl('risk-check', Schema.Struct({ username: Schema.String, siteCode: Schema.optional(Schema.String), on: Schema.optional(Schema.Boolean) }), async ({ db, state }, b) => {
    const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
    if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
    const player = await playerByUsername(db, site.code, b.username)
    if (player === undefined) return fail(404, `no player ${b.username} on site ${site.code}`)
    if (b.on === false) state.riskChecks.delete(player.id)
    else state.riskChecks.add(player.id)
    return ok()
  }),
  /** The last verification code the hall "sent" to a player (it sends no SMS or mail). */
  defineControl('last-code', Schema.Struct({ username: Schema.String, siteCode: Schema.optional(Schema.String), purpose: Schema.optional(Schema.Literals(['phone', 'email', 'googleAuth'])) }), async ({ db }, b) => {
    const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
    if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
    const player = await playerByUsername(db, site.code, b.username)
    if (player === undefined) return fail(404, `no player ${b.username} on site ${site.code}`)
    const sent = await lastCode(db, player.id, b.purpose)
    return sent === undefined ? fail(404, `no code sent to ${b.username}`) : ok(sent)
  }),
  /** The newest human challenge (1119) and the digits its image shows. */
  defineControl('last-challenge', Schema.Struct({}), async ({ db }, _b) => {
    const challenge = await lastChallenge(db)
    return challenge === undefined ? fail(404, 'no challenge was asked for') : ok(challenge)
  }),
  /** The answer of the challenge of this key (the digits, the slider's x, the click's points, the nine-square's tiles). */
  defineControl('challenge-answer', Schema.Struct({ key: Schema.String }), async ({ db }, b) => {
    // A dev or test hall only (the control surface): a browser test solves a challenge as a person would see it.
    const found = await challengeAnswerOf(db, b.key)
    return found === undefined ? fail(404, `no challenge ${b.key}`) : ok(found)
  }),
  /** Lists the frames (no ids), or switches the given frames on or off for their sites. */
  defineControl('frames', Schema.Struct({ ids: Schema.optional(Schema.Array(Schema.Int)), on: Schema.optional(Schema.Boolean) }), async ({ db }, b) => {
    if (b.ids === undefined) return ok({ frames: await allFrames(db) })
    return ok({ changed: await setFrameSwitch(db, b.ids, b.on ?? true) })
  }),
  /** Sets a player's badge counters (task/rebate/award red dots) and, with no username, only the site's highest charge rate. */
  defineControl('counters', Schema.Struct({
      username: Schema.optional(Schema.String),
      siteCode: Schema.optional(Schema.String),
      maxChargeRate: Schema.optional(Schema.String.check(Schema.isPattern(/^\d+(\.\d{1,4})?$/))),
      task_count: Schema.optional(Count),
      task_amount: Schema.optional(Amount),
      return_count: Schema.optional(Count),
      return_amount: Schema.optional(Amount),
      reward_count: Schema.optional(Count),
      reward_amount: Schema.optional(Amount),
    }), async ({ db }, b) => {
    const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
    if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
    if (b.maxChargeRate !== undefined) await setMaxChargeRate(db, site.code, b.maxChargeRate)
    if (b.username === undefined) return ok()
    const player = await playerByUsername(db, site.code, b.username)
    if (player === undefined) return fail(404, `no player ${b.username} on site ${site.code}`)
    const { username: _u, siteCode: _s, maxChargeRate: _m, ...values } = b
    await setPlayerCounters(db, player.id, values)
    return ok()
  }),
  /**
   * Sends messages (notice 1, announcement 2, marquee 3) to one player (username, told on their
   * socket) or to every player of the site; `count` sends that many, numbered in their titles.
   * An award is credited once when received, within `awardSeconds` when given. Answers the ids.
   */
  defineControl('message', Schema.Struct({
      siteCode: Schema.optional(Schema.String),
      username: Schema.optional(Schema.String),
      type: Schema.Literals([1, 2, 3]),
      title: Schema.String.check(Schema.isMaxLength(200)),
      content: Schema.String.check(Schema.isMaxLength(20_000)),
      award: Schema.optional(Schema.String.check(Schema.isPattern(/^\d{1,12}(\.\d{1,10})?$/))),
      awardSeconds: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 31_536_000 }))),
      count: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 500 }))),
    }), async ({ db, socket, now }, b) => {
    const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
    if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
    const player = b.username === undefined ? undefined : await playerByUsername(db, site.code, b.username)
    if (b.username !== undefined && player === undefined) return fail(404, `no player ${b.username} on site ${site.code}`)
    const count = b.count ?? 1
    const ids: number[] = []
    for (let i = 1; i <= count; i++) {
      ids.push(await sendMessage(db, socket, {
        siteCode: site.code, playerId: player?.id, type: b.type, title: count === 1 ? b.title : `${b.title} ${i}`, content: b.content,
        award: b.award, awardSeconds: b.awardSeconds,
      }, now()))
    }
    return ok({ ids })
  }),
  /**
   * The operator's reply to a player's feedback (its id, or their newest when it names none); sets or
   * replaces the reply, unread again. Answers the feedback's id.
   */
  defineControl('feedback-reply', Schema.Struct({
      siteCode: Schema.optional(Schema.String),
      username: Schema.String,
      id: Schema.optional(Schema.Int),
      reply: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(2000)),
    }), async ({ db, now }, b) => {
    const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
    if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
    const player = await playerByUsername(db, site.code, b.username)
    if (player === undefined) return fail(404, `no player ${b.username} on site ${site.code}`)
    const id = b.id ?? (await latestFeedbackOf(db, player.id))
    if (id === undefined || !(await replyToFeedback(db, id, b.reply, now(), player.id))) return fail(404, `no feedback ${b.id ?? ''} of ${b.username}`)
    return ok({ id })
  }),
  /** Replaces a site's customer-service agents, in order (no url: the hall's chat page); answers them as staffallv2 would. */
  defineControl('service-agents', Schema.Struct({
      siteCode: Schema.optional(Schema.String),
      agents: Schema.Array(Schema.Struct({
        name: Schema.String.check(Schema.isMaxLength(100)),
        code: Schema.optional(Schema.String.check(Schema.isMaxLength(10_000))),
        url: Schema.optional(Schema.String.check(Schema.isMaxLength(2000))),
        openType: Schema.optional(Schema.Int),
        online: Schema.optional(Schema.Boolean),
      })).check(Schema.isMaxLength(20)),
    }), async ({ db }, b) => {
    const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
    if (site === undefined) return fail(404, `unknown site: ${b.siteCode}`)
    await db.transaction((tx) => setAgents(tx, site.code, b.agents))
    return ok({ agents: await onlineAgents(db, site.code) })
  }),
]
