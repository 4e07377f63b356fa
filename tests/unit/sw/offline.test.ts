import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { firstRouteFiles, offlineTexts } from '../../../scripts/service-worker'
import { OFFLINE_TOKENS, handlingOf, offlineLanguage, offlinePage, tokensIn } from '../../../src/sw/offline'

const ORIGIN = 'https://lobby.example'
const at = (path: string, origin = ORIGIN) => new URL(path, origin)

describe('what the service worker answers', () => {
  it('answers hashed files from its cache and pages with the offline fallback; nothing else', () => {
    expect(handlingOf('GET', 'cors', at('/assets/index-abc.js'), ORIGIN)).toBe('asset')
    expect(handlingOf('GET', 'no-cors', at('/assets/base-abc.css'), ORIGIN)).toBe('asset')
    expect(handlingOf('GET', 'navigate', at('/home/game?site=001'), ORIGIN)).toBe('page')
    // Hall calls, maps, other origins and writes go to the network untouched.
    expect(handlingOf('POST', 'cors', at('/hall/home/login'), ORIGIN)).toBe('pass')
    expect(handlingOf('GET', 'cors', at('/hall/site/info'), ORIGIN)).toBe('pass')
    expect(handlingOf('GET', 'cors', at('/assets/index-abc.js.map'), ORIGIN)).toBe('pass')
    expect(handlingOf('GET', 'cors', at('/assets/x.js', 'https://cdn.example'), ORIGIN)).toBe('pass')
    expect(handlingOf('GET', 'navigate', at('/home', 'https://other.example'), ORIGIN)).toBe('pass')
  })
})

describe("the offline page's language", () => {
  const available = ['en_US', 'pt_PT', 'zh_CN', 'zh_TW']
  it("is the player's choice when the lobby speaks it", () => {
    expect(offlineLanguage('zh_TW', 'pt-BR,pt;q=0.9', available)).toBe('zh_TW')
  })
  it("else the browser's first language the lobby speaks, by exact tag then by language", () => {
    expect(offlineLanguage(null, 'zh-CN,en;q=0.5', available)).toBe('zh_CN')
    expect(offlineLanguage(null, 'pt-BR,pt;q=0.9', available)).toBe('pt_PT')
    expect(offlineLanguage('xx_XX', 'de-DE,pt;q=0.5', available)).toBe('pt_PT')
  })
  it('else English', () => {
    expect(offlineLanguage(null, '', available)).toBe('en_US')
    expect(offlineLanguage(null, 'de-DE', available)).toBe('en_US')
  })
})

describe('the offline page', () => {
  const colours = tokensIn(readFileSync('src/ui/base.css', 'utf8'))
  it("is painted with the default theme's tokens", () => {
    expect(Object.keys(colours)).toEqual([...OFFLINE_TOKENS])
    expect(colours['--color-bg']).toMatch(/^#[0-9a-f]{6}$/i)
  })
  it('carries its words and a link to the same address, escaped, and no script', () => {
    const html = offlinePage({ title: 'Offline <b>', body: 'Body & "more"', retry: 'Again' }, 'pt_PT', 'https://lobby.example/home?a=1&b="x"', colours)
    expect(html).toContain('<html lang="pt-PT">')
    expect(html).toContain('<h1>Offline &lt;b&gt;</h1>')
    expect(html).toContain('<p>Body &amp; &quot;more&quot;</p>')
    expect(html).toContain('<a href="https://lobby.example/home?a=1&amp;b=&quot;x&quot;">Again</a>')
    expect(html).not.toMatch(/<script/i)
  })
  it('has its words in every locale of the lobby (18 of the spec and pt_BR)', () => {
    const texts = offlineTexts(process.cwd())
    expect(Object.keys(texts).length).toBe(19)
    for (const t of Object.values(texts)) expect([t.title, t.body, t.retry].every((s) => s.length > 0)).toBe(true)
  })
})

describe("the first route's files", () => {
  it("are the built page's module entry, its preloads and its stylesheets", () => {
    const html = `<head>
      <link rel="icon" href="data:," />
      <script type="module" crossorigin src="/assets/index-A.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/xstate-B.js">
      <link rel="stylesheet" crossorigin href="/assets/index-C.css">
      <link rel="manifest" href="/assets/manifest.json">
      <script nonce="n">window.__LOBBY_SITE__ = {}</script>
    </head>`
    expect(firstRouteFiles(html)).toEqual(['/assets/index-A.js', '/assets/index-C.css', '/assets/xstate-B.js'])
    expect(() => firstRouteFiles('<html></html>')).toThrow(/no module/)
  })
})
