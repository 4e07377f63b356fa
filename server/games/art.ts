/**
 * Generated game artwork: an SVG per game, drawn from the game's id and name so every one of the
 * 10,000+ games has its own picture without a single stored image. Served by the hall under
 * GAME_ART_PATH/<gameId>.svg with a long cache lifetime (the picture of an id never changes).
 */

/** Where the hall serves game artwork. */
export const GAME_ART_PATH = '/games/art'

/** The artwork address of a game. */
export const artUrl = (gameId: number): string => `${GAME_ART_PATH}/${gameId}.svg`

const escape = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

// A small deterministic generator: the same id always draws the same picture.
const mix = (n: number): number => {
  let x = (n ^ 0x9e3779b9) >>> 0
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0
  return (x ^ (x >>> 16)) >>> 0
}

/** The SVG of a game: a two-hue gradient, a few shapes and the game's initials and name. */
export const gameArt = (gameId: number, name: string): string => {
  const h = mix(gameId)
  const hue1 = h % 360
  const hue2 = (hue1 + 40 + ((h >>> 9) % 120)) % 360
  const shapes = Array.from({ length: 4 }, (_, i) => {
    const r = mix(gameId * 31 + i)
    const cx = r % 200
    const cy = (r >>> 8) % 200
    const rad = 12 + ((r >>> 16) % 40)
    return `<circle cx="${cx}" cy="${cy}" r="${rad}" fill="hsl(${(hue1 + i * 50) % 360} 80% 70%)" opacity="0.35"/>`
  }).join('')
  const initials = name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('')
  const label = escape(name.length > 18 ? `${name.slice(0, 17)}…` : name)
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200" role="img" aria-label="${escape(name)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue1} 70% 45%)"/><stop offset="1" stop-color="hsl(${hue2} 70% 30%)"/></linearGradient></defs>` +
    `<rect width="200" height="200" rx="18" fill="url(#g)"/>${shapes}` +
    `<text x="100" y="112" text-anchor="middle" font-family="sans-serif" font-size="64" font-weight="700" fill="#fff">${escape(initials)}</text>` +
    `<text x="100" y="178" text-anchor="middle" font-family="sans-serif" font-size="15" fill="#fff">${label}</text></svg>`
}
