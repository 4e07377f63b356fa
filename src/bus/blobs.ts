import Hex from 'crypto-js/enc-hex'
import SHA256 from 'crypto-js/sha256'
import { BLOB_MIN_CHARS, type LoggedEvent } from '../../schemas/log'

/**
 * Content-addressed answer bodies of the log (format version 2). A field of a logged event whose
 * value is an object or an array of more than BLOB_MIN_CHARS characters of JSON (a hall answer's
 * `data`, a full game list) is a blob: its name is the SHA-256 (hex) of that JSON text, so the
 * same body logged twice is stored once. Pure and synchronous: the recorder's Dexie sink and the
 * NDJSON writer call it on records that are already redacted.
 */

/** The SHA-256 of a text's UTF-8 bytes, in lower-case hex. */
export const sha256Hex = (text: string): string => SHA256(text).toString(Hex)

/** Hashes of recent bodies by their JSON text: a repeated answer is looked up, not hashed again. */
const memo = new Map<string, string>()
const MEMO_SIZE = 512

/** The blob name of a body's JSON text. */
export const blobHash = (json: string): string => {
  const known = memo.get(json)
  if (known !== undefined) return known
  const hash = sha256Hex(json)
  if (memo.size >= MEMO_SIZE) memo.clear()
  memo.set(json, hash)
  return hash
}

/** One field of an event taken out as a blob. */
export interface BlobField {
  readonly field: string
  readonly hash: string
  readonly body: unknown
}

/**
 * The fields of an event that are blobs, with their names; empty (the common case, no allocation
 * beyond the check) when none is. Only objects and arrays qualify: a string or a number stays in
 * its record, so the small facts a reader looks for (a username, an error code) are never blobs.
 */
export const blobFields = (event: LoggedEvent): BlobField[] => {
  let out: BlobField[] | undefined
  for (const field in event) {
    if (field === 'type') continue
    const value = event[field]
    if (value === null || typeof value !== 'object') continue
    const json = JSON.stringify(value)
    if (json.length <= BLOB_MIN_CHARS) continue
    ;(out ??= []).push({ field, hash: blobHash(json), body: value })
  }
  return out ?? []
}

/** The event with each blob field's value replaced by its hash (the field keeps its place). */
export const withRefs = (event: LoggedEvent, blobs: ReadonlyArray<BlobField>): LoggedEvent => {
  const out: Record<string, unknown> = { ...event }
  for (const b of blobs) out[b.field] = b.hash
  return out as LoggedEvent
}
