/**
 * The music library of the reference hall (spec §3 music item, §7.3 music list): the system music
 * (reqType 1, sys_list) and the player's own list (page, pageLimit; data.data), plus the project's
 * download (reqType 2) and delete (reqType 3) on the same call (schemas/hall/calls/site.ts). The
 * tracks are short melodies the hall renders itself (server/audio). Refusing to delete the only
 * track is the lobby's rule; the hall enforces it too, so a second tab cannot empty the list.
 */
import { MUSIC_PAGE_LIMIT, MusicReqType, musicList } from '../../schemas/hall/calls'
import type { MusicItem } from '../../schemas/hall/calls'
import { audioFile, audioUrl } from '../audio'
import type { Queryable } from '../db'
import { isLive } from '../store'
import { ServiceError, implement } from './types'
import type { CallContext, Implementation } from './types'

/** Service codes of the music calls (the reference hall's own: the spec's catalogue has none). */
export const MusicCodes = { noSuchTrack: 1040, onlyTrack: 1041 } as const

interface TrackRow {
  readonly id: number
  readonly music_name: string
  readonly melody: string
}

const itemOf = (r: TrackRow): MusicItem => ({
  id: r.id,
  music_name: r.music_name,
  music_size: audioFile(r.melody)?.byteLength ?? 0,
  oss_url: audioUrl(r.melody),
})

/**
 * Whose list a call reads: the signed-in player's, else the visitor's browser (its fingerprint
 * header, kept by the lobby per browser; the address and device when it sends none). Visitors
 * behind one address (a carrier's NAT, an office) each keep their own list.
 */
export const ownerOf = (ctx: CallContext): string => {
  if (ctx.session !== undefined && isLive(ctx.session, ctx.now)) return `player:${ctx.session.playerId}`
  return ctx.fingerprint !== '' ? `visitor:${ctx.fingerprint.slice(0, 64)}` : `visitor:${ctx.ip}/${ctx.device}`
}

/** The system music, in its order. */
export const systemMusic = async (db: Queryable): Promise<ReadonlyArray<MusicItem>> =>
  (await db.query<TrackRow>('SELECT id, music_name, melody FROM music_tracks ORDER BY sort, id')).rows.map(itemOf)

const myMusic = async (db: Queryable, site: string, owner: string, page: number, limit: number) => {
  const total = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM music_owned WHERE site_code = $1 AND owner = $2', [site, owner])).rows[0]?.n ?? 0
  const rows = await db.query<TrackRow>(
    `SELECT t.id, t.music_name, t.melody FROM music_owned o JOIN music_tracks t ON t.id = o.music_id
     WHERE o.site_code = $1 AND o.owner = $2 ORDER BY o.added_at, t.id LIMIT $3 OFFSET $4`,
    [site, owner, limit, (page - 1) * limit],
  )
  return { data: rows.rows.map(itemOf), total }
}

const positive = (n: number | undefined, fallback: number, max: number): number =>
  n === undefined || !Number.isInteger(n) || n < 1 ? fallback : Math.min(n, max)

/** The music-list call. */
export const musicCalls: ReadonlyArray<Implementation> = [
  implement(musicList, async (ctx, p) => {
    if (p.reqType === MusicReqType.system) return { sys_list: await systemMusic(ctx.db) }
    const owner = ownerOf(ctx)
    const site = ctx.site.code
    if (p.reqType === MusicReqType.download || p.reqType === MusicReqType.remove) {
      const id = p.music_id
      const known = id === undefined || !Number.isSafeInteger(id) ? 0 : ((await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM music_tracks WHERE id = $1', [id])).rows[0]?.n ?? 0)
      if (id === undefined || known === 0) throw new ServiceError(MusicCodes.noSuchTrack, 'no such music')
      if (p.reqType === MusicReqType.download) {
        await ctx.db.query(
          'INSERT INTO music_owned (site_code, owner, music_id, added_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
          [site, owner, id, new Date(ctx.now)],
        )
      } else {
        const mine = await myMusic(ctx.db, site, owner, 1, MUSIC_PAGE_LIMIT)
        if (!mine.data.some((m) => m.id === id)) throw new ServiceError(MusicCodes.noSuchTrack, 'no such music in the list')
        if (mine.total <= 1) throw new ServiceError(MusicCodes.onlyTrack, 'the only track cannot be deleted')
        await ctx.db.query('DELETE FROM music_owned WHERE site_code = $1 AND owner = $2 AND music_id = $3', [site, owner, id])
      }
    }
    return myMusic(ctx.db, site, owner, positive(p.page, 1, 1_000_000), positive(p.pageLimit, MUSIC_PAGE_LIMIT, MUSIC_PAGE_LIMIT))
  }),
]
