import { useCallback, useEffect, useState } from 'react'
import type { LogFile } from '../../bus/ndjson'
import { openLog } from '../open-log'
import { Timeline } from '../timeline/Timeline'
import { api } from './api'

/**
 * One uploaded session in the timeline. Opening it, downloading its log and forking it are each
 * recorded by the hall in the audit trail; a fork is recorded before it starts, and does not start
 * when the hall cannot record it.
 */
export const SessionView = ({ reference, onBack, onOut }: { reference: string; onBack: () => void; onOut: () => void }) => {
  const [state, setState] = useState<{ file: LogFile } | { error: string } | null>(null)
  const path = `/support/api/sessions/${encodeURIComponent(reference)}`
  useEffect(() => {
    let live = true
    void fetch(`${path}/log?for=timeline`, { credentials: 'same-origin' })
      .then(async (res) => {
        if (res.status === 401) return onOut()
        if (!res.ok) return live && setState({ error: res.status === 404 ? `no uploaded session ${reference} (it may have been deleted after the retention period)` : `the session ${reference} could not be loaded (HTTP ${res.status})` })
        const result = openLog(await res.text())
        if (live) setState(result.ok ? { file: result.file } : { error: `the log of ${reference} cannot be opened: ${result.message}` })
      })
      .catch((e: unknown) => live && setState({ error: `the session ${reference} could not be loaded (${e instanceof Error ? e.message : String(e)})` }))
    return () => {
      live = false
    }
  }, [path, reference, onOut])
  const onFork = useCallback(
    async (seq: number) => {
      const r = await api(`sessions/${encodeURIComponent(reference)}/forks`, { seq })
      if (r.status === 401) onOut()
      if (!r.body.ok) throw new Error(`the hall did not record the fork: ${r.body.error ?? `HTTP ${r.status}`}`)
    },
    [reference, onOut],
  )
  return (
    <main className="sc-session">
      <nav className="sc-nav" aria-label="Session">
        <button type="button" onClick={onBack}>
          ← Back to search
        </button>
        <a href={`${path}/log`} download>
          Download log (NDJSON)
        </a>
      </nav>
      {state === null ? (
        <p role="status" className="sc-page">
          Loading {reference}…
        </p>
      ) : 'error' in state ? (
        <p role="alert" className="sc-error sc-page">
          {state.error}
        </p>
      ) : (
        <Timeline file={state.file} title={`Session ${reference}`} onFork={onFork} reference={reference} />
      )}
    </main>
  )
}
