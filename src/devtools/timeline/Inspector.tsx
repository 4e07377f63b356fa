import { useMemo } from 'react'
import type { SnapshotRow } from '../cursor'
import { diffJson, safeJson, toPlain } from '../diff'
import type { TimelineModel } from '../model'
import { errorOf } from '../model'

/**
 * The selected record in full (event, cause and effects, its hall call) and the state inspector:
 * an actor's state value and context before and after the record, and the diff between them.
 */

const plainOf = (row: SnapshotRow | undefined, index: number): { value: unknown; context: unknown } | undefined => {
  const s = row?.[index] as { value?: unknown; context?: unknown } | undefined
  return s === undefined ? undefined : { value: toPlain(s.value), context: toPlain(s.context) }
}

export const RecordDetail = ({ model, position, onSelect }: { model: TimelineModel; position: number; onSelect: (p: number) => void }) => {
  const r = model.records[position]
  if (r === undefined) return <p className="tl-empty">Select a record.</p>
  const cause = model.causeOf(position)
  const effects = model.effectsOf(position)
  const call = model.networkOf(position)
  const error = errorOf(r)
  return (
    <section className="tl-detail" aria-label="Record">
      <h3>
        seq {r.seq} · <span className={`tl-kind tl-kind--${r.kind}`}>{r.kind}</span> <code>{r.event.type}</code>
        {r.source === undefined ? null : <> · from {r.source}</>}
      </h3>
      {error === null ? null : <p className="tl-error" role="alert">Error: {error}</p>}
      <p className="tl-links">
        {cause >= 0 ? (
          <button type="button" onClick={() => onSelect(cause)}>
            caused by seq {model.records[cause]!.seq} ({model.records[cause]!.event.type})
          </button>
        ) : (
          <span>no cause (an input)</span>
        )}
        {effects.slice(0, 8).map((e) => (
          <button type="button" key={e} onClick={() => onSelect(e)}>
            → seq {model.records[e]!.seq} {model.records[e]!.event.type}
          </button>
        ))}
      </p>
      {call === undefined ? null : (
        <div className="tl-call">
          <strong>
            Hall call {call.call} ({call.requestId}): {call.ok === null ? 'no answer in the log' : call.ok ? 'answered' : `failed: ${call.error}`}
            {call.ms === null ? '' : ` in ${call.ms} ms`}
          </strong>
          <div className="tl-call__pair">
            <div>
              <h4>Request {call.request >= 0 ? `(seq ${model.records[call.request]!.seq})` : '(not in the log)'}</h4>
              <pre>{call.request >= 0 ? safeJson((model.records[call.request]!.event as Record<string, unknown>)['payload'], 2) : '—'}</pre>
            </div>
            <div>
              <h4>Response {call.answer >= 0 ? `(seq ${model.records[call.answer]!.seq})` : ''}</h4>
              <pre>
                {call.answer >= 0
                  ? safeJson((model.records[call.answer]!.event as Record<string, unknown>)[call.ok === true ? 'data' : 'error'], 2)
                  : '—'}
              </pre>
            </div>
          </div>
        </div>
      )}
      <details open={call === undefined}>
        <summary>Event as logged (redacted)</summary>
        <pre>{safeJson(r.event, 2)}</pre>
        {r.states === undefined ? null : <pre>states changed: {safeJson(r.states)}</pre>}
      </details>
    </section>
  )
}

export const StateInspector = ({
  actorIds,
  actor,
  onActor,
  before,
  after,
}: {
  actorIds: ReadonlyArray<string>
  actor: string
  onActor: (id: string) => void
  before: SnapshotRow | undefined
  after: SnapshotRow | undefined
}) => {
  const index = actorIds.indexOf(actor)
  const b = useMemo(() => plainOf(before, index), [before, index])
  const a = useMemo(() => plainOf(after, index), [after, index])
  const changes = useMemo(() => diffJson(b, a), [a, b])
  return (
    <section className="tl-state" aria-label="State inspector">
      <label>
        Actor{' '}
        <select value={actor} onChange={(e) => onActor(e.target.value)} aria-label="Actor to inspect">
          {actorIds.map((id) => (
            <option key={id} value={id}>
              {id}
            </option>
          ))}
        </select>
      </label>
      <p>
        state <code>{safeJson(b?.value)}</code> → <code>{safeJson(a?.value)}</code>
      </p>
      {changes.length === 0 ? (
        <p className="tl-empty">No change to {actor} at this record.</p>
      ) : (
        <table className="tl-diff" aria-label="Changes">
          <thead>
            <tr>
              <th>path</th>
              <th>before</th>
              <th>after</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((c) => (
              <tr key={c.path} className={`tl-diff--${c.kind}`}>
                <td>
                  <code>{c.path || '(whole)'}</code>
                </td>
                <td>
                  <code>{c.kind === 'added' ? '—' : safeJson(c.before)}</code>
                </td>
                <td>
                  <code>{c.kind === 'removed' ? '—' : safeJson(c.after)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <details>
        <summary>Context after</summary>
        <pre>{safeJson(a?.context, 2)}</pre>
      </details>
      <details>
        <summary>Context before</summary>
        <pre>{safeJson(b?.context, 2)}</pre>
      </details>
    </section>
  )
}
