import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it } from 'vitest'
import { i18n, loadLanguage, setLanguage } from '../../../src/i18n'
import { createTestSystem } from '../../../src/system'
import { SystemProvider } from '../../../src/system-react'
import { SendDiagnostics } from '../../../src/views/diagnostics'

/** The 'send diagnostics' entry rendered to markup as the runner's facts arrive. */
describe('send diagnostics entry', () => {
  it('offers to send, shows the progress, then the reference number; a failure offers to try again', async () => {
    await i18n.changeLanguage('en_US')
    // Its words are a chunk of their own (not the first route's); a page fetches them as it shows the entry.
    await loadLanguage('en_US', ['devtools'])
    const system = createTestSystem({ actors: [] })
    const render = () =>
      renderToStaticMarkup(
        createElement(SystemProvider, { system, children: createElement(I18nextProvider, { i18n }, createElement(SendDiagnostics, { from: 'settings' })) }),
      )
    expect(render()).toContain('>Send diagnostics</button>')
    system.send({ type: 'diagnostics.sendRequested', from: 'settings' })
    system.bus.publish({ type: 'diagnostics.started', upload: 'u-12345678', bytes: 1000, chunks: 4 }, 'runner', 'diagnostics')
    system.bus.publish({ type: 'diagnostics.progressed', upload: 'u-12345678', sent: 2, chunks: 4 }, 'runner', 'diagnostics')
    const sending = render()
    expect(sending).toContain('value="50"')
    expect(sending).toContain('Sending… 50%')
    system.bus.publish({ type: 'diagnostics.sent', upload: 'u-12345678', reference: 'LB-7K3M-9QX2' }, 'runner', 'diagnostics')
    expect(render()).toContain('LB-7K3M-9QX2')
    system.bus.publish({ type: 'diagnostics.failed', upload: 'u-2', reason: 'Network: offline' }, 'runner', 'diagnostics')
    const failed = render()
    expect(failed).toContain('Could not send the diagnostics: Network: offline')
    expect(failed).toContain('>Try again</button>')
    await setLanguage('zh_CN')
    expect(render()).toContain('重试')
    await i18n.changeLanguage('en_US')
    system.stop()
  })
})
