/**
 * The lobby's remaining entries (calls §7.3 and §7.9; migration 181):
 *
 * - /home/useFirstFlag: a first-use flag of the player ('receive', ...): first 1 the first time it
 *   is used, 0 ever after. The lobby shows a first-use tip once per player (receive-tips).
 * - /download/getDownloadUrl: the site's app downloads (switch and one entry per OS type).
 * - /pay/wallet/downloadUrl: where to get the wallet app the user-wallet withdrawals use, by device
 *   type: the site's 'download' document's `walletApp` (`{ "1": url }`), '' when it names none.
 * - /club/entry: whether the site runs a club, its address and the app it needs.
 * - /api/lobby/recentreport/lobby_platform_cate_load: the categories the site offers, each with its
 *   platforms, in menu order.
 * - /api/lobby/webPush/getInfo: the site's web-push switch and its public VAPID key (webKey), the
 *   key pair made on first use and kept (web_push_keys).
 */
import { generateKeyPairSync } from 'node:crypto'
import { clubEntry, getDownloadUrl, getWebPushInfo, lobbyPlatformCateLoad, useFirstFlag, walletDownloadUrl } from '../../schemas/hall/calls'
import type { DownloadInfo, LobbyCategory } from '../../schemas/hall/calls'
import type { Queryable } from '../db'
import { platformsOf } from '../games/catalogue'
import { siteDocument } from '../store'
import { requirePlayer } from './session'
import { ServiceError, implement } from './types'
import type { Implementation } from './types'

/** The entries' service codes (the hall's own, 1900-1949; docs/hall-protocol.md). */
export const EntryCodes = {
  /** A first-use flag that is not 1-32 letters, digits, '_' or '-' starting with a letter. */
  badFlag: 1900,
  /** lobby_platform_cate_load named another site than the one asking. */
  otherSite: 1901,
} as const

/** The shape of a first-use flag. */
export const FLAG_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,31}$/

/** The categories of the menu with a name (spec §2: chess 1, fish 2, electronic 3, real 4, sports 5, cockfighting 6, lottery 8, club 9, club friend 10, blockchain 11). */
export const CATEGORY_NAMES: ReadonlyArray<readonly [number, string]> = [
  [3, 'Electronic'], [4, 'Live'], [1, 'Chess'], [2, 'Fishing'], [5, 'Sports'], [6, 'Cockfighting'], [8, 'Lottery'], [11, 'Blockchain'], [9, 'Club'], [10, 'Club friends'],
]

/** The documents a new site starts with (the same as migration 181 gives an older store's sites). */
export const entryDocumentsOf = (code: string): Readonly<Record<string, unknown>> => ({
  download: {
    downloadSwitch: 'open',
    list: [
      { osType: 1, url: `https://apps.apple.com/app/lobby-${code}`, version: '1.0.0' },
      { osType: 2, url: `https://play.google.com/store/apps/details?id=lobby.site${code}`, version: '1.0.0' },
    ],
  },
  club: { clubSwitch: 'close', url: '', appDownloadUrl: `https://play.google.com/store/apps/details?id=lobby.site${code}` },
  webPush: { status: 'close' },
})

/** Base64url without padding. */
const b64url = (b: Buffer): string => b.toString('base64url')

/**
 * The site's VAPID key pair (RFC 8292): made on first use (P-256), kept, and the same ever after;
 * two halls asking at once keep the first one written.
 */
export const vapidKeysOf = async (db: Queryable, siteCode: string): Promise<{ publicKey: string; privateKey: string }> => {
  const kept = (await db.query<{ public_key: string; private_key: string }>('SELECT public_key, private_key FROM web_push_keys WHERE site_code = $1', [siteCode])).rows[0]
  if (kept !== undefined) return { publicKey: kept.public_key, privateKey: kept.private_key }
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  const jwk = publicKey.export({ format: 'jwk' })
  const priv = privateKey.export({ format: 'jwk' })
  // The public key as the Push API takes it: the uncompressed point 0x04 || x || y.
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x ?? '', 'base64url'), Buffer.from(jwk.y ?? '', 'base64url')])
  await db.query('INSERT INTO web_push_keys (site_code, public_key, private_key) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [siteCode, b64url(point), priv.d ?? ''])
  return vapidKeysOf(db, siteCode)
}

/** The categories the site offers with their platforms, in menu order (categories without games left out). */
export const lobbyCategories = async (db: Queryable): Promise<ReadonlyArray<LobbyCategory>> => {
  const platforms = await platformsOf(db, undefined)
  return CATEGORY_NAMES.flatMap(([id, name], sort) => {
    const own = platforms.filter((p) => p.gameCategoryId === id)
    return own.length === 0 ? [] : [{ gameCategoryId: id, categoryName: name, sort: sort + 1, platforms: own }]
  })
}

const docOr = async <T>(db: Queryable, siteCode: string, name: string, fallback: T): Promise<T> => (await siteDocument<T>(db, siteCode, name)) ?? fallback

/** The entry call implementations. */
export const entryCalls: ReadonlyArray<Implementation> = [
  implement(useFirstFlag, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    if (!FLAG_PATTERN.test(p.flag)) throw new ServiceError(EntryCodes.badFlag, 'flag must be 1 to 32 letters, digits, _ or -, starting with a letter')
    const r = await ctx.db.query('INSERT INTO player_first_flags (player_id, flag) VALUES ($1, $2) ON CONFLICT DO NOTHING', [player.id, p.flag])
    return { flag: p.flag, first: (r.affectedRows ?? 0) > 0 ? (1 as const) : (0 as const) }
  }),
  implement(getDownloadUrl, (ctx) => docOr<DownloadInfo>(ctx.db, ctx.site.code, 'download', { downloadSwitch: 'close', list: [] })),
  implement(walletDownloadUrl, async (ctx, p) => {
    const apps = (await siteDocument<{ walletApp?: Record<string, unknown> }>(ctx.db, ctx.site.code, 'download'))?.walletApp ?? {}
    const url = apps[String(p.device_type)]
    return { url: typeof url === 'string' && /^https:\/\//.test(url) ? url : '' }
  }),
  implement(clubEntry, (ctx) => docOr(ctx.db, ctx.site.code, 'club', { clubSwitch: 'close' as const, url: '', appDownloadUrl: '' })),
  implement(lobbyPlatformCateLoad, async (ctx, p) => {
    if (p.siteCode !== ctx.site.code) throw new ServiceError(EntryCodes.otherSite, `siteCode ${p.siteCode} is not this site (${ctx.site.code})`)
    return { list: await lobbyCategories(ctx.db) }
  }),
  implement(getWebPushInfo, async (ctx) => {
    const { status } = await docOr<{ status: 'open' | 'close' }>(ctx.db, ctx.site.code, 'webPush', { status: 'close' })
    return { status, webKey: status === 'open' ? (await vapidKeysOf(ctx.db, ctx.site.code)).publicKey : '' }
  }),
]
