import { createActor, SimulatedClock, type AnyEventObject } from 'xstate'
import { musicMachine, type MusicEvent } from '../../../../actors/music'
import type { EventOfType } from '../../../../schemas/events'
import type { MusicItem } from '../../../../schemas/hall/calls/site'

/** A system track as the hall lists it. */
export const track = (id: number): MusicItem => ({ id, music_name: `Track ${id}`, music_size: 1000 * id, oss_url: `/audio/${id}.wav` })
export const SYS: ReadonlyArray<MusicItem> = [track(1), track(2), track(3)]

export const siteReady: EventOfType<'site.ready'> = {
  type: 'site.ready', siteCode: '001', language: 'en_US', currency: 'USD', languages: ['en_US'], currencies: ['USD'],
  systemToken: '', autoVisitorLogin: true, device: 'desktop',
}
/** site.ready carrying the site's music flags (musicShow of system info, musicAutoPlay of site info). */
export const siteReadyWith = (flags: { musicShow?: boolean; musicAutoPlay?: boolean }): EventOfType<'site.ready'> => ({ ...siteReady, ...flags })
export const sysAnswer = (requestId: string, list: ReadonlyArray<MusicItem> = SYS): MusicEvent => ({
  type: 'hall.responded', requestId, call: 'musicList', data: { sys_list: list },
})
export const myAnswer = (requestId: string, list: ReadonlyArray<MusicItem>): MusicEvent => ({
  type: 'hall.responded', requestId, call: 'musicList', data: { data: list, total: list.length },
})
export const failed = (requestId: string): MusicEvent => ({ type: 'hall.failed', requestId, call: 'musicList', error: { _tag: 'Timeout', ms: 60_000 } })
export const visibility = (visible: boolean): MusicEvent => ({ type: 'dom.visibilityChanged', visible })
export const started = (play: number): MusicEvent => ({ type: 'music.audioStarted', play })
export const blocked = (play: number): MusicEvent => ({ type: 'music.audioBlocked', play })
export const ended = (play: number): MusicEvent => ({ type: 'music.audioEnded', play })
export const picked = (pick: number, index: number): MusicEvent => ({ type: 'music.randomPicked', pick, index })
export const intent = <T extends MusicEvent['type']>(type: T, rest: Omit<Extract<MusicEvent, { type: T }>, 'type'> = {} as never): MusicEvent =>
  ({ type, ...rest }) as MusicEvent

/** A music actor under a simulated clock, recording what it emits. */
export const startMusic = () => {
  const clock = new SimulatedClock()
  const actor = createActor(musicMachine, { clock })
  const emitted: AnyEventObject[] = []
  actor.on('*', (e) => emitted.push(e))
  actor.start()
  const send = (...events: MusicEvent[]) => {
    for (const e of events) actor.send(e)
  }
  const drain = (): AnyEventObject[] => emitted.splice(0)
  const snapshot = () => actor.getSnapshot()
  /** The player region's state. */
  const player = () => (snapshot().value as { player: string }).player
  /** The library region's state ('idle', 'off', or the state inside active). */
  const library = () => {
    const v = (snapshot().value as { library: string | { active: string } }).library
    return typeof v === 'string' ? v : v.active
  }
  return { actor, clock, send, drain, snapshot, player, library }
}

/** Boots to a ready library with my list given (answers music-1 system, music-2 mine). */
export const readyWith = (my: ReadonlyArray<MusicItem>, o: { autoPlay?: number } = {}) => {
  const m = startMusic()
  m.send(siteReadyWith({ musicAutoPlay: (o.autoPlay ?? 0) === 1, musicShow: true }), sysAnswer('music-1'), myAnswer('music-2', my))
  return m
}

/** The play command the actor emits. */
export const playCmd = (play: number, id: number, resume = false, volume = 0.5) => ({
  type: 'music.audioRequested', action: 'play', play, src: `/audio/${id}.wav`, resume, volume,
})
