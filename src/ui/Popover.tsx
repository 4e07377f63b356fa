import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react'

/**
 * A button that opens a panel below it (language and currency switches). Escape and a click
 * outside close it and give focus back to the button; opening moves focus to the panel's
 * current (or first) option. Open or closed is view state, not business state.
 */
export const Popover = ({
  label,
  trigger,
  className,
  panelLabel,
  busy = false,
  children,
}: {
  /** Something the panel started is under way (a language switch loading). */
  busy?: boolean
  /** The button's accessible name. */
  label: string
  trigger: ReactNode
  className?: string
  /** The panel's accessible name. */
  panelLabel: string
  children: (close: () => void) => ReactNode
}) => {
  const [open, setOpen] = useState(false)
  const id = useId()
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  const close = useCallback(() => {
    setOpen(false)
    button.current?.focus()
  }, [])

  useEffect(() => {
    if (!open) return
    const target = panel.current?.querySelector<HTMLElement>('[aria-current="true"], [aria-checked="true"]') ?? panel.current?.querySelector<HTMLElement>('button')
    target?.focus()
    const onDown = (e: PointerEvent) => {
      if (root.current !== null && !root.current.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onDown)
    return () => document.removeEventListener('pointerdown', onDown)
  }, [open])

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.stopPropagation()
      close()
      return
    }
    if (!open || (e.key !== 'ArrowDown' && e.key !== 'ArrowUp')) return
    const items = [...(panel.current?.querySelectorAll<HTMLElement>('button') ?? [])]
    const at = items.indexOf(document.activeElement as HTMLElement)
    const next = items[(at + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]
    next?.focus()
    e.preventDefault()
  }

  return (
    <div className={`popover ${className ?? ''}`} ref={root} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className="chip"
        aria-label={label}
        aria-expanded={open}
        aria-busy={busy || undefined}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {trigger}
      </button>
      <div ref={panel} id={id} className="popover__panel" role="group" aria-label={panelLabel} hidden={!open}>
        {open && children(close)}
      </div>
    </div>
  )
}
