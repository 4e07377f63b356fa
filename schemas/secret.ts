import { Schema, SchemaGetter, type SchemaAST } from 'effect'
import { isSensitive, REDACTED, Sensitive, SENSITIVE_KEY, type SensitiveMark } from './sensitive'

/**
 * A secret a person typed (a password, a verification code, a withdraw PIN, a challenge answer) as
 * actors hold it: an opaque value they may carry into a hall request but can neither read nor
 * compare. The recorder stores it as "[redacted]", so replay gives actors a secret of
 * "[redacted]": an actor that decided on a secret's content would decide otherwise in replay.
 * The type has no string operations, so a guard or a `validate` that reads one does not compile;
 * its JSON and its text are "[redacted]", so it never reaches a log, a devtools view or an error
 * message in clear. Only runners read it, with `reveal` (src/effects/secret.ts), when they send
 * it to the hall. Forms check a secret's format in the view, before the intent is sent.
 */
export interface Secret {
  readonly [SecretBrand]: 'secret'
  /** Always "[redacted]": a secret never serialises in clear. */
  toJSON(): typeof REDACTED
  /** Always "[redacted]". */
  toString(): typeof REDACTED
}
declare const SecretBrand: unique symbol

/**
 * Where a secret's text lives: a property under a registered symbol that is not enumerable, so no
 * walk, spread or JSON finds it. src/effects/secret.ts names the same symbol to read it.
 */
const SECRET_VALUE = Symbol.for('lobby/secret-value')

class SecretValue {
  constructor(value: string) {
    Object.defineProperty(this, SECRET_VALUE, { value, enumerable: false })
    Object.freeze(this)
  }
  toJSON(): typeof REDACTED {
    return REDACTED
  }
  toString(): typeof REDACTED {
    return REDACTED
  }
}

/** Whether a value is a secret. */
export const isSecret = (u: unknown): u is Secret => u instanceof SecretValue

/** Wraps the text a person typed into a secret (a view's form, the bus taking an intent in, a test). */
export const secret = (value: string | Secret): Secret => (isSecret(value) ? value : (new SecretValue(value) as unknown as Secret))

/** The annotation that marks a field whose value reaches actors as a Secret. */
export const SECRET_KEY = 'lobby/secret'

const SecretInstance = Schema.declare(isSecret, { identifier: 'Secret' })

/**
 * A field holding a secret a person typed: actors see a `Secret`; what may be published is the
 * text or a secret (the bus wraps the text, see `concealEvent`). It is sensitive: the recorder
 * stores "[redacted]". Encoding a secret gives "[redacted]", never its text.
 */
export const SecretString = Sensitive(
  Schema.Union([Schema.String, SecretInstance]).pipe(
    Schema.decodeTo(SecretInstance, {
      decode: SchemaGetter.transform((v: string | Secret) => secret(v)),
      encode: SchemaGetter.transform((): string | Secret => REDACTED),
    }),
  ).annotate({ [SECRET_KEY]: true, [SENSITIVE_KEY]: true }),
)

/**
 * A value as actors hold it: every text a schema marks sensitive is a Secret (a call's request as
 * a command's `validate` sees it, a secret field of an intent).
 */
export type Concealed<T> = T extends string
  ? T extends SensitiveMark
    ? Secret
    : T
  : T extends Secret
    ? T
    : T extends object
      ? { [K in keyof T]: Concealed<T[K]> }
      : T

/**
 * A call's request as an actor may write it: a sensitive text is a Secret the actor was given,
 * or a text it holds itself (a token of a hall answer, the site's system token).
 */
export type Payload<T> = T extends string
  ? T extends SensitiveMark
    ? T | Secret
    : T
  : T extends Secret
    ? T
    : T extends object
      ? { [K in keyof T]: Payload<T[K]> }
      : T

const marksSecret = (annotations: unknown): boolean => (annotations as Record<string, unknown> | undefined)?.[SECRET_KEY] === true

/**
 * Wraps every text `schema` marks in a Secret: with `all`, every sensitive field (a call's request,
 * as a command submits it); otherwise only SecretString fields (an intent). A secret already
 * wrapped is kept; the input is never mutated, and a value with nothing to wrap is returned as it is.
 */
const concealAst = (ast: SchemaAST.AST, value: unknown, all: boolean): unknown => {
  if (typeof value === 'string') return (all ? isSensitive(ast) : marksSecret(ast.annotations)) ? secret(value) : value
  if (typeof value !== 'object' || value === null || isSecret(value)) return value
  switch (ast._tag) {
    case 'Objects': {
      if (Array.isArray(value)) return value
      const record = value as Record<string, unknown>
      let out: Record<string, unknown> | undefined
      for (const ps of ast.propertySignatures) {
        const key = ps.name
        if (typeof key !== 'string' || !(key in record)) continue
        const after = concealAst(ps.type, record[key], all)
        if (after !== record[key]) {
          out ??= { ...record }
          out[key] = after
        }
      }
      return out ?? value
    }
    case 'Arrays': {
      if (!Array.isArray(value)) return value
      let changed = false
      const out = value.map((item: unknown, i) => {
        const element = ast.elements[i] ?? ast.rest[0]
        const after = element === undefined ? item : concealAst(element, item, all)
        if (after !== item) changed = true
        return after
      })
      return changed ? out : value
    }
    case 'Union': {
      let current: unknown = value
      for (const member of ast.types) current = concealAst(member, current, all)
      return current
    }
    case 'Suspend':
      return concealAst(ast.thunk(), value, all)
    default:
      return value
  }
}

/** Whether a schema has a SecretString field (worked out once per schema). */
const holdsSecretField = new WeakMap<SchemaAST.AST, boolean>()
export const hasSecretField = (schema: Schema.Top): boolean => {
  const ast = schema.ast
  let known = holdsSecretField.get(ast)
  if (known === undefined) {
    known = ast._tag === 'Objects' && ast.propertySignatures.some((ps) => marksSecret(ps.type.annotations))
    holdsSecretField.set(ast, known)
  }
  return known
}

/** An intent's SecretString fields wrapped in Secrets (the text a view sent, or "[redacted]" in replay). */
export const concealFields = <T>(schema: Schema.Top, value: T): T => (hasSecretField(schema) ? (concealAst(schema.ast, value, false) as T) : value)

/** A call's request with every sensitive text wrapped in a Secret (a command's payload as a view submitted it). */
export const concealRequest = (schema: Schema.Top, value: unknown): unknown => concealAst(schema.ast, value, true)
