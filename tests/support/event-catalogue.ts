import type { SchemaAST } from 'effect'
import { actorSpecs } from '../../actors'
import { eventDefs } from '../../schemas/events'
import { SENSITIVE_KEY } from '../../schemas/sensitive'

const fieldsOf = (ast: SchemaAST.AST): string[] => {
  // An event declared as a union of shapes (popup.openRequested, one per popup): the fields of any.
  if (ast._tag === 'Union') return [...new Set(ast.types.flatMap(fieldsOf))]
  if (ast._tag !== 'Objects') return []
  const marked = (a: SchemaAST.AST): boolean =>
    (a.annotations as Record<string, unknown> | undefined)?.[SENSITIVE_KEY] === true || (a._tag === 'Union' && a.types.some(marked))
  return ast.propertySignatures.filter((p) => p.name !== 'type').map((p) => `${String(p.name)}${marked(p.type) ? ' (sensitive)' : ''}`)
}

/** docs/events.md: every bus event with its kind, fields, and the actors that consume it. */
export const renderEventCatalogue = (): string => {
  const lines = [
    '# Event catalogue',
    '',
    'Every event that travels on the bus, generated from `schemas/events/` by `npx tsx scripts/events-doc.ts`',
    '(a unit test fails when this file is out of date). Kinds: **intent** (a person did something, sent',
    'by views), **fact** (the outside world answered, published by runners), **notice** (an actor',
    'announces something; replay regenerates and compares notices). Fields marked sensitive are',
    'redacted before a record is stored.',
    '',
    '| event | kind | fields | consumed by | meaning |',
    '|---|---|---|---|---|',
  ]
  for (const def of eventDefs) {
    const consumers = actorSpecs.filter((a) => a.consumes.includes(def.type)).map((a) => a.id)
    const fields = fieldsOf(def.schema.ast)
    lines.push(`| \`${def.type}\` | ${def.kind} | ${fields.join(', ') || '—'} | ${consumers.join(', ') || '—'} | ${def.description} |`)
  }
  return lines.join('\n') + '\n'
}
