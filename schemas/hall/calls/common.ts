import { Schema } from 'effect'
import { Sensitive } from './sensitive'

/*
 * The building blocks every area's calls share, so that the same thing has the same shape on
 * every call: money, counts, flags, moments, pages, record filters, acknowledgements and reward
 * receipts. docs/hall-protocol.md ("Shapes the hall designs") writes the conventions down.
 */

/**
 * A decimal amount as a string ('12.50', '0.0000012'): money never travels as a JSON number, so
 * no client or hall rounds it through a binary float. '-1' is the spec's in-game marker. Rates
 * (bonus, fee, yearly interest) are amounts too, in percent: '10' is 10 %.
 */
export const Amount = Schema.String.check(Schema.isPattern(/^-?\d+(\.\d+)?$/, { expected: 'a decimal amount' }))

/** A count: a whole number, 0 or more. */
export const Count = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

/** An id the hall numbers (activities, tasks, messages, accounts): a whole number, 1 or more. */
export const Id = Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))

/** A yes/no flag as the spec's answers carry them: 1 yes, 0 no. */
export const Flag = Schema.Literals([0, 1])
export type Flag = typeof Flag.Type

/**
 * The spec's on/off switch values (system info, VIP status and similar flags), kept as the
 * strings the hall sends so that the lobby compares against the same literals.
 */
export const Switch = Schema.Literals(['open', 'close'])
export type Switch = typeof Switch.Type

/**
 * Currency type (spec enumerations: normal 1, crypto 2). Crypto amounts carry up to 10 decimals,
 * fiat 2, so the lobby's money inputs depend on it.
 */
export const CurrencyType = Schema.Literals([1, 2])
export type CurrencyType = typeof CurrencyType.Type

/** A currency code as the site lists it (currencyInfos.currencyCode), e.g. 'USD', 'BRL', 'USDT'. */
export const CurrencyCode = Schema.String.check(Schema.isPattern(/^[A-Za-z]{2,10}$/, { expected: 'a currency code' }))

/**
 * A moment as the hall answers it: 'YYYY-MM-DD HH:mm:ss' in the site's time zone (site info
 * timeZone), the form the spec's maintenance file and the version list already use. The lobby
 * shows it as it is; the hall's clock in milliseconds travels only as `serverTime`.
 */
export const DateTime = Schema.String.check(
  Schema.isPattern(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, { expected: 'YYYY-MM-DD HH:mm:ss' }),
)

/** A day of the site's calendar: 'YYYY-MM-DD' (birthdays, custom date ranges). */
export const DateOnly = Schema.String.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/, { expected: 'YYYY-MM-DD' }))

/**
 * OS types (spec enumerations): iOS app 1, Android app 2, PC H5 3, PC Windows 4, iOS H5 5,
 * Android H5 6, Mac 7, Linux 8.
 */
export const OsType = Schema.Literals([1, 2, 3, 4, 5, 6, 7, 8])
export type OsType = typeof OsType.Type

/**
 * The numeric device type the receive calls carry as requestDeviceType (spec: device types
 * iOS 1, Android 2, H5 3, PC 4, the numeric reading of the device type strings).
 */
export const RequestDeviceType = Schema.Literals([1, 2, 3, 4])
export type RequestDeviceType = typeof RequestDeviceType.Type

/**
 * Verify types (spec enumerations): none 0, GA 1, email 2, phone 3, question 4, withdraw
 * password 5, login password 6, third-party bind 8.
 */
export const VerifyType = Schema.Literals([0, 1, 2, 3, 4, 5, 6, 8])
export type VerifyType = typeof VerifyType.Type

/** Social login (spec enumerations): none 0, google 1, facebook 2, wechat 4, qq 5. */
export const SocialLogin = Schema.Literals([0, 1, 2, 4, 5])
export type SocialLogin = typeof SocialLogin.Type

/**
 * A verification code the player types (spec §5: SMS 4 digits, email 5, image 4; authenticator 6).
 * A plain string on the wire: a wrong or malformed code is the hall's service answer, which the
 * lobby shows, not a refused request.
 */
export const VerifyCode = Sensitive(Schema.String)

/**
 * The withdraw password (spec §5 payment password: exactly 6 digits). A plain string on the wire
 * for the same reason as VerifyCode: the hall checks the rule and answers a service code.
 */
export const WithdrawPin = Sensitive(Schema.String)

/**
 * A paged list request: page `current` (1-based) of `size` rows. The hall caps size (100 for
 * lists, 200 for the prize pool's winners) and treats a missing or invalid value as 1 and its
 * default size (20; notices 5).
 */
export const PageFields = {
  current: Schema.optional(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))),
  size: Schema.optional(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))),
} as const
export const PageRequest = Schema.Struct(PageFields)
export type PageRequest = typeof PageRequest.Type

/**
 * One page of a list: the rows of page `current` (1-based) of `size`, out of `total` rows. Every
 * paged answer has this shape, whatever its request calls the page (the spec's activity and
 * notice lists send `page`, the game lists `current`): the paged table and the infinite list read
 * it alone.
 */
export const Paged = <Item extends Schema.Top>(item: Item) =>
  Schema.Struct({
    records: Schema.Array(item),
    total: Count,
    current: Schema.Int.check(Schema.isGreaterThanOrEqualTo(1)),
    size: Schema.Int.check(Schema.isGreaterThanOrEqualTo(1)),
  })

/** A whole list (not paged): `{ list }`, so the answer can grow other fields without breaking. */
export const ListOf = <Item extends Schema.Top>(item: Item) => Schema.Struct({ list: Schema.Array(item) })

/**
 * The date filter of the record screens (spec enumerations): today 0, yesterday 1, 7, 15 and 30
 * days, this month 31, last two months 32, last three months 33, this week -2, last week -3,
 * all -1, custom -4 (with startDate and endDate).
 */
export const DateFilter = Schema.Literals([0, 1, 7, 15, 30, 31, 32, 33, -2, -3, -1, -4])
export type DateFilter = typeof DateFilter.Type

/** The state filter of the record screens (spec enumerations): all 10000, undo 10001, pending 10002, done 10003. */
export const StateFilter = Schema.Literals([10000, 10001, 10002, 10003])
export type StateFilter = typeof StateFilter.Type

/**
 * A record screen's query: a page, the date filter (days of the site's calendar; custom -4 takes
 * startDate and endDate, both included), the state filter, and the currency (default: the
 * player's). Absent filters mean all.
 */
export const RecordQueryFields = {
  ...PageFields,
  dateType: Schema.optional(DateFilter),
  startDate: Schema.optional(DateOnly),
  endDate: Schema.optional(DateOnly),
  state: Schema.optional(StateFilter),
  currency: Schema.optional(CurrencyCode),
} as const
export const RecordQuery = Schema.Struct(RecordQueryFields)
export type RecordQuery = typeof RecordQuery.Type

/** A request without parameters (a GET then sends no `data` query). */
export const NoParams = Schema.Struct({})

/**
 * The answer of a call that only acknowledges: success is the envelope's code, and there is
 * nothing more to say. A call answers more (the changed item, the new balance) whenever the lobby
 * would otherwise have to ask again.
 */
export const Ack = Schema.Struct({})

/**
 * What a receiving call credited (activity rewards, task prizes, vitality boxes, VIP gifts,
 * message awards, discount codes): the amount credited by this request ('0' when it credited
 * nothing), how many rewards it took, the currency and the player's balance after it, so the
 * wallet updates without another call.
 */
export const Received = Schema.Struct({
  amount: Amount,
  count: Count,
  currency: CurrencyCode,
  game_gold: Amount,
})
export type Received = typeof Received.Type

/**
 * A code was sent (SMS or email): where to (masked: '*******1234', 'ab***@mail.com') and how long
 * it stays good, in seconds. The lobby's 60 s resend countdown is its own (spec §4).
 */
export const CodeSent = Schema.Struct({ target: Schema.String, expireSeconds: Count })
export type CodeSent = typeof CodeSent.Type

/**
 * A passed second verification (security §7.2 verify calls, secondVerify): a short-lived ticket
 * the following change carries as `verifyToken`, and how long it stays good, in seconds.
 */
export const VerifyTicket = Schema.Struct({ verifyToken: Sensitive(Schema.String), expireSeconds: Count })
export type VerifyTicket = typeof VerifyTicket.Type

/**
 * A passed check of the password recovery (before login): the ticket resetpasswd carries as
 * `resetToken`, and how long it stays good, in seconds.
 */
export const ResetTicket = Schema.Struct({ resetToken: Sensitive(Schema.String), expireSeconds: Count })
export type ResetTicket = typeof ResetTicket.Type

/**
 * The result of a Geetest v4 challenge, as the challenge widget gives it. A code send or a sign-in
 * that the hall answered with a challenge code (1119, 1124-1127) is sent again with it.
 */
export const GeetestResult = Schema.Struct({
  captcha_id: Schema.String,
  lot_number: Schema.String,
  captcha_output: Sensitive(Schema.String),
  pass_token: Sensitive(Schema.String),
  gen_time: Schema.String,
})
export type GeetestResult = typeof GeetestResult.Type

/**
 * A Geetest v4 challenge's answer as the v4 validation takes it (issue 45; docs/hall.md "Hall
 * profile" `geetest`): the challenge (`lot_number`, the key /home/captcha answered) and the
 * player's answer (`captcha_output`); `pass_token` and `gen_time` where a Geetest widget made them
 * (the reference hall is its own challenge server and makes them itself: GeetestPass).
 */
export const GeetestAnswer = Schema.Struct({
  captcha_id: Schema.String,
  lot_number: Schema.String,
  captcha_output: Sensitive(Schema.String),
  pass_token: Schema.optionalKey(Sensitive(Schema.String)),
  gen_time: Schema.optionalKey(Schema.String),
})
export type GeetestAnswer = typeof GeetestAnswer.Type

/**
 * What a passed v4 validation answers: the pass of the challenge (single use, 5 minutes), which
 * the guarded call (a code send) then carries as its `geetest` result with the challenge's
 * `lot_number`, in place of the challenge's key and answer.
 */
export const GeetestPass = Schema.Struct({ pass_token: Sensitive(Schema.String), gen_time: Schema.String })
export type GeetestPass = typeof GeetestPass.Type

/**
 * The request of a call whose payload nothing describes: any JSON object. No call uses it (a
 * test checks); it stays so that a call the hall must accept free-form can say so, listed in
 * FREE_FORM_CALLS with its reason.
 */
export const OpenRequest = Schema.Record(Schema.String, Schema.Unknown)

/** The `data` of a call whose answer nothing describes. No call uses it (see OpenRequest). */
export const OpenResponse = Schema.Unknown

/**
 * Calls whose request or answer is free-form on purpose (name: reason), each also listed in
 * docs/hall-protocol.md. Every other call is described field by field; tests/unit/hall-calls
 * fails when a call uses an undescribed value that is not listed here.
 */
export const FREE_FORM_CALLS: Readonly<Record<string, string>> = {}
