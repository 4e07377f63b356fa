/**
 * Discount codes of a deposit (calls §7.4 checkCodePhoneNumber, useDiscountCode, isShowDiscount):
 * a code of a site pays its amount once per player through the money core ('bonus-discount').
 */
import { checkCodePhoneNumber, isShowDiscount, useDiscountCode } from '../../schemas/hall/calls/active'
import { discountCodes } from '../../schemas/hall/calls/codes'
import { requirePlayer } from '../calls/session'
import { ServiceError, implement } from '../calls/types'
import type { Implementation } from '../calls/types'
import { randomInt } from 'node:crypto'
import type { Db, Queryable } from '../db'
import { credit } from '../money'
import { balanceOf } from '../store'

/** Discount-code service codes (the hall's own range, docs/hall.md "Discount codes"). */
export const DiscountCode = discountCodes

const maskPhone = (phone: string): string => (phone.length <= 4 ? phone : `${'*'.repeat(phone.length - 4)}${phone.slice(-4)}`)

/** Creates or replaces a discount code of a site (the control surface). */
export const putDiscountCode = async (
  db: Queryable,
  c: { siteCode: string; code: string; amount: string; currency: string; maxUses: number; needPhone: boolean; active: boolean },
): Promise<void> => {
  await db.query(
    `INSERT INTO discount_codes (site_code, code, amount, currency, max_uses, need_phone, active) VALUES ($1, upper($2), $3, $4, $5, $6, $7)
     ON CONFLICT (site_code, code) DO UPDATE SET amount = EXCLUDED.amount, currency = EXCLUDED.currency, max_uses = EXCLUDED.max_uses,
       need_phone = EXCLUDED.need_phone, active = EXCLUDED.active`,
    [c.siteCode, c.code, c.amount, c.currency, c.maxUses, c.needPhone ? 1 : 0, c.active],
  )
}

/** A site's discount codes, newest first (the operator's console). */
export const discountCodesOf = async (db: Queryable, siteCode: string) =>
  (
    await db.query<{ code: string; amount: string; currency: string; maxUses: number; used: number; needPhone: boolean; active: boolean; createdAt: string }>(
      `SELECT code, trim_scale(amount)::text AS amount, currency, max_uses AS "maxUses", used, need_phone = 1 AS "needPhone", active,
         to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"
       FROM discount_codes WHERE site_code = $1 ORDER BY created_at DESC, code LIMIT 500`,
      [siteCode],
    )
  ).rows

/** Letters and digits a made code is drawn from (no 0/O, 1/I: read aloud or typed from a picture). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/**
 * Makes a batch of new discount codes of a site, each the prefix and 8 random characters, all of
 * the same amount, uses and phone rule (putDiscountCode, as the `discount-code` control); answers them.
 */
export const makeDiscountBatch = async (
  db: Db,
  b: { siteCode: string; prefix: string; count: number; amount: string; currency: string; maxUses: number; needPhone: boolean },
): Promise<ReadonlyArray<string>> =>
  db.transaction(async (tx) => {
    const codes: string[] = []
    while (codes.length < b.count) {
      const code = `${b.prefix.toUpperCase()}${Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')}`
      const taken = await tx.query('SELECT 1 FROM discount_codes WHERE site_code = $1 AND code = $2', [b.siteCode, code])
      if (taken.rows.length > 0 || codes.includes(code)) continue
      await putDiscountCode(tx, { siteCode: b.siteCode, code, amount: b.amount, currency: b.currency, maxUses: b.maxUses, needPhone: b.needPhone, active: true })
      codes.push(code)
    }
    return codes
  })

/** Turns a discount code of a site on or off; answers whether there was one. */
export const setDiscountCodeActive = async (db: Queryable, siteCode: string, code: string, active: boolean): Promise<boolean> =>
  (await db.query('UPDATE discount_codes SET active = $3 WHERE site_code = $1 AND code = upper($2) RETURNING code', [siteCode, code, active])).rows.length === 1

export const discountCalls: ReadonlyArray<Implementation> = [
  implement(isShowDiscount, async (ctx) => {
    const r = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM discount_codes WHERE site_code = $1 AND active AND used < max_uses', [ctx.site.code])
    return { show: (r.rows[0]?.n ?? 0) > 0 ? (1 as const) : (0 as const) }
  }),
  implement(checkCodePhoneNumber, async (ctx) => {
    const { player } = await requirePlayer(ctx)
    const phone = (await ctx.db.query<{ phone: string }>('SELECT mobile_phone AS phone FROM players WHERE id = $1', [player.id])).rows[0]?.phone ?? ''
    return { bound: phone === '' ? (0 as const) : (1 as const), mobile_phone: maskPhone(phone) }
  }),
  implement(useDiscountCode, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    const code = p.code.trim().toUpperCase()
    if (code === '' || code.length > 32) throw new ServiceError(DiscountCode.unknown, 'this code is not valid')
    const result = await ctx.db.transaction(async (tx) => {
      // The code's row is locked: its uses are counted one redemption at a time.
      const found = (
        await tx.query<{ amount: string; currency: string; maxUses: number; used: number; needPhone: number }>(
          `SELECT trim_scale(amount)::text AS amount, currency, max_uses AS "maxUses", used, need_phone::int AS "needPhone"
           FROM discount_codes WHERE site_code = $1 AND code = $2 AND active FOR UPDATE`,
          [ctx.site.code, code],
        )
      ).rows[0]
      if (found === undefined || found.currency !== player.currency) throw new ServiceError(DiscountCode.unknown, 'this code is not valid')
      if (found.needPhone === 1) {
        const phone = (await tx.query<{ phone: string }>('SELECT mobile_phone AS phone FROM players WHERE id = $1', [player.id])).rows[0]?.phone ?? ''
        if (phone === '') throw new ServiceError(DiscountCode.phoneRequired, 'bind a phone number to use this code')
      }
      const taken = await tx.query('INSERT INTO discount_code_uses (site_code, code, player_id, amount) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING player_id', [
        ctx.site.code, code, player.id, found.amount,
      ])
      if (taken.rows.length === 0) throw new ServiceError(DiscountCode.alreadyUsed, 'you have used this code already')
      if (found.used >= found.maxUses) throw new ServiceError(DiscountCode.exhausted, 'this code has been used up')
      await tx.query('UPDATE discount_codes SET used = used + 1 WHERE site_code = $1 AND code = $2', [ctx.site.code, code])
      await credit(tx, { playerId: player.id, currency: player.currency }, found.amount, 'bonus-discount')
      return { amount: found.amount, currency: player.currency }
    })
    return { amount: result.amount, count: 1, currency: result.currency, game_gold: await balanceOf(ctx.db, player.id, player.currency) }
  }),
]
