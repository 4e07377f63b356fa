import { StrictMode, useEffect, useSyncExternalStore } from 'react'
import { createRoot } from 'react-dom/client'
import { i18n, setLanguage } from '../i18n'
import { SystemProvider } from '../system-react'
import '../ui/base.css'
import { App } from '../views/App'
import type { FrameHost } from './frame'

/**
 * The page inside the timeline's screen frame (devtools.html?frame): the real lobby, <App />,
 * rendered from the system the timeline's FrameHost gives (replayed snapshots, or a live fork).
 * Its own document, so the lobby's layout sees the frame's size.
 */

const Frame = ({ host }: { host: FrameHost }) => {
  const state = useSyncExternalStore(
    (cb) => host.subscribe(cb),
    () => host.current,
  )
  useEffect(() => {
    if (i18n.language !== state.language) void setLanguage(state.language)
    document.documentElement.lang = state.language.replace('_', '-')
  }, [state.language])
  return (
    <SystemProvider key={state.key} system={state.system}>
      <App />
    </SystemProvider>
  )
}

const root = createRoot(document.getElementById('root')!)
const start = () => {
  const host = window.parent === window ? undefined : window.parent.__lobbyFrameHost
  if (host === undefined) {
    setTimeout(start, 50)
    return
  }
  root.render(
    <StrictMode>
      <Frame host={host} />
    </StrictMode>,
  )
}
start()
