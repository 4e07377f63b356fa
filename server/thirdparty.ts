/**
 * The reference hall's stand-in identity providers (docs/hall.md, "Third-party sign-in"): Google,
 * Facebook, WeChat and QQ, each a local OAuth 2.0 provider on the hall's own origin, so the
 * lobby's third-party sign-in runs for real (screens §4; calls §7.1 thirdpartylogin,
 * thirdpartyregister; §7.2 thirduser/bind):
 *
 * - `GET /oauth/<provider>/authorize` (response_type code, client_id the site code, redirect_uri,
 *   state, code_challenge with method S256): the provider's own sign-in page;
 * - `POST` to it: the account named by its email (made on first use), then a 302 to the
 *   redirect_uri with a one-time code (60 s) and the state, or with error=access_denied;
 * - `POST /oauth/<provider>/token` (grant_type authorization_code, code, redirect_uri, client_id,
 *   code_verifier): the access token (1 h) for the code, once, the PKCE verifier checked;
 * - `GET /oauth/<provider>/userinfo` with the bearer token: sub, email, name;
 * - `GET /oauth/callback`: the redirect_uri page the lobby's sign-in window ends on; it hands the
 *   code and state to the lobby that opened it (postMessage to the origin named in its query) and
 *   closes.
 *
 * Codes and tokens are stored as SHA-256 hashes only (migration 190). The hall's calls ask
 * `tokenOwner` who an access token belongs to, as a real hall asks the provider.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Hono } from 'hono'
import { cors } from 'hono/cors'
import type { Queryable } from './db'
import { newNonce, pagePolicy } from './headers'

/** The providers, by path name, with their requester type (spec enumerations: social login). */
export const PROVIDERS = {
  google: { type: 1, title: 'Google', colour: '#1a73e8' },
  facebook: { type: 2, title: 'Facebook', colour: '#1877f2' },
  wechat: { type: 4, title: 'WeChat', colour: '#07c160' },
  qq: { type: 5, title: 'QQ', colour: '#12b7f5' },
} as const
export type ProviderName = keyof typeof PROVIDERS

export const providerOfType = (type: number): ProviderName | undefined =>
  (Object.keys(PROVIDERS) as ProviderName[]).find((p) => PROVIDERS[p].type === type)

const isProvider = (p: string): p is ProviderName => Object.hasOwn(PROVIDERS, p)

/** Lifetimes: a code is exchanged at once; a token signs in or binds within the hour. */
export const CODE_SECONDS = 60
export const TOKEN_SECONDS = 3600

/** The path of the page a sign-in window is sent back to (the lobby names it as redirect_uri). */
export const OAUTH_CALLBACK_PATH = '/oauth/callback'

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex')
const b64url = (b: Buffer): string => b.toString('base64url')
const escape = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,185}\.[^\s@]{1,10}$/

/** Who an access token of a provider belongs to (unexpired), or undefined. */
export const tokenOwner = async (
  db: Queryable,
  provider: ProviderName,
  accessToken: string,
  now: number,
): Promise<{ subject: string; email: string; name: string } | undefined> =>
  (
    await db.query<{ subject: string; email: string; name: string }>(
      `SELECT a.subject, a.email, a.name FROM oauth_tokens t JOIN oauth_accounts a ON a.provider = t.provider AND a.subject = t.subject
       WHERE t.token_hash = $1 AND t.provider = $2 AND t.expires_at > $3`,
      [sha256(accessToken), provider, new Date(now).toISOString()],
    )
  ).rows[0]

/** The provider's account of an email, made on first use (its subject a random id, as providers give). */
const accountOf = async (db: Queryable, provider: ProviderName, email: string, name: string): Promise<string> => {
  const row = (
    await db.query<{ subject: string }>(
      `INSERT INTO oauth_accounts (provider, subject, email, name) VALUES ($1, $2, lower($3), $4)
       ON CONFLICT (provider, email) DO UPDATE SET name = CASE WHEN EXCLUDED.name = '' THEN oauth_accounts.name ELSE EXCLUDED.name END
       RETURNING subject`,
      [provider, `${provider.slice(0, 2)}-${randomBytes(9).toString('hex')}`, email, name],
    )
  ).rows[0]
  if (row === undefined) throw new Error('oauth account insert returned no row')
  return row.subject
}

interface AuthorizeParams {
  readonly clientId: string
  readonly redirectUri: string
  readonly state: string
  readonly challenge: string
}

/** The authorize request's parameters, or what is wrong with them. */
const authorizeParams = (q: Record<string, string | undefined>, origin: string): AuthorizeParams | string => {
  if (q['response_type'] !== 'code') return 'response_type must be code'
  const clientId = q['client_id'] ?? ''
  if (!/^[0-9A-Za-z]{1,16}$/.test(clientId)) return 'unknown client'
  const redirectUri = q['redirect_uri'] ?? ''
  let url: URL
  try {
    url = new URL(redirectUri)
  } catch {
    return 'redirect_uri is not a URL'
  }
  // A client's redirect URI is the callback page on the hall's own origin.
  if (url.origin !== origin || url.pathname !== OAUTH_CALLBACK_PATH) return 'redirect_uri is not registered'
  const state = q['state'] ?? ''
  if (state.length < 8 || state.length > 200) return 'state is missing'
  const challenge = q['code_challenge'] ?? ''
  if (q['code_challenge_method'] !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(challenge)) return 'a PKCE code_challenge (S256) is required'
  return { clientId, redirectUri, state, challenge }
}

const page = (provider: ProviderName, body: string): string => {
  const p = PROVIDERS[provider]
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in with ${p.title}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0; padding: 24px 16px; background: #f4f6fb; color: #1b2233; }
main { max-width: 400px; margin: 0 auto; background: #fff; border-radius: 12px; padding: 20px; box-shadow: 0 2px 12px #0001; }
h1 { font-size: 1.3rem; margin: 0 0 4px; color: ${p.colour}; }
p { margin: 0 0 12px; color: #4a5368; }
label { display: block; margin: 12px 0 4px; font-weight: 600; }
input { font: inherit; width: 100%; box-sizing: border-box; padding: 10px; border: 1px solid #8a93a8; border-radius: 8px; }
.actions { display: flex; gap: 8px; margin-top: 16px; }
button { font: inherit; padding: 10px 16px; border-radius: 8px; border: 1px solid ${p.colour}; background: #fff; cursor: pointer; }
button[value=allow] { background: ${p.colour}; color: #fff; }
[role=alert] { color: #b3261e; }
</style></head><body><main>${body}</main></body></html>`
}

const signInForm = (provider: ProviderName, a: AuthorizeParams, error = ''): string => {
  const p = PROVIDERS[provider]
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escape(value)}">`
  return page(
    provider,
    `<h1>${p.title}</h1><p>Sign in to continue to the lobby (site ${escape(a.clientId)}). This is the reference hall's stand-in for ${p.title}.</p>
${error === '' ? '' : `<p role="alert">${escape(error)}</p>`}
<form method="post">
${hidden('response_type', 'code')}${hidden('client_id', a.clientId)}${hidden('redirect_uri', a.redirectUri)}${hidden('state', a.state)}${hidden('code_challenge', a.challenge)}${hidden('code_challenge_method', 'S256')}
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required maxlength="100">
<label for="name">Name</label><input id="name" name="name" autocomplete="name" maxlength="40">
<div class="actions"><button type="submit" name="decision" value="allow">Continue</button><button type="submit" name="decision" value="deny" formnovalidate>Cancel</button></div>
</form>`,
  )
}

const withQuery = (uri: string, params: Record<string, string>): string => {
  const url = new URL(uri)
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v)
  return url.toString()
}

/** The callback page: hands the code (or error) and state to the lobby window that opened it, then closes. */
const callbackPage = (nonce: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Signing in</title></head>
<body><main><p role="status" id="note">Signing in…</p></main>
<script nonce="${nonce}">
(function () {
  var q = new URLSearchParams(location.search);
  var origin = q.get('origin') || location.origin;
  var message = { kind: 'lobby-oauth', state: q.get('state') || '', code: q.get('code') || '', error: q.get('error') || '' };
  if (window.opener && !window.opener.closed) {
    window.opener.postMessage(message, origin);
    window.close();
  }
  document.getElementById('note').textContent = 'You can close this window and return to the lobby.';
})();
</script></body></html>`

/** What the token endpoint answers a refused exchange (RFC 6749 §5.2). */
const tokenError = (error: string, description: string) => ({ error, error_description: description })

/** Exchanges a code for an access token; answers the token or an RFC 6749 error. */
export const exchangeCode = async (
  db: Queryable,
  provider: ProviderName,
  form: Record<string, string>,
  now: number,
): Promise<{ status: 200; body: { access_token: string; token_type: 'Bearer'; expires_in: number } } | { status: 400; body: ReturnType<typeof tokenError> }> => {
  if (form['grant_type'] !== 'authorization_code') return { status: 400, body: tokenError('unsupported_grant_type', 'only authorization_code') }
  const code = form['code'] ?? ''
  const verifier = form['code_verifier'] ?? ''
  // A code is spent by its first exchange, whatever the outcome.
  const row = (
    await db.query<{ subject: string; clientId: string; redirectUri: string; challenge: string; live: boolean }>(
      `DELETE FROM oauth_codes WHERE code_hash = $1 AND provider = $2
       RETURNING subject, client_id AS "clientId", redirect_uri AS "redirectUri", code_challenge AS challenge, expires_at > $3 AS live`,
      [sha256(code), provider, new Date(now).toISOString()],
    )
  ).rows[0]
  if (row === undefined || !row.live) return { status: 400, body: tokenError('invalid_grant', 'the code is unknown, used or expired') }
  if (row.clientId !== form['client_id'] || row.redirectUri !== form['redirect_uri']) return { status: 400, body: tokenError('invalid_grant', 'the client or redirect_uri differ') }
  if (b64url(createHash('sha256').update(verifier).digest()) !== row.challenge) return { status: 400, body: tokenError('invalid_grant', 'the code_verifier does not match') }
  const token = b64url(randomBytes(32))
  await db.query('INSERT INTO oauth_tokens (token_hash, provider, subject, client_id, expires_at) VALUES ($1, $2, $3, $4, $5)', [
    sha256(token),
    provider,
    row.subject,
    row.clientId,
    new Date(now + TOKEN_SECONDS * 1000).toISOString(),
  ])
  return { status: 200, body: { access_token: token, token_type: 'Bearer', expires_in: TOKEN_SECONDS } }
}

/** Mounts the providers' pages and endpoints on the hall's app (its bindings vary: any Env). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const mountOAuthProviders = (app: Hono<any>, deps: { readonly db: Queryable; readonly now: () => number }): void => {
  const { db, now } = deps
  // The token endpoint and userinfo answer the lobby's own page script (another origin in some setups).
  app.use('/oauth/*', cors({ origin: '*', allowMethods: ['GET', 'POST', 'OPTIONS'], allowHeaders: ['authorization', 'content-type'] }))
  // On the lobby's origin under the page policy (server/headers.ts): its one inline script carries the answer's nonce.
  app.get(OAUTH_CALLBACK_PATH, (c) => {
    const nonce = newNonce()
    return c.html(callbackPage(nonce), 200, { 'cache-control': 'no-store', 'content-security-policy': pagePolicy(new URL(c.req.url).origin, { nonce }) })
  })
  app.get('/oauth/:provider/authorize', (c) => {
    const provider = c.req.param('provider')
    if (!isProvider(provider)) return c.text('Not Found', 404)
    const a = authorizeParams(c.req.query(), new URL(c.req.url).origin)
    if (typeof a === 'string') return c.html(page(provider, `<h1>${PROVIDERS[provider].title}</h1><p role="alert">${escape(a)}</p>`), 400)
    return c.html(signInForm(provider, a), 200, { 'cache-control': 'no-store' })
  })
  app.post('/oauth/:provider/authorize', async (c) => {
    const provider = c.req.param('provider')
    if (!isProvider(provider)) return c.text('Not Found', 404)
    const raw = await c.req.parseBody().catch(() => ({}))
    const form = Object.fromEntries(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === 'string'))
    const a = authorizeParams(form, new URL(c.req.url).origin)
    if (typeof a === 'string') return c.html(page(provider, `<h1>${PROVIDERS[provider].title}</h1><p role="alert">${escape(a)}</p>`), 400)
    if (form['decision'] !== 'allow') return c.redirect(withQuery(a.redirectUri, { error: 'access_denied', state: a.state }), 302)
    const email = (form['email'] ?? '').trim()
    if (!EMAIL.test(email)) return c.html(signInForm(provider, a, 'Enter a valid email address.'), 400)
    const subject = await accountOf(db, provider, email, (form['name'] ?? '').trim().slice(0, 40))
    const code = b64url(randomBytes(32))
    await db.query(
      'INSERT INTO oauth_codes (code_hash, provider, subject, client_id, redirect_uri, code_challenge, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [sha256(code), provider, subject, a.clientId, a.redirectUri, a.challenge, new Date(now() + CODE_SECONDS * 1000).toISOString()],
    )
    return c.redirect(withQuery(a.redirectUri, { code, state: a.state }), 302)
  })
  app.post('/oauth/:provider/token', async (c) => {
    const provider = c.req.param('provider')
    if (!isProvider(provider)) return c.text('Not Found', 404)
    const raw = await c.req.parseBody().catch(() => ({}))
    const form = Object.fromEntries(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === 'string'))
    const r = await exchangeCode(db, provider, form, now())
    return c.json(r.body, r.status, { 'cache-control': 'no-store' })
  })
  app.get('/oauth/:provider/userinfo', async (c) => {
    const provider = c.req.param('provider')
    if (!isProvider(provider)) return c.text('Not Found', 404)
    const token = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? ''
    const owner = await tokenOwner(db, provider, token, now())
    if (owner === undefined) return c.json({ error: 'invalid_token' }, 401)
    return c.json({ sub: owner.subject, email: owner.email, name: owner.name })
  })
}
