import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { upgradeMachine, upgradeReasonOf } from '../../../../actors/upgrade'
import { isChunkFailure } from '../../../../src/effects/version'

/** The upgrade prompt's rule (spec §8): another version served, or a chunk that failed to load. */
const started = { type: 'app.started', appVersion: '1.0.0', site: { siteCode: '001', configApiBaseUrl: '', siteKey: 'k', languageCode: 'en_US', healthy: true }, storedLanguage: null, device: 'desktop', viewport: { width: 1, height: 1 }, url: 'http://x/' } as const

const run = () => {
  const a = createActor(upgradeMachine).start()
  a.send(started)
  return a
}

describe('upgrade actor', () => {
  it('offers nothing for the running version, the upgrade for another, and not again once put off', () => {
    const a = run()
    expect(upgradeReasonOf(a.getSnapshot().context)).toBeNull()
    a.send({ type: 'app.versionReported', version: '1.0.0', buildTime: 't' })
    expect(upgradeReasonOf(a.getSnapshot().context)).toBeNull()
    a.send({ type: 'app.versionReported', version: '1.1.0', buildTime: 't' })
    expect(upgradeReasonOf(a.getSnapshot().context)).toBe('version')
    a.send({ type: 'app.upgradeDismissed' })
    expect(upgradeReasonOf(a.getSnapshot().context)).toBeNull()
    a.send({ type: 'app.versionReported', version: '1.1.0', buildTime: 't' })
    expect(upgradeReasonOf(a.getSnapshot().context)).toBeNull()
    a.send({ type: 'app.versionReported', version: '1.2.0', buildTime: 't' })
    expect(upgradeReasonOf(a.getSnapshot().context)).toBe('version')
  })

  it('offers it at once when a chunk failed, and again after being put off when another fails', () => {
    const a = run()
    a.send({ type: 'app.chunkFailed', message: "Unexpected token '<'" })
    expect(upgradeReasonOf(a.getSnapshot().context)).toBe('chunk')
    a.send({ type: 'app.upgradeDismissed' })
    expect(upgradeReasonOf(a.getSnapshot().context)).toBeNull()
    a.send({ type: 'app.chunkFailed', message: 'Failed to fetch dynamically imported module: /assets/a.js' })
    expect(upgradeReasonOf(a.getSnapshot().context)).toBe('chunk')
  })

  it('knows a chunk failure by its message', () => {
    for (const m of ["Uncaught SyntaxError: Unexpected token '<'", 'SyntaxError: Unexpected token <', 'TypeError: Failed to fetch dynamically imported module: http://x/assets/a.js', 'Importing a module script failed.', 'error loading dynamically imported module']) {
      expect(isChunkFailure(m), m).toBe(true)
    }
    for (const m of ['TypeError: x is undefined', "Unexpected token 'a'", 'NetworkError when attempting to fetch resource.']) expect(isChunkFailure(m), m).toBe(false)
  })
})
