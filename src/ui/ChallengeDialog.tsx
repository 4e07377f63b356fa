import { useId, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { Challenge, ChallengeSymbol } from '../../schemas/hall/calls/auth'
import { Modal } from './Modal'
import './ChallengeDialog.css'

/**
 * The hall's puzzle challenges (issue 24; spec §8 1124 slider, 1125 click, 1126 nine-square) in a
 * dialog: the picture the hall drew and what the player does with it. The lobby never knows the
 * answer: it sends what the player did (the slider's x and the drag's track, the points clicked,
 * the tiles picked; positions in the picture's own pixels) and the hall judges it. The slider moves
 * by pointer or by the arrow keys; the click picture takes clicks or a keyboard cursor; the tiles
 * are toggle buttons.
 */
export interface ChallengeDialogProps {
  readonly challenge: Challenge
  /** The answer was given (the JSON the hall checks): the attempt is retried with it. */
  readonly onAnswer: (answer: string) => void
  readonly onRenew: () => void
  readonly onCancel: () => void
  /** The retried attempt is in flight. */
  readonly busy?: boolean
  /** Why the last answer was refused (a new challenge is shown), or null. */
  readonly error?: string | null
}

/** The pictures' width in their own pixels (the hall draws them 300 px wide). */
const PICTURE_WIDTH = 300

export const ChallengeDialog = ({ challenge, onAnswer, onRenew, onCancel, busy = false, error = null }: ChallengeDialogProps) => {
  const { t } = useTranslation('verify')
  return (
    <Modal open title={t('puzzle.title')} onClose={onCancel} showCloseButton closeLabel={t('challenge.cancel')} className="puzzle">
      {error !== null && (
        <p className="puzzle__error" role="alert">
          {error}
        </p>
      )}
      {challenge.kind === 'slider' && <SliderPuzzle key={challenge.key} challenge={challenge} onAnswer={onAnswer} busy={busy} />}
      {challenge.kind === 'click' && <ClickPuzzle key={challenge.key} challenge={challenge} onAnswer={onAnswer} busy={busy} />}
      {challenge.kind === 'nine' && <NinePuzzle key={challenge.key} challenge={challenge} onAnswer={onAnswer} busy={busy} />}
      <div className="puzzle__row">
        <button type="button" className="button button--ghost button--small" disabled={busy} onClick={onRenew}>
          {t('puzzle.renew')}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={onCancel}>
          {t('challenge.cancel')}
        </button>
      </div>
    </Modal>
  )
}

interface PuzzleProps {
  readonly challenge: Challenge
  readonly onAnswer: (answer: string) => void
  readonly busy: boolean
}

const pct = (px: number): string => `${(px / PICTURE_WIDTH) * 100}%`

/** The symbol names of a prompt, in the player's language. */
const useSymbols = () => {
  const { t } = useTranslation('verify')
  return (symbols: ReadonlyArray<ChallengeSymbol>): string => symbols.map((s) => t(`puzzle.symbol.${s}`)).join(', ')
}

/** A slider step: an arrow key moves the piece 2 px, with Shift 10 px. */
const STEP = 2
const BIG_STEP = 10

/** The slider (1124): drag the piece, or move it with the arrow keys, into the notch; letting go (or Enter) answers. */
const SliderPuzzle = ({ challenge, onAnswer, busy }: PuzzleProps) => {
  const { t } = useTranslation('verify')
  const hint = useId()
  const [pos, setPos] = useState(0)
  const [stripWidth, setStripWidth] = useState(50)
  const stage = useRef<HTMLDivElement>(null)
  const drag = useRef<{ startX: number; startPos: number } | null>(null)
  // The drag's track: [ms since its first move, x] (pointer moves and key presses alike).
  const track = useRef<Array<[number, number]>>([])
  const t0 = useRef<number | null>(null)
  const max = PICTURE_WIDTH - stripWidth
  const clamp = (x: number) => Math.max(0, Math.min(max, Math.round(x)))
  const record = (x: number, at: number) => {
    if (t0.current === null) t0.current = at
    track.current.push([Math.round(at - t0.current), x])
  }
  const scale = (): number => PICTURE_WIDTH / (stage.current?.getBoundingClientRect().width || PICTURE_WIDTH)
  const answer = (x: number) => {
    if (busy || track.current.length === 0) return
    onAnswer(JSON.stringify({ x, track: track.current }))
    track.current = []
    t0.current = null
  }
  const down = (e: PointerEvent<HTMLDivElement>) => {
    if (busy) return
    e.currentTarget.setPointerCapture(e.pointerId)
    drag.current = { startX: e.clientX, startPos: pos }
    record(pos, e.timeStamp)
  }
  const move = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current === null) return
    const x = clamp(drag.current.startPos + (e.clientX - drag.current.startX) * scale())
    setPos(x)
    record(x, e.timeStamp)
  }
  const up = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current === null) return
    const x = clamp(drag.current.startPos + (e.clientX - drag.current.startX) * scale())
    drag.current = null
    setPos(x)
    record(x, e.timeStamp)
    answer(x)
  }
  const key = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? BIG_STEP : STEP
    const next =
      e.key === 'ArrowRight' || e.key === 'ArrowUp' ? pos + step
      : e.key === 'ArrowLeft' || e.key === 'ArrowDown' ? pos - step
      : e.key === 'Home' ? 0
      : e.key === 'End' ? max
      : null
    if (e.key === 'Enter') {
      e.preventDefault()
      return answer(pos)
    }
    if (next === null || busy) return
    e.preventDefault()
    const x = clamp(next)
    setPos(x)
    record(x, e.timeStamp)
  }
  return (
    <div className="puzzle__body">
      <p className="puzzle__prompt">{t('puzzle.slider.prompt')}</p>
      <div className="puzzle__stage" ref={stage}>
        <img className="puzzle__image" src={challenge.image} alt={t('puzzle.slider.image')} draggable={false} />
        {challenge.piece !== undefined && (
          <img
            className="puzzle__piece"
            src={challenge.piece}
            alt=""
            draggable={false}
            style={{ left: pct(pos), width: pct(stripWidth) }}
            onLoad={(e) => setStripWidth(e.currentTarget.naturalWidth || 50)}
          />
        )}
      </div>
      <div className="puzzle__track">
        <div
          className="puzzle__handle"
          role="slider"
          tabIndex={0}
          data-autofocus=""
          aria-label={t('puzzle.slider.handle')}
          aria-describedby={hint}
          aria-valuemin={0}
          aria-valuemax={max}
          aria-valuenow={pos}
          aria-disabled={busy || undefined}
          style={{ left: pct(pos), width: pct(stripWidth) }}
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerCancel={() => (drag.current = null)}
          onKeyDown={key}
        >
          <span aria-hidden="true">⇆</span>
        </div>
      </div>
      <p className="puzzle__hint" id={hint}>
        {t('puzzle.slider.keys')}
      </p>
    </div>
  )
}

/** The click challenge (1125): the named symbols clicked in order (or marked with a keyboard cursor), then Verify. */
const ClickPuzzle = ({ challenge, onAnswer, busy }: PuzzleProps) => {
  const { t } = useTranslation('verify')
  const names = useSymbols()
  const prompt = challenge.prompt ?? []
  const [points, setPoints] = useState<ReadonlyArray<readonly [number, number]>>([])
  const [cursor, setCursor] = useState<readonly [number, number]>([PICTURE_WIDTH / 2, 90])
  const [height, setHeight] = useState(180)
  const add = (p: readonly [number, number]) => setPoints((ps) => (ps.length < prompt.length ? [...ps, p] : ps))
  const click = (e: MouseEvent<HTMLButtonElement>) => {
    // A key press's click has no position: the cursor marks it (below).
    if (e.detail === 0) return
    const box = e.currentTarget.getBoundingClientRect()
    const s = PICTURE_WIDTH / box.width
    add([Math.round((e.clientX - box.left) * s), Math.round((e.clientY - box.top) * s)])
  }
  const key = (e: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Readonly<Record<string, readonly [number, number]>> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }
    const m = moves[e.key]
    if (m !== undefined) {
      e.preventDefault()
      const step = e.shiftKey ? 20 : 5
      setCursor(([x, y]) => [Math.max(0, Math.min(PICTURE_WIDTH, x + m[0] * step)), Math.max(0, Math.min(height, y + m[1] * step))])
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault()
      add(cursor)
    }
  }
  return (
    <div className="puzzle__body">
      <p className="puzzle__prompt">{t('puzzle.click.prompt', { symbols: names(prompt) })}</p>
      <div className="puzzle__stage">
        <img className="puzzle__image" src={challenge.image} alt="" draggable={false} onLoad={(e) => setHeight(e.currentTarget.naturalHeight || 180)} />
        <button type="button" className="puzzle__hit" data-autofocus="" aria-label={t('puzzle.click.area', { symbols: names(prompt) })} onClick={click} onKeyDown={key} disabled={busy}>
          {points.map(([x, y], i) => (
            <span key={i} className="puzzle__mark" style={{ left: pct(x), top: `${(y / height) * 100}%` }} aria-hidden="true">
              {i + 1}
            </span>
          ))}
          <span className="puzzle__cursor" style={{ left: pct(cursor[0]), top: `${(cursor[1] / height) * 100}%` }} aria-hidden="true" />
        </button>
      </div>
      <p className="puzzle__hint" role="status">
        {t('puzzle.click.count', { done: points.length, count: prompt.length })}
      </p>
      <div className="puzzle__row">
        <button type="button" className="button button--primary button--small" disabled={busy || points.length !== prompt.length} onClick={() => onAnswer(JSON.stringify({ points }))}>
          {t('puzzle.submit')}
        </button>
        <button type="button" className="button button--ghost button--small" disabled={points.length === 0} onClick={() => setPoints([])}>
          {t('puzzle.clear')}
        </button>
      </div>
    </div>
  )
}

/** The nine-square challenge (1126): the tiles showing the named symbol toggled, then Verify. */
const NinePuzzle = ({ challenge, onAnswer, busy }: PuzzleProps) => {
  const { t } = useTranslation('verify')
  const names = useSymbols()
  const [picked, setPicked] = useState<ReadonlyArray<number>>([])
  const toggle = (i: number) => setPicked((ps) => (ps.includes(i) ? ps.filter((p) => p !== i) : [...ps, i].sort((a, b) => a - b)))
  return (
    <div className="puzzle__body">
      <p className="puzzle__prompt">{t('puzzle.nine.prompt', { symbol: names(challenge.prompt ?? []) })}</p>
      <div className="puzzle__stage puzzle__stage--square">
        <img className="puzzle__image" src={challenge.image} alt="" draggable={false} />
        <div className="puzzle__grid" role="group" aria-label={t('puzzle.nine.grid')}>
          {Array.from({ length: 9 }, (_, i) => (
            <button
              key={i}
              type="button"
              className="puzzle__tile"
              aria-pressed={picked.includes(i)}
              aria-label={t('puzzle.nine.tile', { row: Math.floor(i / 3) + 1, column: (i % 3) + 1 })}
              data-autofocus={i === 0 ? '' : undefined}
              disabled={busy}
              onClick={() => toggle(i)}
            />
          ))}
        </div>
      </div>
      <div className="puzzle__row">
        <button type="button" className="button button--primary button--small" disabled={busy || picked.length === 0} onClick={() => onAnswer(JSON.stringify({ tiles: picked }))}>
          {t('puzzle.submit')}
        </button>
      </div>
    </div>
  )
}
