import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createLiveSystem } from './system'
import { SystemProvider } from './system-react'
import { App } from './views/App'
import { dropFirstScreen } from './views/boot/first-screen'
import './ui/base.css'
import './ui/first-screen.css'

const root = createRoot(document.getElementById('root')!)

createLiveSystem({ window })
  .then((system) => {
    // window.__lobby, the debug handle, is the system's to expose (only in a dev build or with diagnostics on).
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
    dropFirstScreen()
    root.render(
      <main className="boot boot--blocked">
        <h1>The lobby could not start</h1>
        <p>{error instanceof Error ? error.message : String(error)}</p>
      </main>,
    )
  })
