import { useEffect } from 'react'
import type { PlayKind } from '../../../schemas/events/play'
import { useSend } from '../../system-react'
import { GuessPanel } from './GuessPanel'
import { InvestPanel, LuckyPanel, QuizPanel } from './PlayPanels'
import './play.css'

/**
 * The playing activities' panel on the event centre's detail page (docs/hall.md "Playing
 * activities"): sports guessing, invest, lucky bet or the quiz, by the activity's kind. Every figure
 * and outcome is the hall's; the panel shows them and asks.
 */
export const PlayPanel = ({ activeId, kind }: { activeId: number; kind: PlayKind }) => {
  const send = useSend()
  useEffect(() => {
    send({ type: 'play.opened', activeId, kind })
  }, [send, activeId, kind])
  switch (kind) {
    case 'guess':
      return <GuessPanel activeId={activeId} />
    case 'invest':
      return <InvestPanel activeId={activeId} />
    case 'lucky':
      return <LuckyPanel activeId={activeId} />
    case 'quiz':
      return <QuizPanel activeId={activeId} />
  }
}
