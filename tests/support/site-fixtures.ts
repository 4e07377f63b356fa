import type { EventOfType, LobbyEvent } from '../../schemas/events'

/** A site configuration as the hall injects it into the page. */
export const siteConfig = (over: Partial<EventOfType<'app.started'>['site']> = {}): EventOfType<'app.started'>['site'] => ({
  siteCode: '001',
  configApiBaseUrl: 'http://127.0.0.1:8080/hall',
  siteKey: 'site-key-0001-secret',
  languageCode: 'en_US',
  healthy: false,
  ...over,
})

/** The fact that starts a page. */
export const appStarted = (over: Partial<EventOfType<'app.started'>> = {}): EventOfType<'app.started'> => ({
  type: 'app.started',
  appVersion: '0.1.0',
  site: siteConfig(),
  storedLanguage: null,
  device: 'desktop',
  viewport: { width: 1440, height: 900 },
  url: 'http://127.0.0.1:8080/',
  ...over,
})

/** Site info as the hall answers it. */
export const siteInfo = (over: Record<string, unknown> = {}) => ({
  siteName: 'Lobby',
  maintainStatus: 0,
  languageInfos: [{ languageCode: 'en_US' }, { languageCode: 'zh_CN' }],
  currencyInfos: [{ currencyCode: 'USD' }, { currencyCode: 'USDT' }],
  ...over,
})

export const responded = (requestId: string, call: string, data: unknown): LobbyEvent => ({
  type: 'hall.responded',
  requestId,
  call,
  data,
})

export const failed = (requestId: string, call: string): LobbyEvent => ({
  type: 'hall.failed',
  requestId,
  call,
  error: { _tag: 'Network', message: 'connection refused' },
})
