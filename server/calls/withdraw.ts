/**
 * The withdrawal calls of the reference hall (spec §7.6): the withdraw page's information, fees,
 * the withdrawal itself (cach), its records and details, the turnover audits, the withdraw
 * accounts (bank cards, e-wallets, crypto addresses, wallet-app accounts), proof uploads, the
 * wallets and the site's closed channels. The money itself moves in server/withdraw.ts.
 */
import {
  auditDetail,
  auditRecordPageList,
  bankInfo,
  bindAlipay,
  bindCard,
  bindCrypto,
  bindUserWallet,
  cryptoList,
  deleteAccount,
  ewalletList,
  getWithdrawFee,
  setDefaultAccount,
  uploadPay,
  verifyWithdrawPass,
  walletQuery,
  withdrawalChannelClosedQuery,
  withdrawCash,
  withdrawInfo,
  withdrawOrderInfo,
  withdrawRecord,
} from '../../schemas/hall/calls'
import type { AuditRecord, Bank, EWallet } from '../../schemas/hall/calls'
import { randomBytes } from 'node:crypto'
import { pinMemo } from '../pin-memo'
import { checkPinOnce } from '../withdraw-claim'
import type { Queryable } from '../db'
import type { PlayerRow } from '../store'
import {
  CRYPTO_NETWORKS,
  WithdrawCodes,
  WithdrawError,
  accountsOf,
  bindAccount,
  channelsOf,
  deleteAccountOf,
  checkWithdrawAmount,
  checkWithdrawable,
  feeOf,
  liveAccount,
  momentIn,
  orderAnswerOf,
  orderOfPlayer,
  ordersOf,
  requestWithdraw,
  setDefault,
  settingsOf,
  withdrawableOf,
} from '../withdraw'
import { rangeOf, zoneOf } from './records'
import { spendCode } from './security'
import { requirePlayer } from './session'
import { implement } from './types'
import type { CallContext, Implementation } from './types'

/** The banks a card can be bound at, per currency (others: the international list). */
export const BANKS: Readonly<Record<string, ReadonlyArray<Bank>>> = {
  BRL: [
    { bank_code: '001', bank_name: 'Banco do Brasil', icon: '' },
    { bank_code: '104', bank_name: 'Caixa Econômica Federal', icon: '' },
    { bank_code: '237', bank_name: 'Bradesco', icon: '' },
    { bank_code: '260', bank_name: 'Nubank', icon: '' },
    { bank_code: '341', bank_name: 'Itaú Unibanco', icon: '' },
  ],
  INR: [
    { bank_code: 'SBIN', bank_name: 'State Bank of India', icon: '' },
    { bank_code: 'HDFC', bank_name: 'HDFC Bank', icon: '' },
    { bank_code: 'ICIC', bank_name: 'ICICI Bank', icon: '' },
  ],
  '*': [
    { bank_code: 'CHASE', bank_name: 'JPMorgan Chase', icon: '' },
    { bank_code: 'BOFA', bank_name: 'Bank of America', icon: '' },
    { bank_code: 'HSBC', bank_name: 'HSBC', icon: '' },
    { bank_code: 'DEUT', bank_name: 'Deutsche Bank', icon: '' },
  ],
}
const banksOf = (currency: string): ReadonlyArray<Bank> => BANKS[currency.toUpperCase()] ?? BANKS['*'] ?? []

/** An e-mail address as an e-wallet account. */
const EMAIL = '^[^@\\s]{1,64}@[^@\\s]+\\.[^@\\s]{2,}$'

/**
 * The e-wallets (bindalipay) and wallet apps (bindUserWallet) per currency, each with the pattern
 * its account must match (others: the international list). Answered by ewalletList.
 */
export const E_WALLETS: Readonly<Record<string, ReadonlyArray<Omit<EWallet, 'currency'>>>> = {
  BRL: [
    { code: 'pix', name: 'PIX', kind: 'ewallet', account_pattern: `^(\\d{11}|\\+55\\d{10,11}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|${EMAIL.slice(1, -1)})$`, account_example: '12345678901', icon: '' },
    { code: 'picpay', name: 'PicPay', kind: 'wallet', account_pattern: '^@[a-z0-9._]{3,30}$', account_example: '@ana.silva', icon: '' },
  ],
  INR: [
    { code: 'paytm', name: 'Paytm', kind: 'ewallet', account_pattern: '^[6-9]\\d{9}$', account_example: '9876543210', icon: '' },
    { code: 'upi', name: 'UPI', kind: 'wallet', account_pattern: '^[a-zA-Z0-9._-]{2,256}@[a-zA-Z]{2,64}$', account_example: 'ana@okaxis', icon: '' },
  ],
  PHP: [
    { code: 'gcash', name: 'GCash', kind: 'ewallet', account_pattern: '^09\\d{9}$', account_example: '09171234567', icon: '' },
    { code: 'maya', name: 'Maya', kind: 'wallet', account_pattern: '^09\\d{9}$', account_example: '09181234567', icon: '' },
  ],
  CNY: [
    { code: 'alipay', name: 'Alipay', kind: 'ewallet', account_pattern: `^(1\\d{10}|${EMAIL.slice(1, -1)})$`, account_example: '13800138000', icon: '' },
    { code: 'wechat', name: 'WeChat Pay', kind: 'wallet', account_pattern: '^[a-zA-Z][-_a-zA-Z0-9]{5,19}$', account_example: 'wxid_ana01', icon: '' },
  ],
  '*': [
    { code: 'paypal', name: 'PayPal', kind: 'ewallet', account_pattern: EMAIL, account_example: 'ana@example.com', icon: '' },
    { code: 'skrill', name: 'Skrill', kind: 'ewallet', account_pattern: EMAIL, account_example: 'ana@example.com', icon: '' },
    { code: 'alipay', name: 'Alipay', kind: 'ewallet', account_pattern: `^(1\\d{10}|${EMAIL.slice(1, -1)})$`, account_example: '13800138000', icon: '' },
  ],
}
const eWalletsOf = (currency: string): ReadonlyArray<EWallet> =>
  (E_WALLETS[currency.toUpperCase()] ?? E_WALLETS['*'] ?? []).map((w) => ({ ...w, currency: currency.toUpperCase() }))

/** The e-wallet or wallet app of a currency a binding names, with its account checked against its pattern. */
const eWalletAccount = (currency: string, kind: EWallet['kind'], code: string | undefined, raw: string): { wallet: EWallet; no: string } => {
  const of = eWalletsOf(currency).filter((w) => w.kind === kind)
  const wallet = code === undefined ? of[0] : of.find((w) => w.code === code)
  if (wallet === undefined) throw new WithdrawError(WithdrawCodes.badCard, kind === 'ewallet' ? 'choose an e-wallet of the list' : 'choose a wallet of the list')
  const no = raw.trim()
  if (no.length > 256 || !new RegExp(wallet.account_pattern).test(no)) throw new WithdrawError(WithdrawCodes.badCard, `not a ${wallet.name} account (like ${wallet.account_example})`)
  return { wallet, no }
}

/** Wrong withdraw passwords in a row before the checks lock, and for how long. */
export const PIN_MAX_FAILURES = 5
export const PIN_LOCK_MS = 15 * 60_000
/** How long a verifyWithdrawPass ticket stays good. */
export const VERIFY_TICKET_SECONDS = 300

/** Spec §5 real name: required, at most 75 characters, upper case where the site asks. */
const REAL_NAME_MAX = 75
/** Spec §5 CPF: digits only, 1 to 11. */
const CPF = /^\d{1,11}$/
/** Spec §5 payment password: exactly 6 digits. */
const PIN = /^\d{6}$/
/** A card or account number: 6 to 30 digits (spaces allowed between groups). */
const CARD = /^\d{6,30}$/
/** A proof image: at most 512 KB before base64 (base64 in the encrypted body keeps a request under the edge's 1 MB body limit). */
export const PROOF_MAX_BYTES = 512 * 1024

/** Whether the bytes start as the named image type does. */
const isImage = (b: Buffer, type: 'image/png' | 'image/jpeg' | 'image/webp'): boolean =>
  type === 'image/png'
    ? b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    : type === 'image/jpeg'
      ? b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff
      : b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP'

const holderName = (raw: string): string => {
  const name = raw.trim()
  if (name === '' || name.length > REAL_NAME_MAX) throw new WithdrawError(WithdrawCodes.badName, `the holder's name is 1 to ${REAL_NAME_MAX} characters`)
  return name
}

/**
 * Checks the withdraw password of a player (spec §5: 6 digits); refuses a wrong one. Every check
 * counts: the PIN_MAX_FAILURES-th wrong one in a row locks the checks for PIN_LOCK_MS (1320),
 * a right one clears the count. Runs outside a transaction so a failure's count stays.
 */
export const checkPin = async (db: Queryable, playerId: string, pin: string, now: number): Promise<void> => {
  if (!PIN.test(pin)) throw new WithdrawError(WithdrawCodes.badPin, 'the withdraw password is 6 digits')
  const hash = (await db.query<{ hash: string | null }>('SELECT withdraw_pass_hash AS hash FROM players WHERE id = $1', [playerId])).rows[0]?.hash ?? null
  if (hash === null) throw new WithdrawError(WithdrawCodes.noPin, 'set a withdraw password first')
  const at = new Date(now).toISOString()
  // A lock that ran out starts the count again.
  await db.query('DELETE FROM withdraw_pass_failures WHERE player_id = $1 AND locked_until IS NOT NULL AND locked_until <= $2', [playerId, at])
  const locked = (await db.query<{ until: Date }>('SELECT locked_until AS until FROM withdraw_pass_failures WHERE player_id = $1 AND locked_until IS NOT NULL', [playerId])).rows[0]
  if (locked !== undefined) {
    const minutes = Math.max(1, Math.ceil((new Date(locked.until).getTime() - now) / 60_000))
    throw new WithdrawError(WithdrawCodes.pinLocked, `too many wrong withdraw passwords: try again in ${minutes} minutes`)
  }
  if (await pinMemo.check(playerId, pin, hash, now)) {
    await db.query('DELETE FROM withdraw_pass_failures WHERE player_id = $1', [playerId])
    return
  }
  const row = (
    await db.query<{ failures: number }>(
      `INSERT INTO withdraw_pass_failures (player_id, failures, last_failed_at, locked_until)
       VALUES ($1, 1, $2, CASE WHEN 1 >= $3 THEN $4::timestamptz END)
       ON CONFLICT (player_id) DO UPDATE SET failures = withdraw_pass_failures.failures + 1, last_failed_at = $2,
         locked_until = CASE WHEN withdraw_pass_failures.failures + 1 >= $3 THEN $4::timestamptz END
       RETURNING failures`,
      [playerId, at, PIN_MAX_FAILURES, new Date(now + PIN_LOCK_MS).toISOString()],
    )
  ).rows[0]
  if ((row?.failures ?? 0) >= PIN_MAX_FAILURES) throw new WithdrawError(WithdrawCodes.pinLocked, `too many wrong withdraw passwords: try again in ${PIN_LOCK_MS / 60_000} minutes`)
  throw new WithdrawError(WithdrawCodes.wrongPin, `wrong withdraw password (${PIN_MAX_FAILURES - (row?.failures ?? 0)} tries left)`)
}

/** A withdraw account is bound only by a player with a phone and a withdraw password (spec §5); the password, when sent, must be right. */
const mayBind = async (ctx: CallContext, player: PlayerRow, pin: string | undefined): Promise<void> => {
  const row = (
    await ctx.db.query<{ phone: string; pin: boolean }>('SELECT mobile_phone AS phone, withdraw_pass_hash IS NOT NULL AS pin FROM players WHERE id = $1', [player.id])
  ).rows[0]
  if (row === undefined || row.phone === '') throw new WithdrawError(WithdrawCodes.needPhone, 'bind a phone first')
  if (!row.pin) throw new WithdrawError(WithdrawCodes.noPin, 'set a withdraw password first')
  if (pin !== undefined) await checkPin(ctx.db, player.id, pin, ctx.now)
}

/** Spends a verifyWithdrawPass ticket of this player (once, before it expires); refuses any other. */
const spendTicket = async (ctx: CallContext, player: PlayerRow, token: string | undefined): Promise<void> => {
  if (token === undefined) return
  const spent = await ctx.db.query(`DELETE FROM verify_tickets WHERE token = $1 AND player_id = $2 AND verify = 'withdrawPass' AND expires_at > $3 RETURNING token`, [
    token,
    player.id,
    new Date(ctx.now).toISOString(),
  ])
  if (spent.rows.length === 0) throw new WithdrawError(WithdrawCodes.badTicket, 'check the withdraw password again')
}

/** An audit's columns as answered; `zone` names the query parameter that holds the site's zone. */
const auditColumns = (zone: string) => `id::text AS audit_id, source, title, currency, trim_scale(amount)::text AS amount,
  trim_scale(need_bet)::text AS need_bet, trim_scale(done_bet)::text AS done_bet, status::int AS status,
  to_char(created_at AT TIME ZONE ${zone}, 'YYYY-MM-DD HH24:MI:SS') AS created_at,
  to_char(finished_at AT TIME ZONE ${zone}, 'YYYY-MM-DD HH24:MI:SS') AS finished_at`

/** The withdraw_proofs id of an upload's url ('/proofs/12'), or undefined. */
const proofIdOf = (url: string | undefined): string | undefined => (url === undefined ? undefined : (/^\/proofs\/(\d{1,19})$/.exec(url)?.[1] ?? '0'))

const pageOf = (q: { current?: number | undefined; size?: number | undefined }): { current: number; size: number } => ({
  current: Math.max(1, Math.trunc(q.current ?? 1)),
  size: Math.min(100, Math.max(1, Math.trunc(q.size ?? 10))),
})

export const withdrawCalls: ReadonlyArray<Implementation> = [
  implement(withdrawInfo, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    const currency = (p.currency ?? player.currency).toUpperCase()
    const zone = zoneOf(ctx.site.timeZone)
    const day = await rangeOf(ctx.db, { dateType: 0 }, ctx.now, zone)
    const [can, settings, accounts, binds, today, type] = await Promise.all([
      withdrawableOf(ctx.db, player.id, currency),
      settingsOf(ctx.db, ctx.site.code),
      accountsOf(ctx.db, player.id),
      ctx.db.query<{ phone: string; pin: boolean }>('SELECT mobile_phone AS phone, withdraw_pass_hash IS NOT NULL AS pin FROM players WHERE id = $1', [player.id]),
      ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM withdraw_orders WHERE player_id = $1 AND created_at >= $2 AND status NOT IN (3, 4, 5)', [
        player.id,
        day.from,
      ]),
      ctx.db.query<{ t: 1 | 2 }>('SELECT currency_type::int AS t FROM currencies WHERE code = $1', [currency]),
    ])
    return {
      currency,
      currency_type: type.rows[0]?.t ?? 1,
      game_gold: can.balance,
      withdrawable: can.withdrawable,
      audit_need: can.auditNeed,
      daily_times: settings.dailyTimes,
      daily_left: Math.max(0, settings.dailyTimes - (today.rows[0]?.n ?? 0)),
      daily_max_amount: settings.dailyMaxAmount,
      need_sms: settings.needSms ? (1 as const) : (0 as const),
      has_withdraw_pass: binds.rows[0]?.pin === true ? (1 as const) : (0 as const),
      has_phone: (binds.rows[0]?.phone ?? '') === '' ? (0 as const) : (1 as const),
      channels: [...channelsOf(settings, currency)],
      accounts: [...accounts],
    }
  }),
  implement(withdrawCash, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    const settings = await settingsOf(ctx.db, ctx.site.code)
    if (settings.closed) throw new WithdrawError(WithdrawCodes.closed, settings.message || 'withdrawals are closed for now')
    if ((await accountsOf(ctx.db, player.id)).length === 0) throw new WithdrawError(WithdrawCodes.bindWithdraw, 'bind a withdraw account first')
    // The password is checked once per request id, not once per copy of it (server/withdraw-claim.ts).
    await checkPinOnce(
      ctx.db,
      { playerId: player.id, requestId: p.request_id, accountId: p.account_id, amount: p.amount, now: ctx.now },
      () => checkPin(ctx.db, player.id, p.withdraw_pass, ctx.now),
    )
    // The SMS step (scene withdraw_sms_verify): the last code sent to the player's bound phone, spent once.
    if (settings.needSms) {
      if (p.sms_code === undefined || p.sms_code === '') throw new WithdrawError(WithdrawCodes.needSms, 'the SMS code is needed')
      const phone = (await ctx.db.query<{ phone: string }>('SELECT mobile_phone AS phone FROM players WHERE id = $1', [player.id])).rows[0]?.phone ?? ''
      if (phone === '') throw new WithdrawError(WithdrawCodes.needPhone, 'bind a phone first')
      await spendCode(ctx.db, player.id, 'phone', phone, p.sms_code, ctx.now)
    }
    const zone = zoneOf(ctx.site.timeZone)
    const day = await rangeOf(ctx.db, { dateType: 0 }, ctx.now, zone)
    const r = await requestWithdraw(ctx.db, {
      playerId: player.id,
      siteCode: ctx.site.code,
      accountId: p.account_id,
      amount: p.amount,
      requestId: p.request_id,
      speed: p.speed,
      proofId: proofIdOf(p.proof_url),
      dayStart: day.from ?? new Date(ctx.now),
      now: ctx.now,
    })
    return { order: await orderAnswerOf(ctx.db, r.order, zone), game_gold: r.balance }
  }),
  implement(withdrawRecord, async (ctx, q) => {
    const { player } = await requirePlayer(ctx)
    const zone = zoneOf(ctx.site.timeZone)
    const range = await rangeOf(ctx.db, q, ctx.now, zone)
    return ordersOf(ctx.db, player.id, { ...range, state: q.state, currency: q.currency, ...pageOf(q) }, zone)
  }),
  implement(withdrawOrderInfo, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    const order = await orderOfPlayer(ctx.db, player.id, p.order_no, zoneOf(ctx.site.timeZone))
    if (order === undefined) throw new WithdrawError(WithdrawCodes.noOrder, 'no such withdrawal')
    return order
  }),
  implement(getWithdrawFee, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    const account = await liveAccount(ctx.db, player.id, p.account_id)
    const channel = channelsOf(await settingsOf(ctx.db, ctx.site.code), player.currency).find((c) => c.kind === account.kind)
    if (channel === undefined) throw new WithdrawError(WithdrawCodes.closed, 'this kind of account takes no withdrawals')
    // The quote answers only an amount the withdrawal would take (the same check), never another.
    await checkWithdrawAmount(ctx.db, player.currency, channel, p.amount)
    await checkWithdrawable(ctx.db, player.id, player.currency, p.amount)
    return feeOf(ctx.db, channel, p.amount, p.speed ?? channel.speed)
  }),
  implement(bankInfo, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    return { list: [...banksOf(p.currency ?? player.currency)] }
  }),
  implement(bindCard, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    await mayBind(ctx, player, p.withdraw_pass)
    const currency = (p.currency ?? player.currency).toUpperCase()
    const bank = banksOf(currency).find((b) => b.bank_code === p.bank_code)
    if (bank === undefined) throw new WithdrawError(WithdrawCodes.badCard, 'choose a bank of the list')
    const cardNo = p.card_no.replace(/\s+/g, '')
    if (!CARD.test(cardNo)) throw new WithdrawError(WithdrawCodes.badCard, 'a card number is 6 to 30 digits')
    const cpf = p.cpf?.trim()
    if (cpf !== undefined && cpf !== '' && !CPF.test(cpf)) throw new WithdrawError(WithdrawCodes.badCpf, 'a CPF is 1 to 11 digits')
    return bindAccount(ctx.db, player.id, { kind: 'bank', name: bank.bank_name, code: bank.bank_code, accountNo: cardNo, holder: holderName(p.holder), ...(cpf === undefined ? {} : { cpf }), currency })
  }),
  implement(bindAlipay, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    await mayBind(ctx, player, p.withdraw_pass)
    const currency = (p.currency ?? player.currency).toUpperCase()
    const { wallet, no } = eWalletAccount(currency, 'ewallet', p.wallet_code, p.account_no)
    await spendTicket(ctx, player, p.verifyToken)
    return bindAccount(ctx.db, player.id, { kind: 'ewallet', name: wallet.name, code: wallet.code, accountNo: no, holder: holderName(p.holder), currency })
  }),
  implement(bindUserWallet, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    await mayBind(ctx, player, p.withdraw_pass)
    const { wallet, no } = eWalletAccount(player.currency, 'wallet', p.wallet_code, p.account_no)
    await spendTicket(ctx, player, p.verifyToken)
    return bindAccount(ctx.db, player.id, { kind: 'wallet', name: wallet.name, code: wallet.code, accountNo: no, holder: p.holder === undefined ? '' : holderName(p.holder), currency: player.currency.toUpperCase() })
  }),
  implement(ewalletList, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    return { list: [...eWalletsOf(p.currency ?? player.currency)] }
  }),
  implement(verifyWithdrawPass, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    await checkPin(ctx.db, player.id, p.withdrawPass, ctx.now)
    const token = randomBytes(24).toString('hex')
    await ctx.db.query('DELETE FROM verify_tickets WHERE player_id = $1 AND expires_at <= $2', [player.id, new Date(ctx.now).toISOString()])
    await ctx.db.query(`INSERT INTO verify_tickets (token, player_id, verify, expires_at) VALUES ($1, $2, 'withdrawPass', $3)`, [
      token,
      player.id,
      new Date(ctx.now + VERIFY_TICKET_SECONDS * 1000).toISOString(),
    ])
    return { verifyToken: token, expireSeconds: VERIFY_TICKET_SECONDS }
  }),
  implement(cryptoList, async (ctx) => {
    await requirePlayer(ctx)
    return { list: CRYPTO_NETWORKS.map((n) => ({ ...n })) }
  }),
  implement(bindCrypto, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    await mayBind(ctx, player, p.withdraw_pass)
    const net = CRYPTO_NETWORKS.find((n) => n.currency === p.currency.toUpperCase() && n.network === p.network)
    if (net === undefined) throw new WithdrawError(WithdrawCodes.badAddress, 'choose a coin and network of the list')
    const address = p.address.trim()
    if (!new RegExp(net.address_pattern).test(address)) throw new WithdrawError(WithdrawCodes.badAddress, `not a ${net.currency} address on ${net.network}`)
    return bindAccount(ctx.db, player.id, { kind: 'crypto', name: net.currency, code: net.currency, network: net.network, accountNo: address, holder: '', currency: net.currency })
  }),
  implement(deleteAccount, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    await checkPin(ctx.db, player.id, p.withdraw_pass, ctx.now)
    await deleteAccountOf(ctx.db, player.id, p.id, ctx.now)
    return {}
  }),
  implement(setDefaultAccount, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    return { list: [...(await setDefault(ctx.db, player.id, p.id))] }
  }),
  implement(auditRecordPageList, async (ctx, q) => {
    const { player } = await requirePlayer(ctx)
    const zone = zoneOf(ctx.site.timeZone)
    const range = await rangeOf(ctx.db, q, ctx.now, zone)
    const { current, size } = pageOf(q)
    // The state filter: undo 10001 running, pending 10002 running, done 10003 done or cancelled.
    const states = q.state === undefined ? null : q.state === 10003 ? [1, 2] : [0]
    const where = `player_id = $1 AND ($2::timestamptz IS NULL OR created_at >= $2) AND ($3::timestamptz IS NULL OR created_at < $3)
      AND ($4::int[] IS NULL OR status = ANY ($4::int[])) AND ($5::text IS NULL OR currency = upper($5))`
    const params = [player.id, range.from, range.to, states, q.currency ?? null]
    const total = (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM turnover_requirements WHERE ${where}`, params)).rows[0]?.n ?? 0
    const records = (
      await ctx.db.query<AuditRecord>(`SELECT ${auditColumns('$8')} FROM turnover_requirements WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $6 OFFSET $7`, [
        ...params,
        size,
        (current - 1) * size,
        zone,
      ])
    ).rows
    return { records, total, current, size }
  }),
  implement(auditDetail, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    const zone = zoneOf(ctx.site.timeZone)
    const audit = (await ctx.db.query<AuditRecord>(`SELECT ${auditColumns('$3')} FROM turnover_requirements WHERE id = $1::bigint AND player_id = $2`, [p.auditId, player.id, zone]))
      .rows[0]
    if (audit === undefined) throw new WithdrawError(WithdrawCodes.noAudit, 'no such audit')
    const bets = (
      await ctx.db.query<{ game_name: string; bet: string; valid_bet: string; at: Date }>(
        `SELECT g.name AS game_name, trim_scale(r.bet)::text AS bet, trim_scale(b.valid_bet)::text AS valid_bet, r.created_at AS at
         FROM turnover_bets b JOIN game_rounds r ON r.id = b.round_id JOIN games g ON g.id = r.game_id
         WHERE b.requirement_id = $1::bigint ORDER BY r.created_at DESC, r.id DESC LIMIT 200`,
        [p.auditId],
      )
    ).rows
    return { ...audit, bets: bets.map((b) => ({ game_name: b.game_name, bet: b.bet, valid_bet: b.valid_bet, time: momentIn(b.at, zone) })) }
  }),
  implement(uploadPay, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    const bytes = Buffer.from(p.data, 'base64')
    if (bytes.length === 0 || bytes.length > PROOF_MAX_BYTES || !isImage(bytes, p.content_type)) {
      throw new WithdrawError(WithdrawCodes.badProof, 'a proof is a png, jpeg or webp image of at most 512 KB')
    }
    if (p.order_no !== undefined && (await orderOfPlayer(ctx.db, player.id, p.order_no, 'UTC')) === undefined) {
      throw new WithdrawError(WithdrawCodes.noOrder, 'no such withdrawal')
    }
    const row = (
      await ctx.db.query<{ id: string }>(
        'INSERT INTO withdraw_proofs (player_id, order_id, file_name, content_type, data) VALUES ($1, $2, $3, $4, $5) RETURNING id::text AS id',
        [player.id, p.order_no ?? null, p.file_name, p.content_type, bytes],
      )
    ).rows[0]
    return { url: `/proofs/${row?.id ?? ''}` }
  }),
  implement(walletQuery, async (ctx) => {
    const { player } = await requirePlayer(ctx)
    const currencies = (
      await ctx.db.query<{ code: string; t: 1 | 2 }>(
        `SELECT c.code, c.currency_type::int AS t FROM currencies c
         WHERE c.code = $2 OR c.code IN (SELECT currency FROM wallets WHERE player_id = $1) ORDER BY c.code = $2 DESC, c.code`,
        [player.id, player.currency],
      )
    ).rows
    const list = []
    for (const c of currencies) {
      const w = await withdrawableOf(ctx.db, player.id, c.code)
      list.push({ currency: c.code, currency_type: c.t, balance: w.balance, frozen: w.frozen, withdrawable: w.withdrawable })
    }
    return { list }
  }),
  implement(withdrawalChannelClosedQuery, async (ctx, p) => {
    const s = await settingsOf(ctx.db, p.siteCode === '' ? ctx.site.code : p.siteCode)
    return { closed: s.closed ? (1 as const) : (0 as const), kinds: [...s.closedKinds], message: s.message }
  }),
]
