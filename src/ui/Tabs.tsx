import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { tabAfterKey } from './tabs'

/** One tab of a bar: its key, its words, and anything drawn after them (a badge). */
export interface TabItem<K extends string | number> {
  readonly key: K
  readonly label: ReactNode
  readonly extra?: ReactNode
}

/**
 * A tab bar and its panel (WAI-ARIA tabs): `role="tablist"` named by `label`, each tab a button
 * with `role="tab"` and `aria-selected`, the panel a `role="tabpanel"` named by the selected tab.
 * Arrow keys, Home and End choose and focus another tab (automatic activation); only the selected
 * tab is in the Tab order. Which tab is selected is the caller's (an actor's state, the address's
 * query or view state): the bar only reports the choice with `onSelect`.
 */
export const Tabs = <K extends string | number>({
  label,
  items,
  selected,
  onSelect,
  className,
  tabClassName,
  panelClassName,
  panelFocusable = false,
  wrapList = (list) => list,
  children,
}: {
  /** The bar's accessible name. */
  readonly label: string
  readonly items: ReadonlyArray<TabItem<K>>
  readonly selected: K | null
  readonly onSelect: (key: K) => void
  /** The bar's class. */
  readonly className?: string
  /** A tab's class, by whether it is the selected one. */
  readonly tabClassName?: (selected: boolean) => string
  readonly panelClassName?: string
  /** The panel takes focus itself (a panel with nothing focusable in it). */
  readonly panelFocusable?: boolean
  /** Draws the bar inside something of the page's (a bar with another button beside the tabs). */
  readonly wrapList?: (list: ReactNode) => ReactNode
  /** The selected tab's panel. */
  readonly children: ReactNode
}) => {
  const base = useId()
  const refs = useRef(new Map<K, HTMLButtonElement>())
  const tabId = (key: K) => `${base}-tab-${String(key)}`
  const panelId = `${base}-panel`
  const keys = items.map((x) => x.key)
  // A bar whose selection is not one of its tabs keeps its first tab in the Tab order.
  const focusable = selected !== null && keys.includes(selected) ? selected : (keys[0] ?? null)
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (focusable === null) return
    const next = tabAfterKey(keys, focusable, e.key)
    if (next === null) return
    e.preventDefault()
    if (next !== selected) onSelect(next)
    refs.current.get(next)?.focus()
  }
  return (
    <>
      {wrapList(
      <div className={className} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {items.map((x) => (
          <button
            key={x.key}
            ref={(el) => {
              if (el === null) refs.current.delete(x.key)
              else refs.current.set(x.key, el)
            }}
            type="button"
            role="tab"
            id={tabId(x.key)}
            aria-selected={x.key === selected}
            aria-controls={panelId}
            tabIndex={x.key === focusable ? 0 : -1}
            className={tabClassName?.(x.key === selected)}
            onClick={() => onSelect(x.key)}
          >
            {x.label}
            {x.extra}
          </button>
        ))}
      </div>,
      )}
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={selected === null ? undefined : tabId(selected)}
        className={panelClassName}
        tabIndex={panelFocusable ? 0 : undefined}
      >
        {children}
      </div>
    </>
  )
}

/** The look most bars use: small buttons, the selected one primary. */
export const buttonTab = (selected: boolean): string => `button button--small ${selected ? 'button--primary' : 'button--ghost'}`
