/**
 * The reference hall's control surface as the browser tests use it (server/control.ts, test mode,
 * loopback only): plain JSON commands, each answer checked. Players of a test's own come from here
 * (`newPlayer`): docs/testing.md, "Players of a file's own".
 */

/** POSTs a control command; answers its JSON body, and throws when the hall refuses it. */
export const control = async (hallUrl: string, name: string, body: unknown = {}): Promise<Record<string, unknown>> => {
  const res = await fetch(`${hallUrl}/__control/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const text = await res.text()
  if (!res.ok) throw new Error(`control ${name} answered ${res.status}: ${text}`)
  return JSON.parse(text) as Record<string, unknown>
}

/** A player created for one test file: nobody else signs in with it. */
export interface TestPlayer {
  readonly username: string
  readonly password: string
  readonly siteCode: string
  readonly currency: string
  /** The opening balance, as the hall shows it ('250.00'). */
  readonly balance: string
}

/** What a new player can start with: its site, balance and the account settings of the `player` control. */
export interface PlayerOptions {
  readonly siteCode?: string
  /** Six random digits follow it; letters and digits, starting with a letter, at most 10. */
  readonly prefix?: string
  readonly password?: string
  /** Credited through the ledger before the player ever signs in. */
  readonly balance?: string
  readonly change_password?: 0 | 1
  readonly user_status?: 1 | 2 | 3 | 4 | 5
  readonly has_recharged?: 0 | 1
  readonly must_bind_item?: 0 | 1 | 2 | 3 | 4
  /** Frame ids this player alone sees, in order. */
  readonly frames?: ReadonlyArray<number>
  readonly recharge_pop?: 0 | 1
  readonly newcomer_pop?: 0 | 1
  readonly last_game?: { gameName: string; gameId: string; platfromId: number; categoryId: number } | null
}

/** A new player on the hall (control `new-player`), with a name no other player has. */
export const newPlayer = async (hallUrl: string, options: PlayerOptions = {}): Promise<TestPlayer> => {
  const r = await control(hallUrl, 'new-player', options)
  return { username: String(r['username']), password: String(r['password']), siteCode: String(r['siteCode']), currency: String(r['currency']), balance: String(r['balance']) }
}

/** A player's balance as the hall has it (a credit of 0 answers it and pushes nothing). */
export const balanceOf = async (hallUrl: string, player: Pick<TestPlayer, 'username' | 'siteCode'>): Promise<number> =>
  Number((await control(hallUrl, 'credit', { username: player.username, siteCode: player.siteCode, amount: '0' }))['balance'])

/** The last verification code the hall "sent" a player (it sends no SMS or mail). */
export const lastCode = async (hallUrl: string, player: Pick<TestPlayer, 'username' | 'siteCode'>, purpose: 'phone' | 'email'): Promise<string> =>
  String((await control(hallUrl, 'last-code', { username: player.username, siteCode: player.siteCode, purpose }))['code'])

/** A stored settings document of a site. */
export type SiteDocumentName = 'site' | 'sysInfo' | 'layout' | 'brandLogo' | 'aboutUs' | 'accessRestricted' | 'maintain' | 'footerConfig' | 'download' | 'club' | 'webPush' | 'challenge' | 'register' | 'smsCountry'

/**
 * Patches a site's settings document and answers how to put it back: the patched keys get their
 * values again, the keys the patch added are removed.
 */
export const patchSiteDocument = async (
  hallUrl: string,
  siteCode: string,
  name: SiteDocumentName,
  patch: Record<string, unknown>,
): Promise<() => Promise<void>> => {
  const before = (await control(hallUrl, 'site-document', { siteCode, name }))['doc'] as Record<string, unknown>
  await control(hallUrl, 'site-document', { siteCode, name, patch })
  const keys = Object.keys(patch)
  const restore = Object.fromEntries(keys.filter((k) => k in before).map((k) => [k, before[k]]))
  const remove = keys.filter((k) => !(k in before))
  return async () => {
    await control(hallUrl, 'site-document', { siteCode, name, patch: restore, remove })
  }
}
