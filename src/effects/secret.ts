import { isSecret, type Secret } from '../../schemas/secret'

/**
 * Reading a secret: only runners do it, when they send it where it goes (the hall). Actors cannot
 * import this module (the import graph, .dependency-cruiser.mjs) and their Secret type has no
 * string operations, so an actor can carry a password, a code or a PIN into a request but never
 * decide on it; views check a secret's format before they send the intent.
 */

/** The symbol schemas/secret.ts keeps a secret's text under. */
const SECRET_VALUE = Symbol.for('lobby/secret-value')

/** The text of a secret. */
export const reveal = (s: Secret): string => (s as unknown as Record<symbol, string>)[SECRET_VALUE] ?? ''

/**
 * A value with every secret in it replaced by its text (a hall request's payload as the hall
 * runner sends it). A value holding none is returned as it is; the input is never mutated.
 */
export const revealAll = (value: unknown, depth = 0): unknown => {
  if (isSecret(value)) return reveal(value)
  if (depth > 32 || typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) {
    let changed = false
    const out = value.map((v: unknown) => {
      const r = revealAll(v, depth + 1)
      if (r !== v) changed = true
      return r
    })
    return changed ? out : value
  }
  let out: Record<string, unknown> | undefined
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const r = revealAll(v, depth + 1)
    if (r !== v) {
      out ??= { ...(value as Record<string, unknown>) }
      out[k] = r
    }
  }
  return out ?? value
}
