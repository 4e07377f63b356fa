import { useCallback, useEffect, useState } from 'react'
import type { LogFile } from '../../bus/ndjson'
import { openLog } from '../open-log'
import { Timeline } from '../timeline/Timeline'
import { api } from './api'
import { useConsole } from './i18n'

/**
 * One uploaded session in the timeline. Opening it, downloading its log and forking it are each
 * recorded by the hall in the audit trail; a fork is recorded before it starts, and does not start
 * when the hall cannot record it.
 */
export const SessionView = ({ reference, onBack, onOut }: { reference: string; onBack: () => void; onOut: () => void }) => {
  const { t } = useConsole()
  const [state, setState] = useState<{ file: LogFile } | { error: string } | null>(null)
  const path = `/support/api/sessions/${encodeURIComponent(reference)}`
  useEffect(() => {
    let live = true
    void fetch(`${path}/log?for=timeline`, { credentials: 'same-origin' })
      .then(async (res) => {
        if (res.status === 401) return onOut()
        if (!res.ok) return live && setState({ error: res.status === 404 ? t('session.missing', { reference }) : t('session.failed', { reference, why: `HTTP ${res.status}` }) })
        const result = openLog(await res.text())
        if (live) setState(result.ok ? { file: result.file } : { error: t('session.unreadable', { reference, why: result.message }) })
      })
      .catch((e: unknown) => live && setState({ error: t('session.failed', { reference, why: e instanceof Error ? e.message : String(e) }) }))
    return () => {
      live = false
    }
  }, [path, reference, onOut, t])
  const onFork = useCallback(
    async (seq: number) => {
      const r = await api(`sessions/${encodeURIComponent(reference)}/forks`, { seq })
      if (r.status === 401) onOut()
      if (!r.body.ok) throw new Error(t('session.forkRefused', { why: r.body.error ?? `HTTP ${r.status}` }))
    },
    [reference, onOut, t],
  )
  return (
    <main className="sc-session">
      <nav className="sc-nav" aria-label={t('session.nav')}>
        <button type="button" onClick={onBack}>
          ← {t('session.back')}
        </button>
        <a href={`${path}/log`} download>
          {t('session.download')}
        </a>
      </nav>
      {state === null ? (
        <p role="status" className="sc-page">
          {t('session.loading', { reference })}
        </p>
      ) : 'error' in state ? (
        <p role="alert" className="sc-error sc-page">
          {state.error}
        </p>
      ) : (
        <Timeline file={state.file} title={t('session.title', { reference })} onFork={onFork} reference={reference} />
      )}
    </main>
  )
}
