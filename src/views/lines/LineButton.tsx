import { useTranslation } from 'react-i18next'
import { selectCurrentLine, selectLineMenu, type LineView, type PingBand } from '../../../actors/lines'
import { Modal } from '../../ui/Modal'
import { DESKTOP_QUERY, useMedia } from '../../ui/useMedia'
import { useActor, useSend } from '../../system-react'
import './lines.css'


/** Signal bars of a band: green 3, yellow 2, red 1, failed or untested 0. */
const BARS: Readonly<Record<PingBand, number>> = { green: 3, yellow: 2, red: 1, failed: 0, untested: 0 }

const Signal = ({ band }: { band: PingBand }) => (
  <svg className={`line-signal line-signal--${band}`} viewBox="0 0 12 12" width="14" height="14" aria-hidden="true" focusable="false">
    {[0, 1, 2].map((i) => (
      <rect key={i} x={1 + i * 4} y={8 - i * 3} width="2.5" height={3 + i * 3} rx="0.5" className={i < BARS[band] ? 'on' : 'off'} />
    ))}
  </svg>
)

/** The ping as text: '123 ms', or the band word for a failed or untested line. */
const usePingText = () => {
  const { t } = useTranslation('lines')
  return (line: Pick<LineView, 'ping' | 'band'>): string =>
    // 'ms' is the unit symbol, the same in every language.
    line.band === 'failed' ? t('failed') : line.band === 'untested' ? t('untested') : `${line.ping} ms`
}

/**
 * The header's network-line indicator (screens doc §3 network line): the line in use with its
 * ping in the spec's colour band; it opens the line-selection modal, which it mounts.
 */
export const LineButton = ({ className = 'icon-button' }: { className?: string }) => {
  const { t } = useTranslation('lines')
  const send = useSend()
  const line = useActor('lines', selectCurrentLine)
  const pingText = usePingText()
  return (
    <>
      <button
        type="button"
        className={`${className} line-button`}
        aria-label={t('open', { ping: pingText(line) })}
        aria-haspopup="dialog"
        data-band={line.band}
        onClick={() => send({ type: 'lines.menuOpened' })}
      >
        <Signal band={line.band} />
      </button>
      <LineMenu />
    </>
  )
}

/**
 * The line-selection modal (screens doc §2; §4: every line is timed when it opens, confirm
 * applies the pick, cancel reverts it; §5: lines whose ping is 9999 or 0 are not listed).
 */
export const LineMenu = () => {
  const { t } = useTranslation('lines')
  const send = useSend()
  const desktop = useMedia(DESKTOP_QUERY)
  const menu = useActor('lines', selectLineMenu)
  const pingText = usePingText()
  const cancel = () => send({ type: 'lines.cancelled' })
  return (
    <Modal open={menu.open} title={t('title')} onClose={cancel} showCloseButton={desktop} closeLabel={t('cancel')} className="line-menu">
      <p className="line-menu__status" role="status">
        {menu.testing ? t('testing') : menu.items.length === 0 ? t('none') : ''}
      </p>
      <fieldset className="line-menu__list">
        <legend className="visually-hidden">{t('title')}</legend>
        {menu.items.map((item) => (
          <label key={item.url} className={`line-menu__item${item.selected ? ' line-menu__item--selected' : ''}`} data-band={item.band}>
            <input
              type="radio"
              name="network-line"
              value={item.url}
              checked={item.selected}
              onChange={() => send({ type: 'lines.lineSelected', url: item.url })}
            />
            <span className="line-menu__title">{item.title}</span>
            <Signal band={item.band} />
            <span className={`line-menu__ping line-ping--${item.band}`}>
              {pingText(item)}
              <span className="visually-hidden"> {t(`band.${item.band}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="line-menu__actions">
        <button type="button" className="button" onClick={cancel}>
          {t('cancel')}
        </button>
        <button type="button" className="button button--accent" data-autofocus onClick={() => send({ type: 'lines.confirmed' })}>
          {t('confirm')}
        </button>
      </div>
    </Modal>
  )
}
