/**
 * Queries of the game catalogue (server/migrations/030_games.sql): pages of a category, hot,
 * search, demo, platforms, favourites and recent games. Platform id <category>999 (spec §9
 * category suffix) stands for every platform of the category.
 */
import type { FavoriteRef, Game, GamePage, GamePlatform } from '../../schemas/hall/calls'
import type { Queryable } from '../db'
import { artUrl } from './art'

interface GameRow {
  readonly id: number
  readonly name: string
  readonly category_id: number
  readonly platform_id: number
  readonly direction: number
  readonly demo: boolean
}

const COLUMNS = 'g.id, g.name, g.category_id, g.platform_id, g.direction::int AS direction, g.demo'

/** The wire form of a game row. */
export const gameOf = (r: GameRow): Game => ({
  gameId: r.id,
  gameName: r.name,
  gameCategoryId: r.category_id,
  platformId: r.platform_id,
  direction: r.direction,
  url: artUrl(r.id),
  demo: r.demo,
})

/** Clamps paging input: current ≥ 1, 1 ≤ size ≤ 100 (default 20). */
export const paging = (current: number | undefined, size: number | undefined): { current: number; size: number } => ({
  current: current !== undefined && Number.isInteger(current) && current >= 1 ? current : 1,
  size: size !== undefined && Number.isInteger(size) && size >= 1 ? Math.min(size, 100) : 20,
})

const page = async (
  db: Queryable,
  where: string,
  params: ReadonlyArray<unknown>,
  order: string,
  p: { current: number; size: number },
  from = 'games g',
): Promise<GamePage> => {
  const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${from} WHERE ${where}`, [...params])).rows[0]?.n ?? 0
  const rows = await db.query<GameRow>(
    `SELECT ${COLUMNS} FROM ${from} WHERE ${where} ORDER BY ${order} LIMIT ${p.size} OFFSET ${(p.current - 1) * p.size}`,
    [...params],
  )
  return { records: rows.rows.map(gameOf), total, current: p.current, size: p.size }
}

/** Whether a platform id is a category's 'all platforms' id (<category>999). */
export const isAllPlatforms = (platformId: number): boolean => String(platformId).endsWith('999')

/** A page of a category (optionally one platform). */
export const categoryPage = (db: Queryable, q: { category: number; platform?: number; current: number; size: number }): Promise<GamePage> =>
  q.platform === undefined || isAllPlatforms(q.platform)
    ? page(db, 'g.category_id = $1', [q.category], 'g.sort, g.id', q)
    : page(db, 'g.category_id = $1 AND g.platform_id = $2', [q.category, q.platform], 'g.sort, g.id', q)

/** A page of the hot games, hottest first. */
export const hotPage = (db: Queryable, p: { current: number; size: number }): Promise<GamePage> =>
  page(db, 'g.hot > 0', [], 'g.hot DESC, g.id', p)

/** A page of the demo games. */
export const demoPage = (db: Queryable, p: { current: number; size: number }): Promise<GamePage> => page(db, 'g.demo', [], 'g.sort, g.id', p)

/** A page of games whose name contains the text (case-insensitive). */
export const searchPage = (db: Queryable, text: string, p: { current: number; size: number }): Promise<GamePage> =>
  page(db, "g.name_key LIKE '%' || $1 || '%'", [text.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)], 'g.sort, g.id', p)

/** A page of one platform by name (the sports wallet query). */
export const platformNamePage = (db: Queryable, q: { category: number; name: string; current: number; size: number }): Promise<GamePage> =>
  page(db, 'g.category_id = $1 AND p.name = $2', [q.category, q.name], 'g.sort, g.id', q, 'games g JOIN game_platforms p ON p.id = g.platform_id')

/** The platforms of a category that have games, with their counts; sites 101 and 081 see their injected platforms first. */
export const platformsOf = async (db: Queryable, category: number | undefined): Promise<ReadonlyArray<GamePlatform>> =>
  (
    await db.query<GamePlatform>(
      `SELECT p.id AS "platformId", p.name AS "platformName", g.category_id AS "gameCategoryId", count(*)::int AS total
       FROM games g JOIN game_platforms p ON p.id = g.platform_id
       WHERE ($1::int IS NULL OR g.category_id = $1)
       GROUP BY p.id, p.name, g.category_id, p.sort ORDER BY g.category_id, p.sort`,
      [category ?? null],
    )
  ).rows

/** A game by id. */
export const gameById = async (db: Queryable, id: number): Promise<Game | undefined> => {
  const r = (await db.query<GameRow>(`SELECT ${COLUMNS} FROM games g WHERE g.id = $1`, [id])).rows[0]
  return r === undefined ? undefined : gameOf(r)
}

/** A page of a player's favourites, newest first. */
export const favoritePage = (db: Queryable, playerId: string, p: { current: number; size: number }): Promise<GamePage> =>
  page(db, 'f.player_id = $1', [playerId], 'f.created_at DESC, g.id', p, 'game_favorites f JOIN games g ON g.id = f.game_id')

/** Every favourite of a player as references. */
export const favoriteRefs = async (db: Queryable, playerId: string): Promise<ReadonlyArray<FavoriteRef>> =>
  (
    await db.query<FavoriteRef>(
      `SELECT g.id AS game_id, g.platform_id AS cate_id, g.category_id AS category_id
       FROM game_favorites f JOIN games g ON g.id = f.game_id WHERE f.player_id = $1 ORDER BY f.created_at DESC, g.id`,
      [playerId],
    )
  ).rows

/** A page of a player's recent games, newest first. */
export const recentPage = (db: Queryable, playerId: string, p: { current: number; size: number }): Promise<GamePage> =>
  page(db, 'r.player_id = $1', [playerId], 'r.played_at DESC, g.id', p, 'game_recent r JOIN games g ON g.id = r.game_id')
