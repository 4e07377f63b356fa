import { Schema, type SchemaAST } from 'effect'
import type { HallCall } from '../../schemas/hall/call'
import * as calls from '../../schemas/hall/calls'
import { DiagnosticsChunk, DiagnosticsReceipt } from '../../schemas/events/diagnostics'
import { BigId } from '../../schemas/hall/envelope'
import { isSensitive } from '../../schemas/sensitive'

/*
 * Renders the "Shapes the hall designs" tables of docs/hall-protocol.md from the call
 * descriptions (schemas/hall/calls): every call's request and answer fields, and every named
 * shape they use. tests/unit/hall-calls.test.ts fails when the page differs from this.
 */

const isCall = (v: unknown): v is HallCall =>
  typeof v === 'object' && v !== null && 'path' in v && 'method' in v && 'request' in v && 'response' in v
const isSchema = (v: unknown): v is Schema.Top => Schema.isSchema(v)

/** Values described in the page's conventions, not as shapes. */
export const BASIC_VALUES: Readonly<Record<string, string>> = {
  Amount: 'decimal string, `-?digits[.digits]`',
  BigId: 'string of digits (large ids)',
  Count: 'whole number ≥ 0',
  Id: 'whole number ≥ 1',
  Flag: '0/1',
  Switch: "'open'/'close'",
  CurrencyType: '1 fiat / 2 crypto',
  CurrencyCode: "currency code, 2-10 letters ('BRL', 'USDT')",
  DateTime: "'YYYY-MM-DD HH:mm:ss', site time zone",
  DateOnly: "'YYYY-MM-DD', site calendar",
  VerifyCode: 'string, sensitive (SMS 4, email 5, image 4, authenticator 6 characters)',
  WithdrawPin: 'string of 6 digits, sensitive',
  Password: 'string, spec §5 password rule, sensitive',
  LanguageCode: 'one of the 18 interface languages',
}

/** Built-in schemas whose AST an export may share (`X = Schema.Number`): never a shape's name. */
const BUILT_IN: ReadonlySet<SchemaAST.AST> = new Set([Schema.String.ast, Schema.Number.ast, Schema.Int.ast, Schema.Boolean.ast, Schema.Null.ast, Schema.Unknown.ast])

const names: ReadonlyMap<SchemaAST.AST, string> = (() => {
  const m = new Map<SchemaAST.AST, string>([
    [BigId.ast, 'BigId'],
    [DiagnosticsChunk.ast, 'DiagnosticsChunk'],
    [DiagnosticsReceipt.ast, 'DiagnosticsReceipt'],
  ])
  for (const [name, v] of Object.entries(calls)) {
    if (isCall(v) || !isSchema(v) || BUILT_IN.has(v.ast) || m.has(v.ast)) continue
    if (name === 'OpenRequest' || name === 'OpenResponse' || name === 'NoParams' || name === 'Ack') continue
    m.set(v.ast, name)
  }
  return m
})()

const isOptional = (a: SchemaAST.AST): boolean => (a.context as { isOptional?: boolean } | undefined)?.isOptional === true

const keysOf = (a: SchemaAST.AST): string[] => (a._tag === 'Objects' ? a.propertySignatures.map((p) => String(p.name)) : [])

/** Renders a type; `seen` collects the shape names it refers to. */
const typeOf = (a: SchemaAST.AST, seen: Set<string>): string => {
  const name = names.get(a)
  if (name !== undefined) {
    if (!(name in BASIC_VALUES)) seen.add(name)
    return name
  }
  switch (a._tag) {
    case 'String':
      return 'string'
    case 'Number':
      return a === Schema.Int.ast || (a.checks ?? []).length > 0 ? 'int' : 'number'
    case 'Boolean':
      return 'boolean'
    case 'Null':
      return 'null'
    case 'Literal':
      return JSON.stringify(a.literal).replaceAll('"', "'")
    case 'Union': {
      const members = a.types.filter((t) => t._tag !== 'Undefined')
      if (members.length === 1 && members[0] !== undefined) return typeOf(members[0], seen)
      if (members.every((t) => t._tag === 'Literal')) return members.map((t) => typeOf(t, seen)).join('/')
      return members.map((t) => typeOf(t, seen)).join(' or ')
    }
    case 'Arrays': {
      const item = a.rest[0] ?? a.elements[0]
      return item === undefined ? '[]' : `[${typeOf(item, seen)}]`
    }
    case 'Objects': {
      const keys = keysOf(a).join(',')
      const field = (k: string) => a.propertySignatures.find((p) => p.name === k)?.type
      if (keys === 'records,total,current,size') {
        const rows = field('records')
        const item = rows?._tag === 'Arrays' ? rows.rest[0] : undefined
        if (item !== undefined) return `Paged(${typeOf(item, seen)})`
      }
      if (keys === 'list') {
        const rows = field('list')
        const item = rows?._tag === 'Arrays' ? rows.rest[0] : undefined
        if (item !== undefined) return `ListOf(${typeOf(item, seen)})`
      }
      const index = a.indexSignatures.map((i) => `[${typeOf(i.parameter, seen)}]: ${typeOf(i.type, seen)}`)
      if (a.propertySignatures.length === 0) return index.length === 0 ? '{}' : `{ ${index.join(', ')} }`
      return `{ ${[fieldsOf(a, seen), ...index].join(', ')} }`
    }
    case 'Suspend':
      return typeOf(a.thunk(), seen)
    default:
      return a._tag.toLowerCase()
  }
}

/**
 * Field groups other shapes spread into theirs (`...BaseLoginPayload`): shown by name, largest
 * first, so a table row says which shape a request or answer builds on.
 */
const GROUPS: ReadonlyArray<readonly [string, Readonly<Record<string, Schema.Top>>]> = [
  ['ActivitySummary', calls.ActivitySummary.fields],
  ['AuditRecord', calls.AuditRecord.fields],
  ['PayMethod', calls.PayMethod.fields],
  ['RecordQuery', calls.RecordQueryFields],
  ['BaseLoginPayload', calls.BaseLoginPayload],
  ['GeetestResult', calls.GeetestResult.fields],
  ['GeetestAnswer', calls.GeetestAnswer.fields],
  ['PageRequest', calls.PageFields],
]

/** A struct's fields: `name?: type`, a `*` after the name marking a sensitive field. */
const fieldsOf = (a: SchemaAST.AST, seen: Set<string>, self?: string): string => {
  if (a._tag !== 'Objects') return typeOf(a, seen)
  const spread: string[] = []
  let rest = a.propertySignatures
  for (const [group, fields] of GROUPS) {
    if (group === self) continue
    const keys = Object.keys(fields)
    const has = keys.every((k) => rest.some((p) => p.name === k && p.type === fields[k]?.ast))
    if (!has || keys.length === rest.length) continue
    spread.push(`...${group}`)
    seen.add(group)
    rest = rest.filter((p) => !keys.includes(String(p.name)))
  }
  const own = rest.map((p) => `${String(p.name)}${isSensitive(p.type) ? '*' : ''}${isOptional(p.type) ? '?' : ''}: ${typeOf(p.type, seen)}`)
  return [...spread, ...own].join(', ')
}

/** A call's request or answer: its shape's name, a generic shape, or its fields. */
const sideOf = (s: Schema.Top, seen: Set<string>): string => {
  const a = s.ast
  if (a._tag === 'Objects' && a.propertySignatures.length === 0) return '—'
  const t = typeOf(a, seen)
  if (names.has(a) || t.startsWith('Paged(') || t.startsWith('ListOf(') || a._tag !== 'Objects') return t
  return fieldsOf(a, seen)
}

const AREA_TITLES: Readonly<Record<string, string>> = {
  auth: 'Authentication and verification (§7.1)',
  security: 'Security and profile (§7.2)',
  site: 'Site, configuration and tracking (§7.3)',
  active: 'Activities (§7.4)',
  pay: 'Deposits (§7.5)',
  withdraw: 'Withdrawals (§7.6)',
  yuebao: 'Savings, yuebao (§7.7)',
  games: 'Games (§7.8)',
  message: 'Messages and service (§7.9)',
  task: 'Tasks (§7.10)',
  vip: 'VIP (§7.11)',
}

const shapeRow = (name: string, seen: Set<string>): string => {
  const group = GROUPS.find(([g]) => g === name)
  const v = name === 'DiagnosticsChunk' ? DiagnosticsChunk : name === 'DiagnosticsReceipt' ? DiagnosticsReceipt : (calls as Record<string, unknown>)[name]
  const ast = isSchema(v) ? v.ast : group === undefined ? undefined : Schema.Struct(group[1]).ast
  if (ast === undefined) return `| \`${name}\` | — |`
  return `| \`${name}\` | ${ast._tag === 'Objects' ? fieldsOf(ast, seen, name) : describeValue(ast, seen)} |`
}

/** A named value's own definition (not its name). */
const describeValue = (a: SchemaAST.AST, seen: Set<string>): string => {
  if (a._tag === 'Union') {
    const members = a.types.filter((t) => t._tag !== 'Undefined')
    if (members.every((t) => t._tag === 'Literal')) return members.map((t) => typeOf(t, seen)).join('/')
    return members.map((t) => typeOf(t, seen)).join(' or ')
  }
  if (a._tag === 'Objects') return fieldsOf(a, seen)
  if (a._tag === 'Literal') return typeOf(a, seen)
  return a._tag === 'String' ? 'string' : a._tag === 'Number' ? 'number' : a._tag.toLowerCase()
}

/** The generated part of docs/hall-protocol.md, between its markers. */
export const renderHallShapes = (): string => {
  const out: string[] = []
  const listed = new Set<string>()
  const areas = [...new Set(calls.allCalls.map((c) => c.area))]
  for (const area of areas) {
    out.push(`#### ${AREA_TITLES[area] ?? area}`, '', '| call | path | request | answer |', '|---|---|---|---|')
    const seen = new Set<string>()
    for (const c of calls.allCalls.filter((x) => x.area === area)) {
      const path = c.method === 'GET' ? `GET ${c.path}` : c.path
      out.push(`| \`${c.name}\` | \`${path}\` | ${sideOf(c.request, seen)} | ${sideOf(c.response, seen)} |`)
    }
    // The shapes this area introduces, and the shapes those use, in first-use order.
    const queue = [...seen].filter((n) => !listed.has(n))
    const rows: string[] = []
    for (let i = 0; i < queue.length; i++) {
      const name = queue[i]!
      if (listed.has(name)) continue
      listed.add(name)
      const more = new Set<string>()
      rows.push(shapeRow(name, more))
      for (const n of more) if (!listed.has(n) && !queue.includes(n)) queue.push(n)
    }
    if (rows.length > 0) out.push('', '| shape | fields or values |', '|---|---|', ...rows)
    out.push('')
  }
  return out.join('\n')
}

export const SHAPES_BEGIN = '<!-- hall-shapes:begin: generated from schemas/hall/calls by tests/unit/hall-calls.test.ts, do not edit by hand -->'
export const SHAPES_END = '<!-- hall-shapes:end -->'
