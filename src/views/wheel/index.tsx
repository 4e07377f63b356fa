import type { ReactNode } from 'react'
import { WheelPanel } from './WheelPanel'
import { WordsPanel } from './WordsPanel'

/** The playing view of a lucky wheel (types 2, 20) or a word collection (18) for the event centre's detail page, or null for another type. */
export const wheelViewFor = (type: number, activeId: number): ReactNode =>
  type === 2 || type === 20 ? <WheelPanel activeId={activeId} /> : type === 18 ? <WordsPanel activeId={activeId} /> : null
