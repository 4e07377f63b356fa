import { parseNdjson, type LogFile } from '../bus/ndjson'

/** A log text read for the timeline, or the reason it cannot be opened (a version, a line). */
export const openLog = (text: string): { ok: true; file: LogFile } | { ok: false; message: string } => {
  const parsed = parseNdjson(text)
  return parsed.ok ? parsed : { ok: false, message: `line ${parsed.error.line}: ${parsed.error.message}` }
}

/** When the timeline opened, for the bench and the tests: ms from reading the text to the first draw. */
export interface TimelineOpened {
  readonly records: number
  readonly openMs: number
}

declare global {
  interface Window {
    __timelineOpened?: TimelineOpened
  }
}
