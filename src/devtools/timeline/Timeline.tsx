import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react'
import { actorSpecs } from '../../../actors'
import type { LogFile } from '../../bus/ndjson'
import { replayLog, type ReplayResult } from '../../bus/replayer'
import { LANGUAGES, LANGUAGE_NAMES, isLanguage } from '../../i18n'
import { ReplayCursor, type SeekResult } from '../cursor'
import { safeJson } from '../diff'
import { fetchSiteConfig, forkAt, type Fork } from '../fork'
import { FrameHost } from '../frame'
import { TimelineModel, type TimelineFilter } from '../model'
import { MakeTest } from './MakeTest'
import { RecordDetail, StateInspector } from './Inspector'
import { NetworkPanel } from './NetworkPanel'
import { RecordList } from './RecordList'
import { ScreenFrame, type FrameSize } from './ScreenFrame'
import { Swimlanes } from './Swimlanes'

/**
 * The session timeline: swimlanes, the records (or the hall calls), the selected record with its
 * cause and effects, the state inspector, and the lobby screen at that record; with the
 * developer's replay controls (step, jump, play at 1x, 4x or as fast as possible, fork live) and
 * the divergence check of the log against this build.
 */

type Speed = 1 | 4 | 'max'
const KINDS = ['intent', 'fact', 'notice'] as const
const ACTOR_IDS = actorSpecs.map((s) => s.id)

export interface TimelineProps {
  readonly file: LogFile
  /** What the header says the log is (a file name, a reference number). */
  readonly title: string
  /** Called with ms when the timeline has drawn the first time (the bench reads it). */
  readonly onReady?: () => void
  /**
   * Called with the seq of the record before a live fork starts (the support console has the hall
   * record it in the audit trail); when it rejects, the fork does not start and the reason shows.
   */
  readonly onFork?: (seq: number) => Promise<void>
  /** The session's reference number when it was uploaded (the support console): "Make a test from here" names it. */
  readonly reference?: string
}

/** A language code with its name in itself ('Tiếng Việt (vi_VN)'). */
const languageLabel = (code: string): string => (isLanguage(code) ? `${LANGUAGE_NAMES[code]} (${code})` : code)

export const Timeline = ({ file, title, onReady, onFork, reference }: TimelineProps) => {
  const model = useMemo(() => new TimelineModel(file, ACTOR_IDS), [file])
  const cursor = useMemo(() => new ReplayCursor(file), [file])
  const host = useMemo(() => new FrameHost(cursor.current, cursor.actorIds, file.header.language), [cursor, file])
  // The replay system has no runners and no timers: an old one is simply dropped, not stopped
  // (stopping it in a cleanup would break StrictMode's second mount).
  useEffect(() => {
    window.__lobbyFrameHost = host
  }, [host])

  const [selected, setSelected] = useState(-1)
  const [seek, setSeek] = useState<SeekResult | null>(null)
  const [inspect, setInspect] = useState<string>(ACTOR_IDS.includes('session') ? 'session' : (ACTOR_IDS[0] ?? ''))
  const [tab, setTab] = useState<'records' | 'network'>('records')
  // The screen starts as the player saw it: their size and their language. The viewer may draw the
  // same snapshots at the other size and in any of the 18 languages (null: the player's).
  const playerSize: FrameSize = file.header.viewport.width > 750 ? 'desktop' : 'phone'
  const [size, setSize] = useState<FrameSize>(playerSize)
  const [screenLanguage, setScreenLanguage] = useState<string | null>(null)
  const [making, setMaking] = useState(false)
  const [actors, setActors] = useState<string[]>([])
  const [kinds, setKinds] = useState<Array<(typeof KINDS)[number]>>([...KINDS])
  const [type, setType] = useState('')
  const [text, setText] = useState('')
  const [errorsOnly, setErrorsOnly] = useState(false)
  const [jump, setJump] = useState('')
  const [speed, setSpeed] = useState<Speed | null>(null)
  const [check, setCheck] = useState<ReplayResult | null>(null)
  const [fork, setFork] = useState<Fork | null>(null)
  const [forkError, setForkError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)

  const deferredText = useDeferredValue(text)
  const f: TimelineFilter = useMemo(
    () => ({ actors, kinds, type, text: deferredText, errorsOnly }),
    [actors, kinds, type, deferredText, errorsOnly],
  )
  const kept = useMemo(() => model.filter(f), [model, f])

  // Said once, when the timeline first rendered: a parent passing a new function each render does not repeat it.
  const ready = useRef(onReady)
  useEffect(() => {
    ready.current?.()
  }, [])

  /** The language the screen is drawn in at a position: the viewer's choice, else the player's there. */
  const languageFor = useCallback((position: number) => screenLanguage ?? model.languageAt(position), [screenLanguage, model])

  const select = useCallback(
    (position: number) => {
      const r = model.records[position]
      if (r === undefined) return
      const result = cursor.seek(r.seq)
      setSelected(position)
      setSeek(result)
      if (fork === null) host.show(result.after, languageFor(position))
      const own = r.kind === 'notice' && r.source !== undefined && cursor.actorIds.includes(r.source) ? r.source : undefined
      const changed = Object.keys(r.states ?? {}).find((a) => cursor.actorIds.includes(a))
      const next = own ?? changed
      if (next !== undefined) setInspect(next)
    },
    [model, cursor, host, fork, languageFor],
  )

  // Another language chosen: the same snapshots drawn again in it (the log and the selection stay).
  const seekRef = useRef(seek)
  seekRef.current = seek
  useEffect(() => {
    const shown = seekRef.current
    if (fork === null && shown !== null) host.show(shown.after, languageFor(selectedRef.current))
  }, [languageFor, host, fork])

  // Where `selected` sits in the kept list (for stepping).
  const keptIndex = useMemo(() => {
    let lo = 0
    let hi = kept.length - 1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      if (kept[mid]! < selected) lo = mid + 1
      else hi = mid - 1
    }
    return lo
  }, [kept, selected])

  const step = (delta: 1 | -1) => {
    if (kept.length === 0) return
    const at = kept[keptIndex] === selected ? keptIndex + delta : delta > 0 ? keptIndex : keptIndex - 1
    const p = kept[Math.max(0, Math.min(kept.length - 1, at))]
    if (p !== undefined) select(p)
  }

  const jumpTo = () => {
    const seq = Number(jump)
    if (!Number.isFinite(seq)) return
    const p = model.positionAtOrBefore(seq)
    if (p >= 0) select(p)
  }

  // Play: 1x and 4x follow the logged times (gaps over 2 s are shortened to 2 s and said so);
  // 'max' replays as many records as fit in each frame.
  const selectedRef = useRef(selected)
  selectedRef.current = selected
  useEffect(() => {
    if (speed === null) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const records = model.records
    const tick = () => {
      if (stopped) return
      const from = selectedRef.current
      if (from >= records.length - 1) return setSpeed(null)
      if (speed === 'max') {
        const until = performance.now() + 12
        let p = from + 1
        while (p < records.length - 1 && performance.now() < until) {
          cursor.seek(records[p]!.seq)
          p++
        }
        select(p)
        timer = setTimeout(tick, 0)
        return
      }
      const next = from + 1
      const gap = from < 0 ? 0 : records[next]!.at - records[from]!.at
      setNotice(gap > 2000 ? `skipped ${(gap / 1000).toFixed(1)} s of quiet` : null)
      timer = setTimeout(() => {
        if (stopped) return
        select(next)
        tick()
      }, Math.min(gap, 2000) / speed)
    }
    tick()
    return () => {
      stopped = true
      if (timer !== undefined) clearTimeout(timer)
    }
  }, [speed, model, cursor, select])

  const startFork = async () => {
    const r = model.records[selected]
    if (r === undefined) return
    setSpeed(null)
    setForkError(null)
    try {
      await onFork?.(r.seq)
      const site = await fetchSiteConfig(globalThis.location.origin, file.header.siteCode)
      const f = forkAt(file, r.seq, { site })
      fork?.stop()
      setFork(f)
      host.showLive(f.system, `fork-${r.seq}-${Date.now()}`, languageFor(selected))
    } catch (error) {
      setForkError(error instanceof Error ? error.message : String(error))
    }
  }

  const endFork = () => {
    fork?.stop()
    setFork(null)
    if (seek !== null) host.show(seek.after, languageFor(selected))
  }

  const exportFork = async () => {
    if (fork === null) return
    const blob = new Blob([await fork.exportLog()], { type: 'application/x-ndjson' })
    const a = document.createElement('a')
    a.href = URL.createObjectURL(blob)
    a.download = `fork-at-${fork.atSeq}.ndjson`
    a.click()
  }

  const h = file.header
  const toggle = <T,>(list: T[], v: T): T[] => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v])

  return (
    <div className="tl">
      <header className="tl-head">
        <h1>{title}</h1>
        <p>
          session <code>{h.session}</code> · site {h.siteCode} · {h.language} · {h.viewport.width}×{h.viewport.height} · app {h.appVersion} ·
          started {new Date(h.startedAt).toISOString()} · {model.records.length.toLocaleString('en')} records ·{' '}
          <span className={model.errorCount > 0 ? 'tl-error' : ''}>{model.errorCount} errors</span> · {model.network.length} hall calls
        </p>
      </header>

      <div className="tl-bar" role="toolbar" aria-label="Replay">
        <button type="button" onClick={() => step(-1)} aria-label="Step back">
          ◀ step
        </button>
        <button type="button" onClick={() => step(1)} aria-label="Step forward">
          step ▶
        </button>
        <form
          onSubmit={(e) => {
            e.preventDefault()
            jumpTo()
          }}
        >
          <label>
            seq <input value={jump} onChange={(e) => setJump(e.target.value)} inputMode="numeric" size={7} aria-label="Jump to seq" />
          </label>
          <button type="submit">Jump</button>
        </form>
        <span className="tl-sep" />
        {([1, 4, 'max'] as const).map((s) => (
          <button key={s} type="button" aria-pressed={speed === s} onClick={() => setSpeed(speed === s ? null : s)}>
            {s === 'max' ? 'Play fastest' : `Play ${s}x`}
          </button>
        ))}
        <button type="button" onClick={() => setSpeed(null)} disabled={speed === null}>
          Pause
        </button>
        <span className="tl-sep" />
        <button type="button" onClick={() => void startFork()} disabled={selected < 0}>
          Fork here (live)
        </button>
        {fork === null ? null : (
          <>
            <button type="button" onClick={() => void exportFork()}>
              Export fork log
            </button>
            <button type="button" onClick={endFork}>
              Back to replay
            </button>
          </>
        )}
        <span className="tl-sep" />
        <button type="button" onClick={() => setCheck(replayLog(file))}>
          Check replay against this build
        </button>
        <button type="button" onClick={() => setMaking(true)} disabled={selected < 0} aria-expanded={making}>
          Make a test from here
        </button>
        {notice === null ? null : <span className="tl-note">{notice}</span>}
      </div>

      {forkError === null ? null : (
        <p className="tl-banner tl-banner--error" role="alert">
          Fork failed: {forkError}
        </p>
      )}
      {fork === null ? null : (
        <p className="tl-banner" role="status">
          Forked at seq {fork.atSeq}: the screen is live against this hall. Secrets are not in the log: calls that need the player's session answer
          token-expired; sign in again in the screen.
        </p>
      )}
      {check === null ? null : (
        <div className={`tl-banner${check.identical ? '' : ' tl-banner--error'}`} role="status" aria-label="Divergence report">
          {check.identical ? (
            <>
              IDENTICAL: {check.records.toLocaleString('en')} records replay exactly under this build ({check.injected.toLocaleString('en')} injected,{' '}
              {check.notices.toLocaleString('en')} notices regenerated).
            </>
          ) : (
            <>
              DIVERGED at seq {check.divergence!.seq}
              {check.divergence!.actor === null ? '' : ` (actor ${check.divergence!.actor})`}: {check.divergence!.reason}.{' '}
              <button
                type="button"
                onClick={() => {
                  const p = model.positionAtOrBefore(check.divergence!.seq)
                  if (p >= 0) select(p)
                }}
              >
                Go to seq {check.divergence!.seq}
              </button>
              <details>
                <summary>expected / actual</summary>
                <pre>expected {safeJson(check.divergence!.expected, 2)}</pre>
                <pre>actual {safeJson(check.divergence!.actual, 2)}</pre>
              </details>
            </>
          )}
          <button type="button" onClick={() => setCheck(null)} aria-label="Close the report">
            ×
          </button>
        </div>
      )}

      {making && selected >= 0 ? (
        <MakeTest file={file} seq={model.records[selected]!.seq} title={title} reference={reference} onClose={() => setMaking(false)} />
      ) : null}

      <div className="tl-filters" role="search" aria-label="Filters">
        <fieldset>
          <legend>Actor</legend>
          {model.lanes.map((l) => (
            <label key={l.id}>
              <input type="checkbox" checked={actors.includes(l.id)} onChange={() => setActors(toggle(actors, l.id))} /> {l.id}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>Kind</legend>
          {KINDS.map((k) => (
            <label key={k}>
              <input type="checkbox" checked={kinds.includes(k)} onChange={() => setKinds(toggle(kinds, k))} /> {k}
            </label>
          ))}
        </fieldset>
        <label>
          Type{' '}
          <input list="tl-types" value={type} onChange={(e) => setType(e.target.value)} placeholder="hall. or session.tokenExpired" aria-label="Event type" />
          <datalist id="tl-types">
            {model.types.map((t) => (
              <option key={t} value={t} />
            ))}
          </datalist>
        </label>
        <label>
          Text <input value={text} onChange={(e) => setText(e.target.value)} placeholder="anything in the event" aria-label="Text" />
        </label>
        <label>
          <input type="checkbox" checked={errorsOnly} onChange={() => setErrorsOnly(!errorsOnly)} /> errors only
        </label>
        <span className="tl-count">{kept.length.toLocaleString('en')} shown</span>
      </div>

      <Swimlanes model={model} kept={kept} selected={selected} onSelect={select} />

      <div className="tl-main">
        <section className="tl-left">
          <div role="tablist" className="tl-tabs">
            <button type="button" role="tab" aria-selected={tab === 'records'} onClick={() => setTab('records')}>
              Records
            </button>
            <button type="button" role="tab" aria-selected={tab === 'network'} onClick={() => setTab('network')}>
              Network ({model.network.length})
            </button>
          </div>
          {tab === 'records' ? (
            <RecordList model={model} kept={kept} selected={selected} onSelect={select} />
          ) : (
            <NetworkPanel model={model} selected={selected} onSelect={select} />
          )}
          <RecordDetail model={model} position={selected} onSelect={select} />
        </section>
        <section className="tl-right">
          <div className="tl-screenbar">
            <strong>Screen</strong>
            {fork === null ? (selected < 0 ? ' (select a record)' : ` at seq ${model.records[selected]!.seq}`) : ' (live fork)'}
            {seek?.divergence == null ? null : <span className="tl-error"> · replay diverged at seq {seek.divergence.seq}: {seek.divergence.reason}</span>}
            <span className="tl-sep" />
            {(['phone', 'desktop'] as const).map((s) => (
              <button key={s} type="button" aria-pressed={size === s} onClick={() => setSize(s)}>
                {s}
                {s === playerSize ? " (player's)" : ''}
              </button>
            ))}
            <label className="tl-screenlang">
              Screen language{' '}
              <select value={screenLanguage ?? ''} onChange={(e) => setScreenLanguage(e.target.value === '' ? null : e.target.value)}>
                <option value="">the player's: {languageLabel(selected < 0 ? file.header.language : model.languageAt(selected))}</option>
                {LANGUAGES.map((code) => (
                  <option key={code} value={code}>
                    {languageLabel(code)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <ScreenFrame size={size} label={`Lobby screen (${size}, ${screenLanguage === null ? "the player's language" : screenLanguage})`} />
          <StateInspector actorIds={cursor.actorIds} actor={inspect} onActor={setInspect} before={seek?.before} after={seek?.after} />
        </section>
      </div>
    </div>
  )
}
