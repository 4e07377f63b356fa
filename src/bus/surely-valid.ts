import type { SchemaAST } from 'effect'

/**
 * A quick check that an input surely decodes with a schema, compiled from the schema's AST: the
 * bus checks every event it takes in, and decoding each with Schema costs microseconds (about a
 * quarter of a replay's time). The check answers true only where decoding surely succeeds
 * (structs of literals, strings, finite numbers, booleans, null, arrays, records, unions of them,
 * with the schema's own filters run on the value, excess keys refused); false means "not shown",
 * and the bus then decodes with Schema, which decides and names the problem. A node it does not
 * know (a transformation, a declaration such as a Secret, a oneOf union, a template literal) makes
 * no check at all: such a schema is always decoded.
 */
export type SurelyValid = (input: unknown) => boolean

/** The parse options the bus decodes with (excess keys refused); filters are run with them too. */
const OPTIONS = { onExcessProperty: 'error' } as const

type Check = NonNullable<SchemaAST.AST['checks']>[number]

/** Whether every filter of a node passes on the value; a filter that answers anything but "no issue" is not a pass. */
const passes = (checks: ReadonlyArray<Check>, value: unknown, ast: SchemaAST.AST): boolean => {
  for (const check of checks) {
    if (check._tag === 'FilterGroup') {
      if (!passes(check.checks, value, ast)) return false
    } else if ((check.run as (input: unknown, self: SchemaAST.AST, options: typeof OPTIONS) => unknown)(value, ast, OPTIONS) !== undefined) return false
  }
  return true
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false
  const proto: unknown = Object.getPrototypeOf(v)
  return (proto === Object.prototype || proto === null) && Object.getOwnPropertySymbols(v).length === 0
}

const compiled = new WeakMap<SchemaAST.AST, SurelyValid | null>()

/** The quick check of an AST node, or null when it has a node the check does not know. */
export const surelyValidOf = (ast: SchemaAST.AST): SurelyValid | null => {
  if (compiled.has(ast)) return compiled.get(ast)!
  const check = compile(ast)
  compiled.set(ast, check)
  return check
}

const compile = (ast: SchemaAST.AST): SurelyValid | null => {
  if (ast.encoding !== undefined) return null
  const shape = compileShape(ast)
  if (shape === null) return null
  const checks = ast.checks
  if (checks === undefined) return shape
  return (v) => shape(v) && passes(checks, v, ast)
}

const compileShape = (ast: SchemaAST.AST): SurelyValid | null => {
  switch (ast._tag) {
    case 'String':
      return (v) => typeof v === 'string'
    case 'Number':
      return (v) => typeof v === 'number' && Number.isFinite(v)
    case 'Boolean':
      return (v) => typeof v === 'boolean'
    case 'Null':
      return (v) => v === null
    case 'Undefined':
      return (v) => v === undefined
    case 'Unknown':
    case 'Any':
      return () => true
    case 'Never':
      return () => false
    case 'Literal': {
      const literal = ast.literal
      return (v) => v === literal
    }
    case 'Union': {
      if (ast.encodingChecks !== undefined || (ast.options?.mode ?? 'anyOf') !== 'anyOf') return null
      const members: SurelyValid[] = []
      for (const t of ast.types) {
        const m = surelyValidOf(t)
        if (m === null) return null
        members.push(m)
      }
      return (v) => {
        for (const m of members) if (m(v)) return true
        return false
      }
    }
    case 'Arrays': {
      if (ast.encodingChecks !== undefined || ast.rest.length > 1) return null
      const elements: SurelyValid[] = []
      for (const e of ast.elements) {
        const m = e.context?.isOptional === true ? null : surelyValidOf(e)
        if (m === null) return null
        elements.push(m)
      }
      const rest = ast.rest.length === 1 ? surelyValidOf(ast.rest[0]!) : undefined
      if (rest === null) return null
      return (v) => {
        if (!Array.isArray(v)) return false
        if (rest === undefined ? v.length !== elements.length : v.length < elements.length) return false
        for (let i = 0; i < elements.length; i++) if (!elements[i]!(v[i])) return false
        if (rest !== undefined) for (let i = elements.length; i < v.length; i++) if (!rest(v[i])) return false
        return true
      }
    }
    case 'Objects':
      return compileObject(ast)
    default:
      return null
  }
}

const compileObject = (ast: SchemaAST.Objects): SurelyValid | null => {
  if (ast.encodingChecks !== undefined) return null
  if (ast.indexSignatures.length > 0) {
    // A record of string keys: every key is allowed, every value checked.
    if (ast.propertySignatures.length > 0 || ast.indexSignatures.length > 1) return null
    const index = ast.indexSignatures[0]!
    const key = index.parameter
    if (key._tag !== 'String' || key.checks !== undefined || key.encoding !== undefined) return null
    const value = surelyValidOf(index.type)
    if (value === null) return null
    return (v) => {
      if (!isPlainObject(v)) return false
      for (const k in v) if (!value(v[k])) return false
      return true
    }
  }
  const props: Array<{ readonly name: string; readonly optional: boolean; readonly check: SurelyValid }> = []
  for (const p of ast.propertySignatures) {
    if (typeof p.name !== 'string') return null
    const check = surelyValidOf(p.type)
    if (check === null) return null
    props.push({ name: p.name, optional: p.type.context?.isOptional === true, check })
  }
  const names = new Set(props.map((p) => p.name))
  return (v) => {
    if (!isPlainObject(v)) return false
    let present = 0
    for (const k in v) {
      if (!names.has(k)) return false
      present++
    }
    for (const p of props) {
      if (!Object.prototype.hasOwnProperty.call(v, p.name)) {
        if (!p.optional) return false
        continue
      }
      present--
      if (!p.check(v[p.name])) return false
    }
    // Every key counted is a declared one (no inherited enumerable keys: the prototype is Object's or null).
    return present === 0
  }
}
