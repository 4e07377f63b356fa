import type { PrefsDb } from './deferred'

/**
 * Persisted preferences: small values kept across visits (language, fingerprint, and later the
 * fast-login key, favourites, music settings). Reads never throw: an unreadable store answers
 * the fallback, so a broken database costs the player a preference, never the lobby.
 */
export const PREF_KEYS = { language: 'language', fingerprint: 'fingerprint', session: 'session', banners: 'banners', invitation: 'invitation', eventCategories: 'eventCategories' } as const

export const readPref = async <T>(db: PrefsDb | null, key: string, isT: (v: unknown) => v is T): Promise<T | null> => {
  if (db === null) return null
  try {
    const row = await db.prefs.get(key)
    return row !== undefined && isT(row.value) ? row.value : null
  } catch {
    return null
  }
}

export const writePref = async (db: PrefsDb | null, key: string, value: unknown): Promise<boolean> => {
  if (db === null) return false
  try {
    await db.prefs.put({ key, value })
    return true
  } catch {
    return false
  }
}

export const isString = (v: unknown): v is string => typeof v === 'string'
