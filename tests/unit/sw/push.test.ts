import { describe, expect, it } from 'vitest'
import { DEFAULT_TITLE, pushNotice, sameOriginPath } from '../../../src/sw/push'

/** The service worker's push rules (src/sw/push.ts): what a message shows, where a click may go. */
const ORIGIN = 'https://lobby.example'

describe('web push in the worker', () => {
  it('follows only paths of the lobby’s own origin', () => {
    expect(sameOriginPath('/home/notice?noticeType=notice', ORIGIN)).toBe('/home/notice?noticeType=notice')
    expect(sameOriginPath('https://lobby.example/home/vip#top', ORIGIN)).toBe('/home/vip#top')
    expect(sameOriginPath('https://evil.example/x', ORIGIN)).toBe('/')
    expect(sameOriginPath('//evil.example/x', ORIGIN)).toBe('/')
    expect(sameOriginPath('javascript:alert(1)', ORIGIN)).toBe('/')
    expect(sameOriginPath(42, ORIGIN)).toBe('/')
    expect(sameOriginPath('', ORIGIN)).toBe('/')
  })

  it('shows the hall’s message, a plain text as the body, and a title always', () => {
    expect(pushNotice(JSON.stringify({ title: 'Bonus', body: 'Waiting', url: '/home/vip', icon: '/hall/static/brand/001/icon-192.png' }), ORIGIN)).toEqual({
      title: 'Bonus', body: 'Waiting', url: '/home/vip', icon: '/hall/static/brand/001/icon-192.png',
    })
    expect(pushNotice('just words', ORIGIN)).toEqual({ title: DEFAULT_TITLE, body: 'just words', url: '/', icon: '' })
    expect(pushNotice(null, ORIGIN)).toEqual({ title: DEFAULT_TITLE, body: '', url: '/', icon: '' })
    expect(pushNotice(JSON.stringify({ title: '  ', body: 7, url: 'https://evil.example/', icon: 'https://evil.example/i.png' }), ORIGIN)).toEqual({ title: DEFAULT_TITLE, body: '', url: '/', icon: '' })
  })
})
