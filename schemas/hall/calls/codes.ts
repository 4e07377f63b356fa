/**
 * The hall's service codes by name, grouped by domain: the only place a code's number is written
 * on the lobby's side (docs/adding-a-domain.md "Service codes"). Each call declares the codes it
 * may answer with (`defineCall({ ..., codes: { ...yuebaoCodes } })`), the hall fails by those
 * names, and the lobby handles them by name (a command's `codes`, actors/kit/codes.ts);
 * tests/unit/kit/codes.test.ts fails when a declared code has no handling in the lobby.
 * Spec §8 names -1, 1101, 1119, 1124-1126, 3003 and 9527; the others are the reference hall's own
 * (docs/hall.md).
 */

/** Any call of a signed-in player may answer these; the session handles them (spec §8). */
export const sessionCodes = {
  /** The token expired, or the site went into maintenance: the session's single modal. */
  tokenExpired: -1,
} as const

/** The guard of the calls that guess can abuse (sign-in, code sends, recovery; spec §8, issue 24). */
export const guardCodes = {
  /** Force geetest: the image challenge of digits. */
  challenge: 1119,
  slider: 1124,
  click: 1125,
  nine: 1126,
  /** The challenge's answer was refused. */
  refused: 1127,
  /** Too many tries: the message ends with the seconds to wait. */
  limited: 2010,
  /** A wrong challenge answer, the first of a round: a new challenge. */
  missed: 2011,
  /** The hall's password hashes are queued full: the message ends with the seconds to wait. */
  busy: 2012,
} as const

/** The human challenges the verify actor answers (a subset of the guard's). */
export const challengeCodes = { challenge: 1119, slider: 1124, click: 1125, nine: 1126 } as const

/** Signing in and signing up. */
export const signInCodes = {
  loginError: 1011,
  accountFrozen: 1025,
  usernameTaken: 1030,
  invalidUsername: 1031,
  invalidPassword: 1032,
  notGuest: 1033,
  unsupportedCurrency: 1034,
  phoneRequired: 2200,
  phoneInvalid: 2201,
} as const

/** Signing in with a code sent by SMS. */
export const smsLoginCodes = {
  /** The SMS code is wrong (spec §8: its own reaction, no modal). */
  smsRefused: 1101,
  noAccount: 2005,
  ambiguous: 2006,
} as const

/** Codes sent and checked, bindings (spec §5). */
export const securityCodes = {
  badPhone: 1220,
  badEmail: 1221,
  noCode: 1222,
  wrongCode: 1223,
  alreadyBound: 1224,
  badPin: 1225,
  wrongPin: 1226,
} as const

/** The account's own checks: a verification first, a secret, a bound item. */
export const accountCodes = {
  needVerify: 1230,
  wrongSecret: 1231,
  badValue: 1232,
  notBound: 1233,
  cpfBound: 1234,
  samePassword: 1235,
} as const

/** Recovering a forgotten password. */
export const recoveryCodes = {
  noAccount: 2000,
  notBound: 2001,
  notOffered: 2002,
  badTicket: 2003,
  badScene: 2004,
} as const

/** Third-party sign-in and bindings. */
export const thirdPartyCodes = {
  badToken: 1950,
  boundElsewhere: 1951,
  alreadyBound: 1952,
  notTrial: 1953,
  mismatch: 1954,
  trial: 1955,
} as const

/** Money out (spec §8 3003 "bind withdraw"). */
export const withdrawCodes = {
  /** The player has no withdraw account yet: the lobby opens the bank-card tab (no modal). */
  bindWithdraw: 3003,
  noAccount: 1301,
  wrongPin: 1302,
  noPin: 1303,
  aboveWithdrawable: 1304,
  belowMin: 1305,
  aboveMax: 1306,
  closed: 1307,
  dailyLimit: 1308,
  needSms: 1309,
  badAddress: 1310,
  badCard: 1311,
  badName: 1312,
  badCpf: 1313,
  needPhone: 1314,
  noOrder: 1315,
  noAudit: 1316,
  badAmount: 1317,
  accountTaken: 1318,
  badProof: 1319,
  /** Too many wrong withdraw passwords in a row: the checks are locked for a while. */
  pinLocked: 1320,
  /** The channel asks a proof (uploadpay) with the withdrawal. */
  needProof: 1321,
  /** The verifyWithdrawPass ticket is unknown, spent or expired. */
  badTicket: 1322,
  badPin: 1225,
} as const

/** The withdraw password's checks, wherever a PIN is asked. */
export const pinCodes = {
  badPin: withdrawCodes.badPin,
  wrongPin: withdrawCodes.wrongPin,
  noPin: withdrawCodes.noPin,
  pinLocked: withdrawCodes.pinLocked,
} as const

/** Opening a game (spec §8): registration or a bound phone first, demo play disabled. */
export const gameLaunchCodes = {
  /** A test-registration game: the player must register. */
  registerFirst: 3004,
  /** The provider's demo is disabled (two providers' codes): the player must register. */
  demoDisabled: 210103,
  providerDemoDisabled: 41020,
  /** The game asks a bound phone: the phone verification. */
  bindPhone: 3002,
  /** The game asks a bound withdraw account (spec §8 3003): the bank-card tab. */
  bindWithdraw: 3003,
} as const

/** Deposits. */
export const payCodes = {
  /** Not an amount by the money rules (spec §5): not a number, zero or less, too many decimals or digits. */
  invalidAmount: 1350,
  belowMin: 1351,
  aboveMax: 1352,
  /** No such channel for this player (unknown, disabled, or a currency the site does not offer). */
  channelUnavailable: 1353,
  orderNotFound: 1354,
  /** The order's state does not allow this (confirming a paid order, cancelling a failed one ...). */
  orderState: 1355,
  /** The MD5 deposit signature is missing or wrong. */
  badSign: 1356,
  /** The channel needs the payer's real name. */
  payerNameRequired: 1357,
  /** The same request id was used for another order. */
  requestReused: 1358,
} as const

/** Discount codes of a deposit. */
export const discountCodes = { unknown: 1360, phoneRequired: 1361, alreadyUsed: 1362, exhausted: 1363 } as const

/** The central wallet (spec §8 9527: no balance to recall, said on the page, no modal). */
export const centerWalletCodes = { noBalance: 9527 } as const

/** Savings (yuebao). */
export const yuebaoCodes = { closed: 1280, belowMinimum: 1281, walletShort: 1282, principalShort: 1283, requestReused: 1284 } as const

/** Messages with an award. */
export const messageCodes = { unknown: 1400, noAward: 1401, expired: 1402 } as const

/** Events (activities). */
export const activityCodes = { unknown: 1500, notReceivable: 1501, received: 1502, expired: 1503, trial: 1504 } as const

/** Feedback. */
export const feedbackCodes = { unknown: 1600, badContent: 1601, badImage: 1602, tooMany: 1603 } as const

/** VIP rewards. */
export const vipCodes = { closed: 1700, notReceivable: 1701, trial: 1704 } as const

/** Tasks and the vitality boxes. */
export const taskCodes = {
  unknown: 1800,
  notDone: 1801,
  received: 1802,
  expired: 1803,
  trial: 1804,
  notOpen: 1805,
  nothing: 1806,
  unknownBox: 1807,
  boxNotReached: 1808,
  boxOpened: 1809,
  badAddress: 1810,
  wrongSite: 1811,
} as const

/** Rebates. */
export const rebateCodes = { closed: 1850, nothing: 1851, trial: 1852 } as const

/** Agents (promote). */
export const agentCodes = {
  closed: 2100,
  trial: 2101,
  nothing: 2102,
  notInvitee: 2103,
  insufficient: 2104,
  invalidAmount: 2105,
  unknownChannel: 2106,
  otherCurrency: 2107,
  noInviteEvent: 2108,
} as const

/** The wheel and the word collection. */
export const wheelCodes = { unknown: 2150, noSpins: 2151, noChances: 2152, incomplete: 2153, trial: 2154, notRunning: 2155 } as const

/** The play games (guessing, investing, lucky bet, quiz). */
export const playCodes = {
  unknown: 2180,
  matchClosed: 2181,
  amountOutOfRange: 2182,
  balanceShort: 2183,
  requestReused: 2184,
  notMatured: 2185,
  received: 2186,
  notFound: 2187,
  notLucky: 2188,
  badAnswers: 2189,
  trial: 2190,
  notRunning: 2191,
} as const

/** Diagnostics traces. */
export const traceCodes = {
  /** The hall keeps no more of this page's reports: the lobby stops sending. */
  tooMany: 2211,
} as const

/** The refusals of a forgotten password's steps: the account, its bound items, the secrets asked, the guard. */
export const recoveryRefusals = {
  ...recoveryCodes,
  ...guardCodes,
  noCode: securityCodes.noCode,
  wrongCode: securityCodes.wrongCode,
  wrongSecret: accountCodes.wrongSecret,
  badValue: accountCodes.badValue,
  wrongPin: withdrawCodes.wrongPin,
  pinLocked: withdrawCodes.pinLocked,
  invalidPassword: signInCodes.invalidPassword,
  accountFrozen: signInCodes.accountFrozen,
} as const

/** The refusals of a verification of the signed-in player (a code, a password, the withdraw password). */
export const verifyRefusals = {
  noCode: securityCodes.noCode,
  wrongCode: securityCodes.wrongCode,
  wrongSecret: accountCodes.wrongSecret,
  badValue: accountCodes.badValue,
  notBound: accountCodes.notBound,
  ...pinCodes,
} as const

/** The refusals of binding a phone, an email or an authenticator: the code, a verification first. */
export const bindRefusals = {
  noCode: securityCodes.noCode,
  wrongCode: securityCodes.wrongCode,
  needVerify: accountCodes.needVerify,
  notBound: accountCodes.notBound,
} as const

/** The refusals of binding a withdraw account (card, crypto address, e-wallet). */
export const accountRefusals = {
  ...pinCodes,
  noAccount: withdrawCodes.noAccount,
  badAddress: withdrawCodes.badAddress,
  badCard: withdrawCodes.badCard,
  badName: withdrawCodes.badName,
  badCpf: withdrawCodes.badCpf,
  needPhone: withdrawCodes.needPhone,
  accountTaken: withdrawCodes.accountTaken,
  badTicket: withdrawCodes.badTicket,
} as const
