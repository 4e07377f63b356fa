/**
 * The system music the reference hall serves: short melodies rendered in code as WAV files (16-bit
 * mono PCM, 11 025 Hz, a few seconds each), so the hall ships no audio and downloads nothing. Each
 * melody is rendered once, on first request, and kept in memory.
 */

/** Where the hall serves the tracks: GET /audio/<melody>.wav. */
export const AUDIO_PATH = '/audio'

const RATE = 11_025

/** A melody: notes as semitones from A4 (null is a rest), each lasting `beat` seconds, on one timbre. */
interface Melody {
  readonly notes: ReadonlyArray<number | null>
  readonly beat: number
  /** Overtone weights: 1 is a sine; more weights make it brighter. */
  readonly timbre: ReadonlyArray<number>
}

/** The melodies, by the key the music_tracks table names. */
export const MELODIES: Readonly<Record<string, Melody>> = {
  morning: { notes: [3, 7, 10, 15, 10, 7, 3, null], beat: 0.3, timbre: [1, 0.3] },
  river: { notes: [0, 2, 4, 7, 9, 7, 4, 2, 0, null], beat: 0.25, timbre: [1] },
  lantern: { notes: [-5, 0, 4, 7, 4, 0, -5, null], beat: 0.35, timbre: [1, 0.5, 0.2] },
  breeze: { notes: [12, 11, 9, 7, 9, 11, 12, null], beat: 0.3, timbre: [1, 0.2] },
  harbour: { notes: [-12, -5, 0, -5, -12, -8, -3, null], beat: 0.4, timbre: [1, 0.6, 0.3, 0.1] },
}

const frequency = (semitone: number): number => 440 * 2 ** (semitone / 12)

/** Renders a melody as a WAV file. */
export const renderWav = (m: Melody): Uint8Array => {
  const perNote = Math.round(m.beat * RATE)
  const samples = perNote * m.notes.length
  const bytes = new Uint8Array(44 + samples * 2)
  const view = new DataView(bytes.buffer)
  const ascii = (offset: number, s: string) => {
    for (let i = 0; i < s.length; i++) view.setUint8(offset + i, s.charCodeAt(i))
  }
  ascii(0, 'RIFF')
  view.setUint32(4, 36 + samples * 2, true)
  ascii(8, 'WAVE')
  ascii(12, 'fmt ')
  view.setUint32(16, 16, true) // fmt chunk size
  view.setUint16(20, 1, true) // PCM
  view.setUint16(22, 1, true) // mono
  view.setUint32(24, RATE, true)
  view.setUint32(28, RATE * 2, true) // byte rate
  view.setUint16(32, 2, true) // block align
  view.setUint16(34, 16, true) // bits per sample
  ascii(36, 'data')
  view.setUint32(40, samples * 2, true)
  const norm = m.timbre.reduce((a, b) => a + b, 0)
  m.notes.forEach((note, n) => {
    for (let i = 0; i < perNote; i++) {
      let v = 0
      if (note !== null) {
        const t = i / RATE
        // A short attack and a decay so notes do not click.
        const env = Math.min(1, i / (0.01 * RATE)) * Math.exp((-3 * i) / perNote)
        const f = frequency(note)
        v = (env * m.timbre.reduce((acc, w, k) => acc + w * Math.sin(2 * Math.PI * f * (k + 1) * t), 0)) / norm
      }
      view.setInt16(44 + (n * perNote + i) * 2, Math.round(v * 0.6 * 32767), true)
    }
  })
  return bytes
}

const rendered = new Map<string, Uint8Array>()

/** The WAV file of a melody, or undefined for an unknown key. */
export const audioFile = (melody: string): Uint8Array | undefined => {
  const m = MELODIES[melody]
  if (m === undefined) return undefined
  let file = rendered.get(melody)
  if (file === undefined) {
    file = renderWav(m)
    rendered.set(melody, file)
  }
  return file
}

/** The URL path of a melody's file. */
export const audioUrl = (melody: string): string => `${AUDIO_PATH}/${melody}.wav`

/** Answers GET /audio/<melody>.wav; undefined when the path names no melody. */
export const serveAudio = (pathname: string): Response | undefined => {
  const match = /^\/audio\/([a-z]+)\.wav$/.exec(pathname)
  const file = match?.[1] === undefined ? undefined : audioFile(match[1])
  if (file === undefined) return undefined
  return new Response(new Blob([file as Uint8Array<ArrayBuffer>]), {
    status: 200,
    headers: { 'content-type': 'audio/wav', 'content-length': String(file.byteLength), 'cache-control': 'public, max-age=86400', 'accept-ranges': 'none' },
  })
}
