import { readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { migrate, openDb } from '../../server/db'

const migrations = readdirSync(path.resolve(import.meta.dirname, '../../server/migrations')).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))

describe('in-memory stores opened already migrated', () => {
  it('hold every migration and nothing else, each its own store, whether made or loaded from the kept dump', async () => {
    // The first may make the dump, the second loads it: both are fully migrated and apart.
    const first = await openDb('memory', { migrated: true })
    const second = await openDb('memory', { migrated: true })
    try {
      for (const db of [first, second]) {
        const applied = (await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version')).rows.map((r) => r.version)
        expect(applied).toEqual([...migrations].sort())
        expect(await migrate(db)).toEqual([])
        expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM players')).rows[0]?.n).toBe(0)
      }
      await first.exec("INSERT INTO schema_migrations (version) VALUES ('999_only_in_the_first.sql')")
      const inSecond = await second.query("SELECT 1 FROM schema_migrations WHERE version = '999_only_in_the_first.sql'")
      expect(inSecond.rows).toEqual([])
    } finally {
      await first.close()
      await second.close()
    }
  })
})
