/**
 * A test client of the hall socket (server/ws.ts): every frame it got, waits on them (no sleeps),
 * and acknowledges notices when asked to. Used by the tests of several halls and the load bench.
 */
import WebSocket from 'ws'
import { SOCKET_PATH, type ServerFrame } from '../../schemas/events/socket'

/** A notice frame as the hall sends it. */
export type NoticeFrame = Extract<ServerFrame, { type: 'notice' }>

/** Opens a socket for a session (Token) of a site; `onNotice` hears each notice as it arrives. */
export const connectSocket = (hallUrl: string, token: string, siteCode: string, onNotice?: (n: NoticeFrame) => void) => {
  const url = new URL(SOCKET_PATH, hallUrl.replace(/^http/, 'ws'))
  url.searchParams.set('Token', token)
  url.searchParams.set('siteCode', siteCode)
  const ws = new WebSocket(url)
  const frames: ServerFrame[] = []
  const waiters: Array<() => void> = []
  ws.on('message', (raw) => {
    const frame = JSON.parse((raw as Buffer).toString('utf8')) as ServerFrame
    frames.push(frame)
    if (frame.type === 'notice') onNotice?.(frame)
    for (const w of waiters.splice(0)) w()
  })
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })))
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  /** Resolves once `n` frames matching `pred` arrived. */
  const until = (pred: (f: ServerFrame) => boolean, n = 1): Promise<ServerFrame[]> =>
    new Promise((resolve) => {
      const check = () => {
        const got = frames.filter(pred)
        if (got.length >= n) resolve(got)
        else waiters.push(check)
      }
      check()
    })
  return {
    ws,
    frames,
    opened,
    closed,
    until,
    notices: () => frames.filter((f): f is NoticeFrame => f.type === 'notice'),
    send: (frame: unknown) => ws.send(JSON.stringify(frame)),
    ack: (msgId: string) => ws.send(JSON.stringify({ type: 'ack', msgId })),
    close: async () => {
      if (ws.readyState !== ws.CLOSED) ws.close()
      await closed
    },
  }
}
