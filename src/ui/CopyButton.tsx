import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon } from './Icon'
import './controls.css'

/** How long the button shows its tick after a copy. */
const SHOWN_MS = 2000

/**
 * The outcome of a clipboard action, announced politely: a status region that is always there
 * (empty between announcements), so a screen reader hears each new outcome.
 */
const useOutcome = () => {
  const [outcome, setOutcome] = useState<'done' | 'failed' | null>(null)
  useEffect(() => {
    if (outcome === null) return
    const timer = setTimeout(() => setOutcome(null), SHOWN_MS)
    return () => clearTimeout(timer)
  }, [outcome])
  return [outcome, setOutcome] as const
}

/**
 * Copies `text` to the clipboard: an icon button named by `label` ('Copy username'); a tick and a
 * polite 'Copied' after the copy, 'Could not copy' when the browser refuses.
 */
export const CopyButton = ({ text, label }: { text: string; label: string }) => {
  const { t } = useTranslation('ui')
  const [outcome, setOutcome] = useOutcome()
  const copy = () => {
    const clipboard = globalThis.navigator?.clipboard
    if (clipboard === undefined) return setOutcome('failed')
    clipboard.writeText(text).then(
      () => setOutcome('done'),
      () => setOutcome('failed'),
    )
  }
  return (
    <span className="clip">
      <button type="button" className="icon-button icon-button--small clip__button" aria-label={label} data-done={outcome === 'done' || undefined} onClick={copy}>
        <Icon name={outcome === 'done' ? 'check' : 'copy'} />
      </button>
      <span role="status" className="visually-hidden">
        {outcome === 'done' ? t('clipboard.copied') : outcome === 'failed' ? t('clipboard.copyFailed') : ''}
      </span>
    </span>
  )
}

/**
 * Pastes from the clipboard into a field: an icon button named by `label` ('Paste code') that
 * hands the clipboard's text to `onPaste`; 'Could not paste' when the browser refuses (the player
 * can still paste with the keyboard).
 */
export const PasteButton = ({ onPaste, label }: { onPaste: (text: string) => void; label: string }) => {
  const { t } = useTranslation('ui')
  const [outcome, setOutcome] = useOutcome()
  const paste = () => {
    const clipboard = globalThis.navigator?.clipboard
    if (clipboard === undefined) return setOutcome('failed')
    clipboard.readText().then(
      (text) => {
        onPaste(text)
        setOutcome('done')
      },
      () => setOutcome('failed'),
    )
  }
  return (
    <span className="clip">
      <button type="button" className="icon-button icon-button--small clip__button" aria-label={label} onClick={paste}>
        <Icon name="paste" />
      </button>
      <span role="status" className="visually-hidden">
        {outcome === 'failed' ? t('clipboard.pasteFailed') : ''}
      </span>
    </span>
  )
}
