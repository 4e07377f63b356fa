/**
 * The games runners: the game store (search history and favourites cache) read from and written
 * to the prefs, and the game address built from a launch answer. The address carries the player's
 * session key encrypted under the site key (`<nonce>.<base64>`, the hall protocol's cipher) and
 * the userkey, so it is published as a fact whose url is marked sensitive in the log.
 */
import type { Bus } from '../bus/bus'
import type { FavoriteRef } from '../../schemas/hall/calls/games'
import { encrypt } from './hall/cipher'
import { randomNonce } from './hall/client'

/** Where the game store lives. */
export interface GamesStore {
  load(): Promise<unknown>
  save(value: { history: ReadonlyArray<string>; favorites: ReadonlyArray<FavoriteRef> }): Promise<unknown>
}

const isStore = (v: unknown): v is { history: string[]; favorites: FavoriteRef[] } => {
  const o = v as { history?: unknown; favorites?: unknown } | null
  return (
    o !== null && typeof o === 'object' && Array.isArray(o.history) && o.history.every((h) => typeof h === 'string') &&
    Array.isArray(o.favorites) && o.favorites.every((f) => typeof (f as FavoriteRef).game_id === 'number' && typeof (f as FavoriteRef).cate_id === 'number' && typeof (f as FavoriteRef).category_id === 'number')
  )
}

/** Reads the store at start (publishing games.storeLoaded) and writes every games.storeChanged. */
export const startGamesStoreRunner = (bus: Bus, store: GamesStore): (() => void) => {
  let stopped = false
  const sub = bus.records$.subscribe(({ event }) => {
    if (event.type === 'games.storeChanged') void store.save({ history: event.history, favorites: event.favorites })
  })
  const publish = (v: unknown) => {
    if (stopped) return
    const s = isStore(v) ? v : { history: [], favorites: [] }
    bus.publish({ type: 'games.storeLoaded', history: s.history, favorites: s.favorites.map((f) => ({ game_id: f.game_id, cate_id: f.cate_id, category_id: f.category_id })) }, 'runner', 'games-store')
  }
  void store.load().then(publish, () => publish(null))
  return () => {
    stopped = true
    sub.unsubscribe()
  }
}

/** The game address: base (resolved against the hall's origin) with gameId, route, lang, key, userkey and try. */
export const gameAddress = (o: {
  base: string
  origin: string
  gameId: number
  route: string
  lang: string
  try: string
  key: string
  userkey: string
}): string => {
  const url = new URL(o.base, o.origin)
  url.searchParams.set('gameId', String(o.gameId))
  url.searchParams.set('route', o.route)
  url.searchParams.set('lang', o.lang)
  if (o.key !== '') url.searchParams.set('key', o.key)
  if (o.userkey !== '') url.searchParams.set('userkey', o.userkey)
  url.searchParams.set('try', o.try)
  return url.toString()
}

/** Builds game addresses for the launch actor (games.addressRequested → games.addressBuilt). */
export const startGameAddressRunner = (bus: Bus, nonce: () => string = randomNonce): (() => void) => {
  let siteKey = ''
  let origin = 'http://localhost'
  let sessionKey = ''
  let userkey = ''
  const sub = bus.records$.subscribe(({ event }) => {
    switch (event.type) {
      case 'app.started':
        siteKey = event.site.siteKey
        origin = new URL(event.site.configApiBaseUrl, event.url).origin
        return
      case 'session.credentialsChanged':
        sessionKey = event.keyMaterial === siteKey ? '' : event.keyMaterial
        return
      case 'session.persistRequested':
        userkey = event.stored.userkey ?? ''
        return
      case 'games.addressRequested': {
        let key = ''
        if (!event.demo && sessionKey !== '') {
          const n = nonce()
          const c = encrypt(siteKey, n, sessionKey)
          key = c._tag === 'Success' ? `${n}.${c.success}` : ''
        }
        const url = gameAddress({ base: event.base, origin, gameId: event.gameId, route: event.route, lang: event.lang, try: event.try, key, userkey: event.demo ? '' : userkey })
        bus.publish({ type: 'games.addressBuilt', launchId: event.launchId, url }, 'runner', 'games-address')
        return
      }
      default:
    }
  })
  return () => sub.unsubscribe()
}
