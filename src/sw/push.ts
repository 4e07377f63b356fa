/**
 * The service worker's web push (src/sw/worker.ts; docs/realtime.md "Web push"), as pure rules:
 * what a push message shows and where a click on it may go.
 */

/** What a notification shows: the hall's message (server/webpush.ts) with the fallbacks. */
export interface PushNotice {
  readonly title: string
  readonly body: string
  readonly icon: string
  /** A same-origin path of the lobby. */
  readonly url: string
}

/** The title when the message has none (never an empty notification: userVisibleOnly). */
export const DEFAULT_TITLE = 'Lobby'

/**
 * A path of this origin, or '/': a message naming another origin, a protocol-relative address or
 * something not a URL opens the lobby's home instead.
 */
export const sameOriginPath = (url: unknown, origin: string): string => {
  if (typeof url !== 'string' || url === '') return '/'
  try {
    const parsed = new URL(url, origin)
    return parsed.origin === origin ? `${parsed.pathname}${parsed.search}${parsed.hash}` : '/'
  } catch {
    return '/'
  }
}

const text = (v: unknown, max: number): string => (typeof v === 'string' ? v.slice(0, max) : '')

/** A push message's text (JSON of the hall's message, or a plain text taken as the body) as a notification. */
export const pushNotice = (data: string | null, origin: string): PushNotice => {
  let message: Record<string, unknown> = {}
  if (data !== null && data !== '') {
    try {
      const parsed: unknown = JSON.parse(data)
      message = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : { body: String(parsed) }
    } catch {
      message = { body: data }
    }
  }
  const title = text(message['title'], 100).trim()
  const icon = sameOriginPath(message['icon'], origin)
  return { title: title === '' ? DEFAULT_TITLE : title, body: text(message['body'], 1000), icon: icon === '/' ? '' : icon, url: sameOriginPath(message['url'], origin) }
}
