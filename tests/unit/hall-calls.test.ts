import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { SchemaAST } from 'effect'
import { describe, expect, it } from 'vitest'
import type { HallCall } from '../../schemas/hall/call'
import { allCalls, Amount, DateTime, FREE_FORM_CALLS, OpenRequest, OpenResponse } from '../../schemas/hall/calls'
import { BigId } from '../../schemas/hall/envelope'
import { isSensitive } from '../../schemas/sensitive'
import { renderHallShapes, SHAPES_BEGIN, SHAPES_END } from '../support/hall-shapes'

/*
 * What the call descriptions promise beyond their own schemas: every request and answer is
 * described (no open placeholder), described the way docs/hall-protocol.md says (money, large
 * ids, moments, pages, secrets), and the page lists them as they are.
 */

const DOC = path.resolve(import.meta.dirname, '../../docs/hall-protocol.md')

interface Field {
  readonly path: string
  readonly name: string
  readonly type: SchemaAST.AST
}

/** Every property of a schema, at any depth (through unions, arrays and suspensions), with its path. */
const fieldsOf = (ast: SchemaAST.AST, at = '', seen = new Set<SchemaAST.AST>()): Field[] => {
  if (seen.has(ast)) return []
  seen.add(ast)
  switch (ast._tag) {
    case 'Objects':
      return ast.propertySignatures.flatMap((p) => {
        const name = String(p.name)
        const here = at === '' ? name : `${at}.${name}`
        return [{ path: here, name, type: p.type }, ...fieldsOf(p.type, here, seen)]
      })
    case 'Arrays':
      return [...ast.elements, ...ast.rest].flatMap((e) => fieldsOf(e, `${at}[]`, seen))
    case 'Union':
      return ast.types.flatMap((t) => fieldsOf(t, at, seen))
    case 'Suspend':
      return fieldsOf(ast.thunk(), at, seen)
    default:
      return []
  }
}

/** Where a schema leaves a value undescribed: Unknown, Any, `object`, or an index signature of those. */
const undescribed = (ast: SchemaAST.AST, at = '$', seen = new Set<SchemaAST.AST>()): string[] => {
  if (seen.has(ast)) return []
  seen.add(ast)
  switch (ast._tag) {
    case 'Unknown':
    case 'Any':
    case 'ObjectKeyword':
      return [at]
    case 'Objects':
      return [
        ...ast.propertySignatures.flatMap((p) => undescribed(p.type, `${at}.${String(p.name)}`, seen)),
        ...ast.indexSignatures.flatMap((i) => undescribed(i.type, `${at}[*]`, seen)),
      ]
    case 'Arrays':
      return [...ast.elements, ...ast.rest].flatMap((e) => undescribed(e, `${at}[]`, seen))
    case 'Union':
      return ast.types.flatMap((t) => undescribed(t, at, seen))
    case 'Suspend':
      return undescribed(ast.thunk(), at, seen)
    default:
      return []
  }
}

/** The members of a type that carry a value (an optional or nullable field's own type). */
const valued = (a: SchemaAST.AST): SchemaAST.AST[] =>
  a._tag === 'Union' ? a.types.filter((t) => t._tag !== 'Undefined' && t._tag !== 'Null').flatMap(valued) : [a]

const each = (fn: (call: HallCall, side: 'request' | 'response', field: Field) => string | undefined): string[] =>
  allCalls.flatMap((call) =>
    (['request', 'response'] as const).flatMap((side) =>
      fieldsOf(call[side].ast).flatMap((f) => {
        const problem = fn(call, side, f)
        return problem === undefined ? [] : [`${call.name} ${side} ${f.path}: ${problem}`]
      }),
    ),
  )

describe('hall call descriptions', () => {
  it('describe every request and answer: no open placeholder and no undescribed value, unless documented as free-form', () => {
    const open = allCalls
      .filter((c) => !(c.name in FREE_FORM_CALLS))
      .flatMap((c) => [
        ...(c.request === OpenRequest ? [`${c.name}: request is OpenRequest`] : []),
        ...(c.response === OpenResponse ? [`${c.name}: response is OpenResponse`] : []),
        ...undescribed(c.request.ast).map((p) => `${c.name}: request ${p} is undescribed`),
        ...undescribed(c.response.ast).map((p) => `${c.name}: response ${p} is undescribed`),
      ])
    expect(open).toEqual([])
  })

  it('document every free-form call with its reason in docs/hall-protocol.md', () => {
    const doc = readFileSync(DOC, 'utf8')
    for (const [name, reason] of Object.entries(FREE_FORM_CALLS)) {
      expect(allCalls.map((c) => c.name), name).toContain(name)
      expect(doc, name).toContain(`\`${name}\``)
      expect(reason.length, name).toBeGreaterThan(10)
    }
  })

  it('take a JSON object as every request, so a malformed body is refused with 4005', () => {
    const notObject = allCalls.filter((c) => valued(c.request.ast).some((a) => a._tag !== 'Objects')).map((c) => c.name)
    expect(notObject).toEqual([])
  })

  it('answer every page in the one Paged shape: records, total, current, size', () => {
    const objects = (ast: SchemaAST.AST, seen = new Set<SchemaAST.AST>()): SchemaAST.Objects[] => {
      if (seen.has(ast)) return []
      seen.add(ast)
      if (ast._tag === 'Objects') return [ast, ...ast.propertySignatures.flatMap((p) => objects(p.type, seen))]
      if (ast._tag === 'Arrays') return [...ast.elements, ...ast.rest].flatMap((e) => objects(e, seen))
      if (ast._tag === 'Union') return ast.types.flatMap((t) => objects(t, seen))
      return []
    }
    const pages = allCalls.flatMap((c) => objects(c.response.ast).map((o) => ({ call: c.name, keys: o.propertySignatures.map((p) => String(p.name)) })))
    const withRecords = pages.filter((p) => p.keys.includes('records'))
    expect(withRecords.length).toBeGreaterThan(10)
    for (const p of withRecords) expect(p.keys, p.call).toEqual(['records', 'total', 'current', 'size'])
  })

  it('carry money as decimal strings (Amount), never JSON numbers', () => {
    const money = /(^|_)(amount|gold|balance|fee|bonus|rate|principal|income|reward|integral|odds)$|(Amount|Gold|Balance|Fee|Bonus|Rate|Income)$/
    const problems = each((_call, _side, f) => {
      if (!money.test(f.name)) return undefined
      const ok = valued(f.type).every((a) => a === Amount.ast || (a._tag === 'String' && (a.checks ?? []).length > 0) || (a._tag === 'Arrays' && a.rest[0] === Amount.ast))
      return ok ? undefined : 'money is not an Amount'
    })
    expect(problems).toEqual([])
  })

  it('carry large ids (order numbers, audit ids, user and agent ids) as strings of digits (BigId)', () => {
    const bigId = /^(order_no|orderNo|audit_id|auditId|userIdx|useridx|agentId)$/
    const problems = each((_call, _side, f) => (bigId.test(f.name) && !valued(f.type).every((a) => a === BigId.ast) ? 'not a BigId' : undefined))
    expect(problems).toEqual([])
  })

  it("carry moments as DateTime ('YYYY-MM-DD HH:mm:ss', site time zone); serverTime is the one clock in ms", () => {
    const moment = /(_at|At|Time|_time)$|^time$/
    const kept: Record<string, string> = {
      serverTime: 'the hall clock in ms',
      gen_time: "Geetest's own field",
      buildTime: 'a build stamp compared for change, never shown',
    }
    const problems = each((_call, _side, f) => {
      if (!moment.test(f.name) || f.name in kept) return undefined
      return valued(f.type).every((a) => a === DateTime.ast) ? undefined : 'not a DateTime'
    })
    expect(problems).toEqual([])
  })

  it('mark secrets sensitive: passwords, PINs, codes, tokens, keys, answers, full card, account and CPF numbers', () => {
    // In requests the full value travels; answers carry account numbers and CPFs masked.
    const requestSecret = /(password|Password|pass|Pass|pin|Pin|token|Token|secret|cpf|card_no|account_no|answer|Answer|captcha|code|userkey)$/
    const notSecret = new Set(['bank_code', 'wallet_code', 'areaCode', 'inviteCode', 'captchaKey'])
    // An activity questionnaire's answers are the player's replies, not a credential.
    const notSecretPath = new Set(['answers[].answer'])
    const answerSecret = /^(token|userkey|session_key|secret|otpauth|new_password|verifyToken|resetToken)$/
    const problems = each((_call, side, f) => {
      const secret = side === 'request' ? requestSecret.test(f.name) && !notSecret.has(f.name) && !notSecretPath.has(f.path) : answerSecret.test(f.name)
      return secret && !isSensitive(f.type) ? 'a secret not marked Sensitive' : undefined
    })
    expect(problems).toEqual([])
  })

  it('docs/hall-protocol.md lists every call and shape as the schemas describe them (LOBBY_WRITE_DOCS=1 rewrites it)', () => {
    const doc = readFileSync(DOC, 'utf8')
    const begin = doc.indexOf(SHAPES_BEGIN)
    const end = doc.indexOf(SHAPES_END)
    expect(begin, 'the generated section markers').toBeGreaterThan(0)
    expect(end).toBeGreaterThan(begin)
    const expected = `${SHAPES_BEGIN}\n\n${renderHallShapes()}\n${SHAPES_END}`
    const actual = doc.slice(begin, end + SHAPES_END.length)
    if (actual !== expected && process.env['LOBBY_WRITE_DOCS'] === '1') {
      writeFileSync(DOC, doc.slice(0, begin) + expected + doc.slice(end + SHAPES_END.length))
      return
    }
    expect(actual).toBe(expected)
  })
})
