import { StrictMode, useCallback, useState } from 'react'
import { createRoot } from 'react-dom/client'
import type { LogFile } from '../bus/ndjson'
import { openLog } from './open-log'
import { Timeline } from './timeline/Timeline'
import './timeline/timeline.css'

/**
 * The developer's entry: open a local NDJSON log (file picker or drop, or ?log=<url>) and show
 * its timeline. `window.__timelineOpened` says how long the open took (the bench reads it).
 */

const DevtoolsApp = () => {
  const [file, setFile] = useState<{ file: LogFile; name: string; t0: number } | null>(null)
  const [error, setError] = useState<string | null>(null)

  const open = useCallback(async (name: string, read: () => Promise<string>) => {
    const t0 = performance.now()
    setError(null)
    try {
      const result = openLog(await read())
      if (!result.ok) return setError(`${name} cannot be opened: ${result.message}`)
      setFile({ file: result.file, name, t0 })
    } catch (e) {
      setError(`${name} cannot be read: ${e instanceof Error ? e.message : String(e)}`)
    }
  }, [])

  const fromUrl = new URLSearchParams(globalThis.location.search).get('log')
  const [loaded, setLoaded] = useState(false)
  if (fromUrl !== null && !loaded) {
    setLoaded(true)
    void open(fromUrl, () => fetch(fromUrl).then((r) => r.text()))
  }

  if (file !== null) {
    return (
      <Timeline
        file={file.file}
        title={file.name}
        onReady={() =>
          requestAnimationFrame(() => {
            window.__timelineOpened = { records: file.file.records.length, openMs: performance.now() - file.t0 }
          })
        }
      />
    )
  }
  return (
    <main
      className="tl-open"
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault()
        const f = e.dataTransfer.files[0]
        if (f !== undefined) void open(f.name, () => f.text())
      }}
    >
      <h1>Lobby session timeline</h1>
      <p>Open a log file (NDJSON, exported with window.__lobby.exportLog() or downloaded from the support console), or drop it here.</p>
      <label className="tl-open__pick">
        Log file{' '}
        <input
          type="file"
          accept=".ndjson,.json,.log,application/x-ndjson"
          onChange={(e) => {
            const f = e.target.files?.[0]
            if (f !== undefined) void open(f.name, () => f.text())
          }}
        />
      </label>
      {error === null ? null : (
        <p role="alert" className="tl-error">
          {error}
        </p>
      )}
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <DevtoolsApp />
  </StrictMode>,
)
