/**
 * Writes docs/events.md, the event catalogue, from schemas/events (`--check` only compares).
 * A unit test runs the check, so the catalogue in docs/ cannot drift from the code.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { renderEventCatalogue } from '../tests/support/event-catalogue'

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/events.md')
const text = renderEventCatalogue()
if (process.argv.includes('--check')) {
  if (readFileSync(file, 'utf8') !== text) {
    console.error('docs/events.md is out of date: run `npx tsx scripts/events-doc.ts`')
    process.exit(1)
  }
} else writeFileSync(file, text)
