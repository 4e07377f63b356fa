/**
 * The game calls of the reference hall (spec §7.8 and the recent-report GETs of §7.3): hot, a
 * category's pages, platforms, search, demo, recent and favourites, add/remove favourites, the
 * launch (socket_url entries to the hall's own game page), balance refresh and the prize pool.
 * Sites 101 and 081 get the injected platforms 68 (category 4) and 14, 134, 37 (category 3) first.
 */
import {
  addFavorite,
  favoriteListAllV2,
  favoriteListV2,
  gameList,
  getBalanceList,
  gameLogin,
  gameLoginV2,
  hotList,
  platformCategories,
  prizePoolWinAmount,
  prizePoolWinnerList,
  recentListV2,
  refreshGold,
  SELF_OPERATED_PLATFORM,
} from '../../schemas/hall/calls'
import type { GameLaunchRequest, GamePlatform } from '../../schemas/hall/calls'
import {
  categoryPage,
  demoPage,
  favoritePage,
  favoriteRefs,
  gameById,
  hotPage,
  paging,
  platformNamePage,
  platformsOf,
  recentPage,
  searchPage,
} from '../games/catalogue'
import { GAME_PLAY_PATH } from '../games/play'
import { balanceOf } from '../store'
import { encrypt, randomHex } from '../crypto'
import { requirePlayer } from './session'
import { ServiceError, implement } from './types'
import type { CallContext, Implementation } from './types'

/** Sites that inject extra platforms (spec §1). */
export const INJECTING_SITES: ReadonlyArray<string> = ['101', '081']
/** The injected platforms per category (spec §1). */
export const INJECTED_PLATFORMS: Readonly<Record<number, ReadonlyArray<number>>> = { 4: [68], 3: [14, 134, 37] }

/** Orders a category's platforms with the injected ones first on sites 101 and 081. */
export const withInjected = (siteCode: string, category: number | undefined, list: ReadonlyArray<GamePlatform>): ReadonlyArray<GamePlatform> => {
  const injected = category === undefined || !INJECTING_SITES.includes(siteCode) ? [] : (INJECTED_PLATFORMS[category] ?? [])
  if (injected.length === 0) return list
  const first = injected.flatMap((id) => list.filter((p) => p.platformId === id))
  return [...first, ...list.filter((p) => !injected.includes(p.platformId))]
}

/** Platforms hidden on sites other than 101 and 081 (they exist only as injections there). */
const hiddenElsewhere = (siteCode: string, p: GamePlatform): boolean =>
  !INJECTING_SITES.includes(siteCode) && (p.platformId === 68 || p.platformId === 134)

/** The winner list's largest page (spec §9: winner list size 200). */
export const WINNER_PAGE_MAX = 200

/**
 * The checks of a launch (gameLogin and gameLoginV2): the game of that platform (1050), a demo
 * only of a self-operated demo game (41020); a formal launch puts the player's money into the
 * game (migration 069) until RefreshGold brings it back.
 */
const launch = async (ctx: CallContext, p: GameLaunchRequest) => {
  const game = await gameById(ctx.db, p.gameid)
  if (game === undefined || game.platformId !== p.platfromid) throw new ServiceError(1050, 'no such game')
  if (p.user_type === 'demo') {
    if (!game.demo || game.platformId !== SELF_OPERATED_PLATFORM) throw new ServiceError(41020, 'demo game disabled')
    return { game, player: undefined }
  }
  const { player } = await requirePlayer(ctx)
  await ctx.db.query('UPDATE players SET in_game_platform = $2 WHERE id = $1', [player.id, game.platformId])
  return { game, player }
}

/** The game call implementations. */
export const gameCalls: ReadonlyArray<Implementation> = [
  implement(hotList, (ctx, p) => hotPage(ctx.db, paging(p.current, p.size))),
  implement(gameList, async (ctx, p) => {
    const pg = paging(p.current, p.size ?? p.pageSize)
    if (p.gameName !== undefined) return searchPage(ctx.db, p.gameName.trim(), pg)
    if (p.demo === '1') return demoPage(ctx.db, pg)
    if (p.platformName !== undefined) return platformNamePage(ctx.db, { category: p.categoryId ?? p.gameCategoryId ?? 5, name: p.platformName, ...pg })
    const category = p.gameCategoryId ?? p.categoryId
    if (category === undefined) throw new ServiceError(4005, 'gameCategoryId is required')
    return categoryPage(ctx.db, { category, ...(p.platformId === undefined ? {} : { platform: p.platformId }), ...pg })
  }),
  implement(platformCategories, async (ctx, p) =>
    withInjected(ctx.site.code, p.gameCategoryId, (await platformsOf(ctx.db, p.gameCategoryId)).filter((x) => !hiddenElsewhere(ctx.site.code, x))),
  ),
  implement(recentListV2, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    return recentPage(ctx.db, player.id, paging(p.current, p.size))
  }),
  implement(favoriteListV2, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    return favoritePage(ctx.db, player.id, paging(p.current, p.size))
  }),
  implement(favoriteListAllV2, async (ctx) => {
    const { player } = await requirePlayer(ctx)
    return favoriteRefs(ctx.db, player.id)
  }),
  implement(addFavorite, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    await ctx.db.transaction(async (tx) => {
      for (const f of p.id ?? []) {
        if ((await gameById(tx, f.game_id)) === undefined) throw new ServiceError(1050, `no such game: ${f.game_id}`)
        await tx.query('INSERT INTO game_favorites (player_id, game_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
          player.id,
          f.game_id,
          new Date(ctx.now).toISOString(),
        ])
      }
      for (const f of p.delid ?? []) await tx.query('DELETE FROM game_favorites WHERE player_id = $1 AND game_id = $2', [player.id, f.game_id])
    })
    return favoriteRefs(ctx.db, player.id)
  }),
  implement(gameLogin, async (ctx, p) => {
    const { game } = await launch(ctx, p)
    return { socket_url: [{ url: GAME_PLAY_PATH, gameid: game.gameId }] }
  }),
  // The second launch: the same checks and the same game page, its address finished by the hall
  // (the lobby opens it as it is): what the lobby adds to a socket_url entry (gameAddress,
  // src/effects/games.ts), the session key encrypted under the site key.
  implement(gameLoginV2, async (ctx, p) => {
    const { game, player } = await launch(ctx, p)
    const url = new URL(GAME_PLAY_PATH, 'http://hall')
    url.searchParams.set('gameId', String(game.gameId))
    url.searchParams.set('route', `/home/game?gameCategoryId=${game.gameCategoryId}`)
    url.searchParams.set('lang', ctx.language === '' ? ctx.site.languageCode : ctx.language)
    if (player !== undefined && ctx.session !== undefined) {
      const nonce = randomHex(16)
      url.searchParams.set('key', `${nonce}.${encrypt(ctx.site.siteKey, nonce, ctx.session.sessionKey)}`)
      url.searchParams.set('userkey', ctx.session.userkey ?? player.userkey)
    }
    url.searchParams.set('try', player === undefined ? 'demo' : player.username)
    return { game_url: `${url.pathname}${url.search}`, direction: game.direction }
  }),
  implement(refreshGold, async (ctx) => {
    const { player } = await requirePlayer(ctx)
    await ctx.db.query('UPDATE players SET in_game_platform = NULL WHERE id = $1', [player.id])
    return { game_gold: await balanceOf(ctx.db, player.id, player.currency) }
  }),
  // A provider's wallet (the sports wallet is provider 136's): the balance, or '-1' while the
  // player's money is in that provider's game.
  implement(getBalanceList, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    const row = (await ctx.db.query<{ platform: number | null }>('SELECT in_game_platform AS platform FROM players WHERE id = $1', [player.id])).rows[0]
    const balance = await balanceOf(ctx.db, player.id, player.currency)
    if (p.platformId === undefined) {
      // The central wallet page: every provider, holding the player's money while it is in its game.
      const platforms = (await ctx.db.query<{ id: number; name: string }>('SELECT id, name FROM game_platforms ORDER BY sort, id')).rows
      return { list: platforms.map((x) => ({ platformId: x.id, platformName: x.name, balance: row?.platform === x.id ? balance : '0.00' })) }
    }
    const platformId = p.platformId
    return { list: [{ platformId, balance: row?.platform === platformId ? '-1' : balance }] }
  }),
  // The prize pool (migration 068): the hall's one pool, its winners newest first.
  implement(prizePoolWinAmount, async (ctx) => {
    const row = (await ctx.db.query<{ amount: string }>('SELECT win_amount::text AS amount FROM prize_pool WHERE id = 1')).rows[0]
    return { amount: row?.amount ?? '0.00' }
  }),
  implement(prizePoolWinnerList, async (ctx, p) => {
    const current = Math.max(1, Math.trunc(p.current ?? 1))
    const size = Math.min(WINNER_PAGE_MAX, Math.max(1, Math.trunc(p.size ?? WINNER_PAGE_MAX)))
    const records = (
      await ctx.db.query<{ username: string; gameName: string; amount: string }>(
        `SELECT username, game_name AS "gameName", amount::text AS amount FROM prize_winners ORDER BY won_at DESC, id LIMIT $1 OFFSET $2`,
        [size, (current - 1) * size],
      )
    ).rows
    const total = Number((await ctx.db.query<{ n: string }>('SELECT count(*)::text AS n FROM prize_winners')).rows[0]?.n ?? 0)
    return { records, total, current, size }
  }),
]
