import type { Schema, SchemaAST } from 'effect'

/** The annotation key that marks a field sensitive. The recorder obeys it before storing. */
export const SENSITIVE_KEY = 'lobby/sensitive'

/** What a sensitive value is replaced with in a stored or exported record. */
export const REDACTED = '[redacted]'

/**
 * Marks a schema (a field of an event or a hall call) as sensitive: passwords, codes, PINs,
 * session keys, tokens, full card or CPF numbers. Such values never reach the event log in
 * clear; `redact` replaces them with REDACTED before a record is stored.
 */
export const Sensitive = <S extends Schema.Top>(schema: S): SensitiveSchema<S> =>
  schema.annotate({ [SENSITIVE_KEY]: true }) as SensitiveSchema<S>

declare const SensitiveTag: unique symbol
/**
 * The type-level mark of a sensitive text: `string & SensitiveMark` is still a string to whoever
 * holds it in clear (the hall, a runner), and lets the actors' side of a call (`Concealed`,
 * schemas/secret.ts) tell which fields take a Secret. It exists only in types.
 */
export interface SensitiveMark {
  readonly [SensitiveTag]?: 'sensitive'
}
/** A sensitive schema's value type: its text marked. */
export type Marked<T> = T extends string ? T & SensitiveMark : T
/** A schema marked sensitive: the same schema, its value type marked. */
export type SensitiveSchema<S extends Schema.Top> = S['Rebuild'] & { readonly Type: Marked<S['Type']> }

const marks = (annotations: unknown): boolean => (annotations as Record<string, unknown> | undefined)?.[SENSITIVE_KEY] === true

/** The annotation key that marks an address (or its query) whose secret parameters are redacted. */
export const SENSITIVE_PARAMS_KEY = 'lobby/sensitiveParams'

/**
 * What an address field holds: a whole URL (absolute or a path, with its query and fragment), a
 * location's search ('?a=1&b=2'), or a query already parsed into names and values.
 */
export type ParamsKind = 'url' | 'search' | 'query'

/**
 * Marks a field that carries an address or a query: the values of its secret parameters (an
 * OAuth code or state, a token, a key, a password, a signature: SENSITIVE_PARAM and
 * SENSITIVE_NAME) are replaced with REDACTED before a record is stored; the rest of the address
 * stays as it was, so replay still sees where the player was.
 */
export const SensitiveParams = <S extends Schema.Top>(schema: S, kind: ParamsKind): S['Rebuild'] =>
  schema.annotate({ [SENSITIVE_PARAMS_KEY]: kind })

/** Query parameter names whose values are secrets wherever they appear in an address. */
export const SENSITIVE_PARAM = /^(code|state|auth|authorization|key|api_?key|pwd|sign|signature|sig|ticket|otp|verify_?code|code_?verifier)$/i

const paramsKindOf = (ast: SchemaAST.AST): ParamsKind | undefined => {
  const own = (ast.annotations as Record<string, unknown> | undefined)?.[SENSITIVE_PARAMS_KEY]
  if (own === 'url' || own === 'search' || own === 'query') return own
  for (const c of ast.checks ?? []) {
    const k = (c.annotations as Record<string, unknown> | undefined)?.[SENSITIVE_PARAMS_KEY]
    if (k === 'url' || k === 'search' || k === 'query') return k
  }
  return undefined
}

const secretParam = (name: string): boolean => SENSITIVE_PARAM.test(name) || SENSITIVE_NAME.test(name)

/** A query string ('a=1&b=2', no '?') with its secret parameters' values redacted, or null if it has none. */
const redactQueryText = (text: string): string | null => {
  if (text === '' || !text.includes('=')) return null
  let found = false
  const params = new URLSearchParams(
    [...new URLSearchParams(text)].map(([name, v]): [string, string] => {
      if (!secretParam(name)) return [name, v]
      found = true
      return [name, REDACTED]
    }),
  )
  return found ? params.toString() : null
}

/**
 * An address with the values of its secret parameters redacted, in its query and in a fragment
 * that holds parameters (`#access_token=…`, the implicit OAuth flow). Anything else is kept as
 * written; an address with no secret parameter is returned as it was.
 */
export const redactParams = (value: string, kind: 'url' | 'search'): string => {
  const hashAt = kind === 'url' ? value.indexOf('#') : -1
  const beforeHash = hashAt === -1 ? value : value.slice(0, hashAt)
  const hash = hashAt === -1 ? '' : value.slice(hashAt + 1)
  const queryAt = beforeHash.indexOf('?')
  const head = kind === 'search' ? '' : queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt)
  const query = kind === 'search' ? beforeHash.replace(/^\?/, '') : queryAt === -1 ? '' : beforeHash.slice(queryAt + 1)
  const q = redactQueryText(query)
  const h = redactQueryText(hash)
  if (q === null && h === null) return value
  const lead = kind === 'search' ? (beforeHash.startsWith('?') ? '?' : '') : queryAt === -1 ? '' : '?'
  return `${head}${lead}${q ?? query}${hashAt === -1 ? '' : `#${h ?? hash}`}`
}

/** A parsed query with the values of its secret parameters redacted (the same object if none). */
const redactQueryRecord = (value: Record<string, unknown>): Record<string, unknown> => {
  let out: Record<string, unknown> | undefined
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === 'string' && v !== '' && secretParam(k)) {
      out ??= { ...value }
      out[k] = REDACTED
    }
  }
  return out ?? value
}

/**
 * Whether a schema is marked sensitive. The mark sits on the schema's own annotations, or, for a
 * schema with checks (Sensitive(Schema.String.check(...)), the password rule), on its last check:
 * Effect puts a schema's annotations there once it has checks.
 */
export const isSensitive = (ast: SchemaAST.AST): boolean => {
  if (marks(ast.annotations)) return true
  if ((ast.checks ?? []).some((c) => marks(c.annotations))) return true
  // Schema.optional(Sensitive(x)) wraps the marked schema in a union with undefined.
  if (ast._tag === 'Union') return ast.types.some(isSensitive)
  return false
}

/**
 * Where a schema does not describe a value (Unknown), keys with these names still have their
 * string values redacted: a safety net, so an undescribed corner (injected page data, a call
 * whose response is not described yet) cannot carry a token into the log.
 */
export const SENSITIVE_NAME = /pass(word)?|token|session_?key|user_?key|site_?key|secret|cpf|pin$/i

const redactByName = (value: unknown, depth = 0): unknown => {
  if (depth > 32 || typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) {
    let changed = false
    const out = value.map((v) => {
      const r = redactByName(v, depth + 1)
      if (r !== v) changed = true
      return r
    })
    return changed ? out : value
  }
  let out: Record<string, unknown> | undefined
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const r = typeof v === 'string' && v !== '' && SENSITIVE_NAME.test(k) ? REDACTED : redactByName(v, depth + 1)
    if (r !== v) {
      out ??= { ...(value as Record<string, unknown>) }
      out[k] = r
    }
  }
  return out ?? value
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** Per schema node: whether a value it describes can hold anything redactAst would replace. */
const holdsSecret = new WeakMap<SchemaAST.AST, boolean>()

/**
 * Whether redactAst could change a value of this schema: a field marked sensitive somewhere in
 * it, or a part it does not describe (Unknown, Any, object, a recursive schema), where the names
 * decide. Most events hold none (a visibility change, a network failure): every record is
 * redacted, so they are kept as they are without walking them. Worked out once per schema node.
 */
const mayHoldSecret = (ast: SchemaAST.AST): boolean => {
  const known = holdsSecret.get(ast)
  if (known !== undefined) return known
  let holds: boolean
  if (isSensitive(ast) || paramsKindOf(ast) !== undefined) holds = true
  else {
    switch (ast._tag) {
      case 'Objects':
        holds = ast.propertySignatures.some((ps) => mayHoldSecret(ps.type)) || ast.indexSignatures.some((is) => mayHoldSecret(is.type))
        break
      case 'Arrays':
        holds = ast.elements.some(mayHoldSecret) || ast.rest.some(mayHoldSecret)
        break
      case 'Union':
        holds = ast.types.some(mayHoldSecret)
        break
      // A recursive schema is not followed here: it may hold one.
      case 'Suspend':
      case 'Unknown':
      case 'Any':
      case 'ObjectKeyword':
        holds = true
        break
      default:
        holds = false
    }
  }
  holdsSecret.set(ast, holds)
  return holds
}

/**
 * Whether a value may be one the schema describes, judged by the JavaScript type of a primitive
 * only: a number is not a text (an object may be: a Secret stands for one). A union's members are
 * each applied to a value (redactAst), so a sensitive text of one member (a user's `code`) must not
 * take the number another member has there (the third-party answer's result code 100): the log
 * would lose it and replay would decide otherwise.
 * Anything this does not know how to judge may be the value, so it is redacted.
 */
const mayBe = (ast: SchemaAST.AST, value: unknown): boolean => {
  switch (ast._tag) {
    case 'String':
    case 'TemplateLiteral':
      return typeof value !== 'number' && typeof value !== 'boolean'
    case 'Number':
      return typeof value !== 'string' && typeof value !== 'boolean'
    case 'Boolean':
      return typeof value !== 'string' && typeof value !== 'number'
    case 'Union':
      return ast.types.some((t) => mayBe(t, value))
    case 'Undefined':
      return value === undefined
    case 'Null':
      return value === null
    default:
      return true
  }
}

const redactAst = (ast: SchemaAST.AST, value: unknown): unknown => {
  // Nothing, null and the empty string carry no secret; keeping them keeps their meaning
  // (an absent token) in the log, so replay sees the same thing the live actors saw.
  if (value === undefined || value === null || value === '') return value
  if (!mayHoldSecret(ast)) return value
  if (isSensitive(ast)) return mayBe(ast, value) ? REDACTED : value
  const params = paramsKindOf(ast)
  if (params === 'query') return isRecord(value) ? redactQueryRecord(value) : value
  if (params !== undefined) return typeof value === 'string' ? redactParams(value, params) : value
  switch (ast._tag) {
    case 'Objects': {
      if (!isRecord(value)) return value
      let out: Record<string, unknown> | undefined
      for (const ps of ast.propertySignatures) {
        const key = ps.name
        if (typeof key !== 'string' || !(key in value)) continue
        const before = value[key]
        const after = redactAst(ps.type, before)
        if (after !== before) {
          out ??= { ...value }
          out[key] = after
        }
      }
      for (const is of ast.indexSignatures) {
        for (const key of Object.keys(value)) {
          if (ast.propertySignatures.some((ps) => ps.name === key)) continue
          const before = value[key]
          const after = redactAst(is.type, before)
          if (after !== before) {
            out ??= { ...value }
            out[key] = after
          }
        }
      }
      return out ?? value
    }
    case 'Arrays': {
      if (!Array.isArray(value)) return value
      let changed = false
      const out = value.map((item: unknown, i) => {
        const element = ast.elements[i] ?? ast.rest[0]
        if (element === undefined) return item
        const after = redactAst(element, item)
        if (after !== item) changed = true
        return after
      })
      return changed ? out : value
    }
    case 'Union': {
      // Redact with every member that could describe the value; a member that does not
      // apply leaves it unchanged, so applying all of them in turn is safe.
      let current: unknown = value
      for (const member of ast.types) current = redactAst(member, current)
      return current
    }
    case 'Suspend':
      return redactAst(ast.thunk(), value)
    case 'Unknown':
    case 'Any':
    case 'ObjectKeyword':
      return redactByName(value)
    default:
      return value
  }
}

/** Whether a value of this schema may hold a secret (a field marked sensitive, or an undescribed corner). */
export const mayHoldSecretIn = (schema: Schema.Top): boolean => mayHoldSecret(schema.ast)

/**
 * A copy of `value` with every field that `schema` marks sensitive replaced by REDACTED.
 * Values the schema does not describe are kept; the input is never mutated.
 */
export const redact = (schema: Schema.Top, value: unknown): unknown => redactAst(schema.ast, value)
