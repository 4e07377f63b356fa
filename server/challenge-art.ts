/**
 * The pictures of the hall's human challenges (issue 24; spec §8 1124 slider, 1125 click, 1126
 * nine-square): drawn here as PNG rasters, so the picture a lobby receives holds pixels only —
 * no coordinate, shape name or answer in its markup (an SVG would carry the notch's x in clear).
 * Every picture is drawn from fresh random numbers; the answer it implies stays in the hall
 * (server/calls/challenge.ts keeps it under the challenge's key).
 */
import { randomInt } from 'node:crypto'
import { deflateSync } from 'node:zlib'

/** The symbols the click and nine-square challenges draw, named in their prompts. */
export const CHALLENGE_SYMBOLS = ['circle', 'triangle', 'square', 'star', 'cross', 'ring'] as const
export type ChallengeSymbol = (typeof CHALLENGE_SYMBOLS)[number]

type Rgb = readonly [number, number, number]

// ---------------------------------------------------------------------------------------------
// PNG

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

const crc32 = (bytes: Uint8Array): number => {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

const chunk = (type: string, data: Uint8Array): Buffer => {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

/** A raster of RGBA pixels. */
export class Raster {
  readonly data: Uint8ClampedArray
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8ClampedArray(width * height * 4)
  }

  get(x: number, y: number): [number, number, number, number] {
    const i = (y * this.width + x) * 4
    return [this.data[i]!, this.data[i + 1]!, this.data[i + 2]!, this.data[i + 3]!]
  }

  /** Paints a pixel over what is there, `alpha` 0..1. */
  paint(x: number, y: number, [r, g, b]: Rgb, alpha = 1): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return
    const i = (y * this.width + x) * 4
    const d = this.data
    d[i] = d[i]! + (r - d[i]!) * alpha
    d[i + 1] = d[i + 1]! + (g - d[i + 1]!) * alpha
    d[i + 2] = d[i + 2]! + (b - d[i + 2]!) * alpha
    d[i + 3] = Math.max(d[i + 3]!, 255 * alpha)
  }

  /** Paints every pixel of a box whose centre `inside` admits. */
  fill(x0: number, y0: number, x1: number, y1: number, inside: (x: number, y: number) => boolean, color: Rgb, alpha = 1): void {
    for (let y = Math.max(0, Math.floor(y0)); y <= Math.min(this.height - 1, Math.ceil(y1)); y++)
      for (let x = Math.max(0, Math.floor(x0)); x <= Math.min(this.width - 1, Math.ceil(x1)); x++) if (inside(x + 0.5, y + 0.5)) this.paint(x, y, color, alpha)
  }

  /** The raster as a PNG data URI (8-bit RGBA, unfiltered rows). */
  toDataUri(): string {
    const rows = Buffer.alloc((this.width * 4 + 1) * this.height)
    for (let y = 0; y < this.height; y++) {
      rows[y * (this.width * 4 + 1)] = 0
      rows.set(this.data.subarray(y * this.width * 4, (y + 1) * this.width * 4), y * (this.width * 4 + 1) + 1)
    }
    const ihdr = Buffer.alloc(13)
    ihdr.writeUInt32BE(this.width, 0)
    ihdr.writeUInt32BE(this.height, 4)
    ihdr.set([8, 6, 0, 0, 0], 8)
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(rows)),
      chunk('IEND', new Uint8Array()),
    ])
    return `data:image/png;base64,${png.toString('base64')}`
  }
}

// ---------------------------------------------------------------------------------------------
// Drawing

const pick = <T>(xs: ReadonlyArray<T>): T => xs[randomInt(xs.length)]!
const between = (lo: number, hi: number): number => lo + randomInt(hi - lo + 1)
const shuffled = <T>(xs: ReadonlyArray<T>): T[] => {
  const a = [...xs]
  for (let i = a.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[a[i], a[j]] = [a[j]!, a[i]!]
  }
  return a
}

/** A colour of a hue (0..360) at a saturation and lightness (0..1). */
const hsl = (h: number, s: number, l: number): Rgb => {
  const k = (n: number) => (n + h / 30) % 12
  const a = s * Math.min(l, 1 - l)
  const f = (n: number) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)))))
  return [f(0), f(8), f(4)]
}

/** A gradient between two random hues, with per-pixel noise. */
const backdrop = (r: Raster, x0 = 0, y0 = 0, w = r.width, h = r.height, light = 0.78): void => {
  const a = hsl(randomInt(360), 0.45, light)
  const b = hsl(randomInt(360), 0.45, light - 0.12)
  for (let y = y0; y < y0 + h; y++)
    for (let x = x0; x < x0 + w; x++) {
      const t = ((x - x0) / w + (y - y0) / h) / 2
      const noise = randomInt(21) - 10
      r.paint(x, y, [a[0] + (b[0] - a[0]) * t + noise, a[1] + (b[1] - a[1]) * t + noise, a[2] + (b[2] - a[2]) * t + noise])
    }
}

const inPolygon = (pts: ReadonlyArray<readonly [number, number]>) => (x: number, y: number): boolean => {
  let inside = false
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const [xi, yi] = pts[i]!
    const [xj, yj] = pts[j]!
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside
  }
  return inside
}

const polygon = (cx: number, cy: number, radii: ReadonlyArray<number>, turn: number): Array<readonly [number, number]> =>
  radii.map((rad, i) => {
    const a = turn + (i * 2 * Math.PI) / radii.length - Math.PI / 2
    return [cx + rad * Math.cos(a), cy + rad * Math.sin(a)] as const
  })

/** Whether a point is inside a symbol of radius `s` centred at (cx, cy), turned by `turn` radians. */
const symbolTest = (symbol: ChallengeSymbol, cx: number, cy: number, s: number, turn: number): ((x: number, y: number) => boolean) => {
  switch (symbol) {
    case 'circle':
      return (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= s * s
    case 'ring':
      return (x, y) => {
        const d = (x - cx) ** 2 + (y - cy) ** 2
        return d <= s * s && d >= (s * 0.55) ** 2
      }
    case 'triangle':
      return inPolygon(polygon(cx, cy + s * 0.15, [s * 1.1, s * 1.1, s * 1.1], turn))
    case 'square':
      return inPolygon(polygon(cx, cy, [s * 0.95, s * 0.95, s * 0.95, s * 0.95], turn + Math.PI / 4))
    case 'star':
      return inPolygon(polygon(cx, cy, Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? s * 1.1 : s * 0.45)), turn))
    case 'cross': {
      const w = s * 0.34
      const rot = (x: number, y: number): [number, number] => {
        const dx = x - cx
        const dy = y - cy
        return [dx * Math.cos(-turn) - dy * Math.sin(-turn), dx * Math.sin(-turn) + dy * Math.cos(-turn)]
      }
      return (x, y) => {
        const [u, v] = rot(x, y)
        return (Math.abs(u) <= w && Math.abs(v) <= s) || (Math.abs(v) <= w && Math.abs(u) <= s)
      }
    }
  }
}

const drawSymbol = (r: Raster, symbol: ChallengeSymbol, cx: number, cy: number, s: number, color: Rgb, turn = 0): void => {
  const pad = s * 1.3
  // A dark edge under the symbol, so it stands out of any backdrop.
  r.fill(cx - pad, cy - pad, cx + pad, cy + pad, symbolTest(symbol, cx + 1.5, cy + 1.5, s, turn), [20, 24, 32], 0.55)
  r.fill(cx - pad, cy - pad, cx + pad, cy + pad, symbolTest(symbol, cx, cy, s, turn), color)
}

/** A saturated colour for a symbol. */
const symbolColor = (): Rgb => hsl(randomInt(360), 0.75, 0.45)

/** Random shapes over a backdrop, so a picture is never plain. */
const clutter = (r: Raster, n: number, alpha: number): void => {
  for (let i = 0; i < n; i++) {
    const cx = randomInt(r.width)
    const cy = randomInt(r.height)
    const s = between(10, 34)
    const test = inPolygon(polygon(cx, cy, [s, s * 0.7, s, s * 0.8, s * 0.9], randomInt(360) / 57))
    r.fill(cx - s * 1.2, cy - s * 1.2, cx + s * 1.2, cy + s * 1.2, test, hsl(randomInt(360), 0.55, 0.55), alpha)
  }
}

// ---------------------------------------------------------------------------------------------
// The slider (1124)

export const SLIDER = { width: 300, height: 160, piece: 40, tab: 8 } as const

/** The piece's outline relative to its top-left corner: a square with a round tab on its right. */
const inPiece = (u: number, v: number): boolean =>
  (u >= 0 && u <= SLIDER.piece && v >= 0 && v <= SLIDER.piece) || (u - SLIDER.piece) ** 2 + (v - SLIDER.piece / 2) ** 2 <= SLIDER.tab ** 2

/** Whether a pixel of the piece lies on its edge (a neighbour is outside). */
const onEdge = (u: number, v: number): boolean => inPiece(u, v) && (!inPiece(u - 2, v) || !inPiece(u + 2, v) || !inPiece(u, v - 2) || !inPiece(u, v + 2))

export interface SliderPicture {
  /** The background with the notch. */
  readonly image: string
  /** A strip as tall as the background, transparent but for the piece at the notch's height, at x 0. */
  readonly piece: string
  /** Where the piece's left edge fits (image pixels): the answer. */
  readonly x: number
  readonly y: number
}

export const sliderPicture = (): SliderPicture => {
  const { width, height, piece, tab } = SLIDER
  const x = between(70, width - piece - tab - 12)
  const y = between(12, height - piece - 12)
  const bg = new Raster(width, height)
  backdrop(bg)
  clutter(bg, 14, 0.7)
  const strip = new Raster(piece + tab + 2, height)
  for (let v = 0; v <= piece; v++)
    for (let u = 0; u <= piece + tab; u++) {
      if (!inPiece(u + 0.5, v + 0.5)) continue
      const [r, g, b] = bg.get(x + u, y + v)
      strip.paint(u, y + v, onEdge(u + 0.5, v + 0.5) ? [250, 250, 250] : [r, g, b], onEdge(u + 0.5, v + 0.5) ? 0.9 : 1)
    }
  for (let v = 0; v <= piece; v++)
    for (let u = 0; u <= piece + tab; u++) {
      if (!inPiece(u + 0.5, v + 0.5)) continue
      bg.paint(x + u, y + v, onEdge(u + 0.5, v + 0.5) ? [255, 255, 255] : [18, 22, 30], onEdge(u + 0.5, v + 0.5) ? 0.7 : 0.55)
    }
  return { image: bg.toDataUri(), piece: strip.toDataUri(), x, y }
}

// ---------------------------------------------------------------------------------------------
// The click challenge (1125)

export const CLICK = { width: 300, height: 180, symbols: 5, asked: 3 } as const

export interface ClickPicture {
  readonly image: string
  /** The symbols to click, in order. */
  readonly prompt: ReadonlyArray<ChallengeSymbol>
  /** Their centres (image pixels), in the prompt's order: the answer. */
  readonly targets: ReadonlyArray<{ readonly x: number; readonly y: number }>
}

export const clickPicture = (): ClickPicture => {
  const { width, height } = CLICK
  const r = new Raster(width, height)
  backdrop(r)
  clutter(r, 10, 0.35)
  const symbols = shuffled(CHALLENGE_SYMBOLS).slice(0, CLICK.symbols)
  const placed: Array<{ symbol: ChallengeSymbol; x: number; y: number }> = []
  for (const symbol of symbols) {
    // Apart from the others (60 px between centres), inside the picture.
    let spot = { x: 0, y: 0 }
    for (let tries = 0; tries < 200; tries++) {
      spot = { x: between(28, width - 28), y: between(28, height - 28) }
      if (placed.every((p) => (p.x - spot.x) ** 2 + (p.y - spot.y) ** 2 >= 60 ** 2)) break
    }
    placed.push({ symbol, ...spot })
    drawSymbol(r, symbol, spot.x, spot.y, between(16, 20), symbolColor(), (randomInt(40) - 20) / 57)
  }
  const asked = shuffled(placed).slice(0, CLICK.asked)
  return { image: r.toDataUri(), prompt: asked.map((p) => p.symbol), targets: asked.map(({ x, y }) => ({ x, y })) }
}

// ---------------------------------------------------------------------------------------------
// The nine-square challenge (1126)

export const NINE = { size: 300, tile: 100 } as const

export interface NinePicture {
  readonly image: string
  /** The symbol whose tiles are to be picked. */
  readonly prompt: ChallengeSymbol
  /** The tiles showing it (0-8, row by row): the answer. */
  readonly tiles: ReadonlyArray<number>
}

export const ninePicture = (): NinePicture => {
  const { size, tile } = NINE
  const r = new Raster(size, size)
  const target = pick(CHALLENGE_SYMBOLS)
  const others = CHALLENGE_SYMBOLS.filter((s) => s !== target)
  const count = between(2, 4)
  const tiles = shuffled([0, 1, 2, 3, 4, 5, 6, 7, 8]).slice(0, count).sort((a, b) => a - b)
  for (let i = 0; i < 9; i++) {
    const x0 = (i % 3) * tile
    const y0 = Math.floor(i / 3) * tile
    backdrop(r, x0, y0, tile, tile, 0.82)
    const symbol = tiles.includes(i) ? target : pick(others)
    drawSymbol(r, symbol, x0 + tile / 2 + randomInt(25) - 12, y0 + tile / 2 + randomInt(25) - 12, between(22, 30), symbolColor(), (randomInt(40) - 20) / 57)
  }
  // The grid's lines.
  r.fill(0, 0, size - 1, size - 1, (x, y) => Math.abs(((x + tile / 2) % tile) - tile / 2) < 1.5 || Math.abs(((y + tile / 2) % tile) - tile / 2) < 1.5, [255, 255, 255])
  return { image: r.toDataUri(), prompt: target, tiles }
}
