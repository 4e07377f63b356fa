import { consoleI18n } from './i18n'

/**
 * The support console's side of the hall's /support/api (server/support/routes.ts): plain JSON,
 * the sign-in in an HttpOnly cookie. Every answer comes back as { status, body } with `ok` and,
 * when not ok, the hall's reason in `error`, whatever the hall (or a proxy) actually sent.
 * The sign-in's CSRF token (answered by sign-in and /me) goes with every change in CSRF_HEADER.
 * The console's own reasons (the hall unreachable, not JSON) are in the console's language.
 */

/** The header the hall reads the console's CSRF token from (server/support/routes.ts). */
export const CSRF_HEADER = 'x-csrf-token'

/** The CSRF token of the current sign-in, as the hall last answered it. */
let csrf = ''

export type SupportRole = 'agent' | 'lead' | 'finance' | 'marketing'

/** Who is signed in, and how long uploads are kept. */
export interface Me {
  readonly username: string
  readonly role: SupportRole
  readonly retentionDays: number
}

/** An uploaded session as the search lists it. */
export interface SessionRow {
  readonly reference: string
  readonly siteCode: string
  readonly username: string | null
  readonly usernames: ReadonlyArray<string>
  readonly playerId: string | null
  readonly appVersion: string | null
  readonly language: string | null
  readonly startedAt: string | null
  readonly endedAt: string | null
  readonly uploadedAt: string
  readonly records: number | null
  readonly errorCodes: ReadonlyArray<string>
}

/** One entry of the audit trail. */
export interface AuditEntry {
  readonly id: number
  readonly at: string
  readonly account: string
  readonly action: string
  readonly reference: string | null
  readonly playerId: string | null
  readonly usernames: ReadonlyArray<string>
  readonly siteCode: string | null
  readonly detail: Readonly<Record<string, unknown>>
}

/** A support account as leads manage it. */
export interface Account {
  readonly username: string
  readonly role: SupportRole
  readonly disabled: boolean
  readonly createdAt: string
  readonly disabledAt: string | null
  readonly lastSignInAt: string | null
}

export interface Answer<T> {
  readonly status: number
  readonly body: Partial<T> & { readonly ok: boolean; readonly error?: string }
}

/** Calls /support/api/<path>; a body makes it a JSON POST. */
export const api = async <T>(path: string, body?: unknown): Promise<Answer<T>> => {
  const refused = (status: number, error: string): Answer<T> => ({ status, body: { ok: false, error } as Answer<T>['body'] })
  let res: Response
  try {
    res = await fetch(`/support/api/${path}`, {
      credentials: 'same-origin',
      ...(body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json', [CSRF_HEADER]: csrf }, body: JSON.stringify(body) }),
    })
  } catch (e) {
    return refused(0, consoleI18n.t('api.unreachable', { why: e instanceof Error ? e.message : String(e) }))
  }
  const text = await res.text()
  try {
    const json = JSON.parse(text) as Answer<T>['body'] & { msg?: string; csrf?: unknown }
    if (typeof json.csrf === 'string') csrf = json.csrf
    // The hall's edge answers with its envelope ({ code, msg }) when it refuses a request.
    return json.ok === undefined ? refused(res.status, json.msg ?? `HTTP ${res.status}`) : { status: res.status, body: json }
  } catch {
    return refused(res.status, consoleI18n.t('api.http', { status: res.status }))
  }
}

/** A UTC time as the console shows it: 2026-05-06 07:08:09. */
export const utc = (iso: string | null): string => (iso === null ? '—' : iso.replace('T', ' ').slice(0, 19))
