import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createLiveSystem, type LobbySystem } from './system'
import { SystemProvider } from './system-react'
import { App } from './views/App'
import './ui/base.css'

/** What the page exposes to the devtools and to browser tests: the log, the recorder, the bus. */
export interface LobbyDevHook {
  readonly system: LobbySystem
  exportLog(): Promise<string>
  flushLog(): Promise<void>
}

declare global {
  interface Window {
    __lobby?: LobbyDevHook
  }
}

const root = createRoot(document.getElementById('root')!)

createLiveSystem({ window })
  .then((system) => {
    window.__lobby = { system, exportLog: () => system.exportLog(), flushLog: () => system.flushLog() }
    root.render(
      <StrictMode>
        <SystemProvider system={system}>
          <App />
        </SystemProvider>
      </StrictMode>,
    )
  })
  .catch((error: unknown) => {
    console.error(error)
    root.render(
      <main className="boot boot--blocked">
        <h1>The lobby could not start</h1>
        <p>{error instanceof Error ? error.message : String(error)}</p>
      </main>,
    )
  })
