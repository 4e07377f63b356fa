/**
 * A structural diff of two JSON values (an actor's state and context before and after a record),
 * as the list of paths that changed. Arrays compare by index; a value that is not plain JSON
 * (an actor reference in context, a function) compares by its JSON text.
 */

/** One changed path. */
export interface Change {
  /** Dotted path: `context.user.name`, `context.queue[2]`; '' for the root. */
  readonly path: string
  readonly kind: 'added' | 'removed' | 'changed'
  readonly before?: unknown
  readonly after?: unknown
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null)

const join = (base: string, key: string | number): string =>
  typeof key === 'number' ? `${base}[${key}]` : base === '' ? key : `${base}.${key}`

const same = (a: unknown, b: unknown): boolean => a === b || (typeof a === 'object' && typeof b === 'object' && safeJson(a) === safeJson(b))

/** JSON text that never throws (cycles and actor references become a marker). */
export const safeJson = (v: unknown, space?: number): string => {
  const seen = new WeakSet<object>()
  try {
    return (
      JSON.stringify(
        v,
        (_k, value: unknown) => {
          if (typeof value === 'function') return '[function]'
          if (value !== null && typeof value === 'object') {
            if (seen.has(value)) return '[circular]'
            seen.add(value)
            if (!Array.isArray(value) && !isPlainObject(value) && 'id' in value && 'send' in value) return `[actor ${String((value as { id: unknown }).id)}]`
          }
          return value
        },
        space,
      ) ?? 'undefined'
    )
  } catch (e) {
    return `[unserializable: ${String(e)}]`
  }
}

/** Plain JSON copy of a value (what the inspector shows and diffs). */
export const toPlain = (v: unknown): unknown => {
  const text = safeJson(v)
  return text === 'undefined' ? undefined : (JSON.parse(text) as unknown)
}

/** The paths where `after` differs from `before`, depth first, at most `limit` of them. */
export const diffJson = (before: unknown, after: unknown, limit = 500): Change[] => {
  const out: Change[] = []
  const walk = (a: unknown, b: unknown, path: string): void => {
    if (out.length >= limit || same(a, b)) return
    if (Array.isArray(a) && Array.isArray(b)) {
      for (let i = 0; i < Math.max(a.length, b.length); i++) {
        if (i >= a.length) out.push({ path: join(path, i), kind: 'added', after: b[i] })
        else if (i >= b.length) out.push({ path: join(path, i), kind: 'removed', before: a[i] })
        else walk(a[i], b[i], join(path, i))
      }
      return
    }
    if (isPlainObject(a) && isPlainObject(b)) {
      for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
        if (!(k in a)) out.push({ path: join(path, k), kind: 'added', after: b[k] })
        else if (!(k in b)) out.push({ path: join(path, k), kind: 'removed', before: a[k] })
        else walk(a[k], b[k], join(path, k))
      }
      return
    }
    out.push({ path, kind: 'changed', before: a, after: b })
  }
  walk(before, after, '')
  return out
}
