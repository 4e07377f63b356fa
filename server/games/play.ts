/**
 * The small game the hall launches (spec: "games it launches are a small page that shows the game,
 * the balance and a way back"). GET GAME_PLAY_PATH opens it with the address the lobby built from
 * the launch answer (gameId, route, lang, key, userkey, try): key is the player's session key
 * encrypted under the site key (`<nonce>.<base64>`), userkey must belong to the same player. A
 * formal round (POST GAME_ROUND_PATH) moves the bet and the win with the wallet in one
 * transaction, so the balance never goes negative and a round is all or nothing; a demo round
 * plays with trial money held by the page and touches no wallet.
 */
import { randomInt } from 'node:crypto'
import { brandBase } from '../brand'
import type { Db } from '../db'
import { decrypt, randomHex } from '../crypto'
import { credit, debit } from '../money'
import { balanceOf, isLive, playerById, siteByCode } from '../store'
import type { PlayerRow } from '../store'
import { GAME_EXIT_MESSAGE } from '../../schemas/hall/calls/games'
import { gameById } from './catalogue'
import { meetTurnover } from '../withdraw'

/** Where the game page is served (the socket_url entries point here). */
export const GAME_PLAY_PATH = '/games/play'
/** Where a round is played. */
export const GAME_ROUND_PATH = '/games/round'
/**
 * The game's way back to the lobby (its "Return to lobby" link): the game session is over, so the
 * player's last game is no longer one to continue (`/home/prize` names a game only when it was
 * left some other way: the page closed, the connection lost); then the lobby's route. A page in a
 * frame calls it in the background and posts GAME_EXIT_MESSAGE to the lobby instead.
 */
export const GAME_EXIT_PATH = '/games/exit'

/** The lobby route a game returns to: a path of this origin only, never another site's address. */
const lobbyRoute = (route: string | null): string => (route !== null && /^\/(?![/\\])/.test(route) ? route : '/home/game')
/** The trial money a demo game starts with. */
export const DEMO_BALANCE = '2000.00'

interface Ticket {
  readonly playerId: string | null
  readonly gameId: number
  readonly currency: string
}

/** How long a game page's ticket plays; an older one answers that the session has ended. */
export const TICKET_TTL_MS = 24 * 60 * 60 * 1000

/**
 * Open game pages by ticket, in the store (table game_tickets), so any hall sharing it plays the
 * round of a page another one opened. Tickets older than TICKET_TTL_MS are dropped as pages open.
 */
const ticketOf = async (db: Db, ticket: string): Promise<Ticket | undefined> =>
  (
    await db.query<Ticket>(
      `SELECT player_id::text AS "playerId", game_id AS "gameId", currency FROM game_tickets WHERE ticket = $1 AND opened_at > now() - $2 * interval '1 millisecond'`,
      [ticket, TICKET_TTL_MS],
    )
  ).rows[0]

const escape = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const sessionOfKey = async (db: Db, siteKey: string, key: string, userkey: string, now: number): Promise<PlayerRow | undefined> => {
  const [nonce, cipher] = key.split('.')
  if (nonce === undefined || cipher === undefined || !/^[0-9a-f]{32}$/.test(nonce)) return undefined
  const sessionKey = decrypt(siteKey, nonce, cipher)
  if (sessionKey === undefined) return undefined
  const s = (
    await db.query<{ playerId: string; expiresAt: Date; endedAt: Date | null; token: string; sessionKey: string; userkey: string | null }>(
      `SELECT player_id::text AS "playerId", expires_at AS "expiresAt", ended_at AS "endedAt", token, session_key AS "sessionKey", userkey
       FROM sessions WHERE session_key = $1`,
      [sessionKey],
    )
  ).rows[0]
  if (s === undefined || !isLive(s, now)) return undefined
  const player = await playerById(db, s.playerId)
  // The key this session was handed: a logout elsewhere may have replaced the player's key since.
  return player !== undefined && (s.userkey ?? player.userkey) === userkey ? player : undefined
}

/** The page of a game, or an error page with the way back. */
export const gamePage = async (db: Db, url: URL, siteCode: string, now: number): Promise<{ status: number; html: string }> => {
  const q = url.searchParams
  const gameId = Number(q.get('gameId'))
  const back = lobbyRoute(q.get('route'))
  const game = Number.isInteger(gameId) ? await gameById(db, gameId) : undefined
  const demo = (q.get('key') ?? '') === ''
  const site = await siteByCode(db, siteCode)
  const player = demo || site === undefined ? undefined : await sessionOfKey(db, site.siteKey, q.get('key') ?? '', q.get('userkey') ?? '', now)
  if (game === undefined || (!demo && player === undefined)) {
    return { status: 403, html: shell('Game', `<p role="alert">This game session is not valid.</p><a class="back" href="${escape(back)}" target="_top">Return to lobby</a>`, siteCode) }
  }
  const ticket = randomHex(16)
  await db.query(`DELETE FROM game_tickets WHERE opened_at < now() - $1 * interval '1 millisecond'`, [TICKET_TTL_MS])
  await db.query('INSERT INTO game_tickets (ticket, player_id, game_id, currency, demo_balance) VALUES ($1, $2, $3, $4, $5)', [
    ticket,
    player?.id ?? null,
    game.gameId,
    player?.currency ?? 'DEMO',
    DEMO_BALANCE,
  ])
  if (player !== undefined) {
    await db.query(
      `INSERT INTO game_recent (player_id, game_id, played_at) VALUES ($1, $2, $3)
       ON CONFLICT (player_id, game_id) DO UPDATE SET played_at = EXCLUDED.played_at`,
      [player.id, game.gameId, new Date(now).toISOString()],
    )
    await db.query('UPDATE players SET last_game = $2 WHERE id = $1', [
      player.id,
      JSON.stringify({ gameName: game.gameName, gameId: String(game.gameId), platfromId: game.platformId, categoryId: game.gameCategoryId }),
    ])
  }
  const balance = player === undefined ? DEMO_BALANCE : await balanceOf(db, player.id, player.currency)
  const body = `
<h1>${escape(game.gameName)}</h1>
<img src="${escape(game.url)}" alt="" width="160" height="160">
<p>${demo ? 'Demo play' : 'Playing for real'} · <span id="who">${escape(q.get('try') ?? '')}</span></p>
<p>Balance: <output id="balance" aria-label="Game balance">${escape(balance)}</output> ${escape(player?.currency ?? '')}</p>
<form id="bet">
  <label>Bet <input id="amount" name="amount" type="number" min="1" step="1" value="10"></label>
  <button type="submit">Spin</button>
</form>
<p id="result" role="status" aria-live="polite"></p>
<a class="back" href="${escape(`${GAME_EXIT_PATH}?ticket=${ticket}&route=${encodeURIComponent(back)}`)}" target="_top">Return to lobby</a>
<script>
const ticket = ${JSON.stringify(ticket)};
// In the lobby's frame the way back does not load the lobby again: the exit is called (it forgets
// the last game) and the lobby is told, which closes the frame itself. Alone, the link is followed.
document.querySelector('a.back').addEventListener('click', (e) => {
  if (window.parent === window) return;
  e.preventDefault();
  const done = () => window.parent.postMessage({ type: ${JSON.stringify(GAME_EXIT_MESSAGE)} }, '*');
  fetch(e.currentTarget.href, { redirect: 'manual', credentials: 'same-origin' }).then(done, done);
});
document.getElementById('bet').addEventListener('submit', async (e) => {
  e.preventDefault();
  const bet = document.getElementById('amount').value;
  const r = await fetch(${JSON.stringify(GAME_ROUND_PATH)}, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ticket, bet }) });
  const a = await r.json();
  if (!a.ok) { document.getElementById('result').textContent = a.error; return; }
  document.getElementById('balance').textContent = a.balance;
  document.getElementById('result').textContent = (a.win > 0 ? 'You won ' + a.win : 'You lost ' + a.bet) + ' · round ' + a.round;
});
</script>`
  return { status: 200, html: shell(game.gameName, body, siteCode) }
}

/**
 * The game left through its way back: a player's last game is forgotten when it is the game of
 * this ticket (a game opened since in another tab stays named); the address to go to is answered.
 */
export const gameExit = async (db: Db, url: URL): Promise<string> => {
  const ticket = url.searchParams.get('ticket') ?? ''
  if (/^[0-9a-f]{32}$/.test(ticket)) {
    await db.query(
      `UPDATE players p SET last_game = NULL FROM game_tickets t
        WHERE t.ticket = $1 AND p.id = t.player_id AND p.last_game->>'gameId' = t.game_id::text`,
      [ticket],
    )
  }
  return lobbyRoute(url.searchParams.get('route'))
}

/** The page around a game, with the site's icon in the tab (server/brand.ts). */
const shell = (title: string, body: string, siteCode: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<link rel="icon" type="image/svg+xml" href="${escape(brandBase(siteCode))}/logo.svg">
<style>
body { font-family: system-ui, sans-serif; margin: 0; padding: 16px; background: Canvas; color: CanvasText; text-align: center; }
img { border-radius: 12px; }
button, input, .back { font: inherit; padding: 8px 14px; margin: 4px; }
.back { display: inline-block; }
</style></head><body>${body}</body></html>`

/** The answer of a round. */
export type RoundAnswer =
  | { readonly ok: true; readonly bet: string; readonly win: string; readonly balance: string; readonly round: string }
  | { readonly ok: false; readonly error: string }

/**
 * Settles a round of a player in one transaction: the bet leaves the wallet ('game-bet'), the win
 * comes back ('game-win'), the round is recorded and its bet counts towards the player's turnover
 * requirements (server/withdraw.ts). Answers the round's id, or undefined when the balance is short
 * (nothing changes).
 */
export const settleRound = async (
  db: Db,
  r: { readonly playerId: string; readonly gameId: number; readonly currency: string; readonly bet: string; readonly win: string },
  /** When the round is played (ms, the hall's clock); the database's clock when not given. */
  at?: number,
): Promise<string | undefined> =>
  db.transaction(async (tx) => {
    const after = await debit(tx, r, r.bet, 'game-bet')
    if (after === undefined) return undefined
    const final = Number(r.win) > 0 ? await credit(tx, r, r.win, 'game-win') : after
    const round = (
      await tx.query<{ id: string }>(
        `INSERT INTO game_rounds (player_id, game_id, currency, bet, win, balance, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, coalesce($7::timestamptz, now())) RETURNING id::text AS id`,
        [r.playerId, r.gameId, r.currency, r.bet, r.win, final, at === undefined ? null : new Date(at).toISOString()],
      )
    ).rows[0]
    if (round === undefined) throw new Error('round insert returned no row')
    await meetTurnover(tx, r.playerId, r.currency, r.bet, round.id)
    return round.id
  })

/**
 * Plays a round: the bet leaves the wallet and the win (0, or twice the bet, even odds; or a
 * forced outcome for tests) comes back, in one transaction with the round's record.
 */
export const playRound = async (db: Db, body: unknown, outcome: 'win' | 'lose' | undefined = undefined, at?: number): Promise<RoundAnswer> => {
  const b = (typeof body === 'object' && body !== null ? body : {}) as { ticket?: unknown; bet?: unknown }
  const t = typeof b.ticket === 'string' && /^[0-9a-f]{32}$/.test(b.ticket) ? await ticketOf(db, b.ticket) : undefined
  if (t === undefined) return { ok: false, error: 'This game session has ended.' }
  const betText = typeof b.bet === 'string' || typeof b.bet === 'number' ? String(b.bet) : ''
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(betText) || Number(betText) <= 0) return { ok: false, error: 'Enter a bet above zero.' }
  const won = outcome === undefined ? randomInt(2) === 1 : outcome === 'win'
  const bet = Number(betText)
  const win = won ? bet * 2 : 0
  if (t.playerId === null) {
    // One statement: two rounds of one page at once never spend the same trial money twice.
    const after = (
      await db.query<{ balance: string }>(
        `UPDATE game_tickets SET demo_balance = demo_balance - $2::numeric + $3::numeric
         WHERE ticket = $1 AND demo_balance >= $2::numeric RETURNING demo_balance::text AS balance`,
        [b.ticket, betText, win.toFixed(2)],
      )
    ).rows[0]
    if (after === undefined) return { ok: false, error: 'Not enough balance.' }
    return { ok: true, bet: bet.toFixed(2), win: win.toFixed(2), balance: Number(after.balance).toFixed(2), round: 'demo' }
  }
  const playerId = t.playerId
  const r = await settleRound(db, { playerId, gameId: t.gameId, currency: t.currency, bet: betText, win: win.toFixed(2) }, at)
  if (r === undefined) return { ok: false, error: 'Not enough balance.' }
  return { ok: true, bet: bet.toFixed(2), win: win.toFixed(2), balance: await balanceOf(db, playerId, t.currency), round: r }
}
