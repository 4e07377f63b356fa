import { createActor, SimulatedClock, type AnyEventObject } from 'xstate'
import { linesMachine, type LinesEvent } from '../../../../actors/lines'
import type { EventOfType } from '../../../../schemas/events'
import type { NetworkLine } from '../../../../schemas/events/lines'

/** The configured API base before any line is chosen. */
export const BASE = 'http://hall.test/hall'

/** n lines http://lN.test/hall titled 'Line N'. */
export const linesOf = (n: number): NetworkLine[] =>
  Array.from({ length: n }, (_, i) => ({ url: `http://l${i + 1}.test/hall`, title: `Line ${i + 1}` }))

/** app.started with these lines injected (undefined: no lines key at all). */
export const started = (lines: ReadonlyArray<NetworkLine> | undefined, base = BASE): EventOfType<'app.started'> => ({
  type: 'app.started',
  appVersion: '0.1.0',
  site: {
    siteCode: '001',
    configApiBaseUrl: base,
    siteKey: 'k',
    languageCode: 'en_US',
    healthy: true,
    ...(lines === undefined ? {} : { injected: { lines } }),
  },
  storedLanguage: null,
  device: 'desktop',
  viewport: { width: 1280, height: 800 },
  url: 'http://hall.test/',
})

export const pinged = (round: string, url: string, ms: number): LinesEvent => ({ type: 'lines.pinged', round, url, ms })
export const menuOpened: LinesEvent = { type: 'lines.menuOpened' }
export const selected = (url: string): LinesEvent => ({ type: 'lines.lineSelected', url })
export const confirmed: LinesEvent = { type: 'lines.confirmed' }
export const cancelled: LinesEvent = { type: 'lines.cancelled' }

/** A lines actor under a simulated clock, recording what it emits. */
export const startLines = () => {
  const clock = new SimulatedClock()
  const actor = createActor(linesMachine, { clock })
  const emitted: AnyEventObject[] = []
  const rounds: Array<{ type: 'lines.testRequested'; round: string; urls: string[] }> = []
  actor.on('*', (e) => {
    emitted.push(e)
    if (e.type === 'lines.testRequested') rounds.push(e as unknown as (typeof rounds)[number])
  })
  actor.start()
  const send = (...events: LinesEvent[]) => {
    for (const e of events) actor.send(e)
  }
  const drain = (): AnyEventObject[] => emitted.splice(0)
  /** The round of the last lines.testRequested emitted so far. */
  const lastRound = (): (typeof rounds)[number] => {
    const r = rounds.at(-1)
    if (r === undefined) throw new Error('no round requested')
    return r
  }
  /** Answers every line of the last round with ms from the function. */
  const answer = (ms: (url: string, i: number) => number) => {
    const { round, urls } = lastRound()
    urls.forEach((url, i) => actor.send(pinged(round, url, ms(url, i))))
  }
  return { actor, clock, send, drain, lastRound, answer, snapshot: () => actor.getSnapshot() }
}
