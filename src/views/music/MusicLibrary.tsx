import { useId, useLayoutEffect, useRef, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import {
  selectBusy, selectConfirmDelete, selectLibraryOpen, selectLibraryPhase, selectMusicNotice, selectMyList, selectSystemList, selectTab,
} from '../../../actors/music'
import type { MusicTab } from '../../../schemas/events/music'
import type { MusicItem } from '../../../schemas/hall/calls/site'
import { useSend } from '../../system-react'
import { Tabs } from '../../ui/Tabs'
import { MusicIcon } from './MusicIcon'
import { MusicPlayer } from './MusicPlayer'
import { useMusic } from './music-hooks'
import './music.css'

/**
 * The music library modal (spec §2): the player on top, then tabs 1 system music and 2 my music.
 * A native modal <dialog> (the page behind is inert, focus stays inside and returns on close);
 * Escape and the close button send music.libraryClosed, and the actor decides.
 */
export const MusicLibrary = () => {
  const { t } = useTranslation('music')
  const send = useSend()
  const open = useMusic(selectLibraryOpen)
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const restoreTo = useRef<HTMLElement | null>(null)

  useLayoutEffect(() => {
    const dialog = ref.current
    if (dialog === null) return
    if (open && !dialog.open) {
      const active = dialog.ownerDocument.activeElement
      restoreTo.current = active instanceof HTMLElement ? active : null
      dialog.showModal()
    } else if (!open && dialog.open) {
      dialog.close()
      if (restoreTo.current?.isConnected === true) restoreTo.current.focus()
      restoreTo.current = null
    }
  }, [open])

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Escape') return
    e.preventDefault()
    send({ type: 'music.libraryClosed' })
  }

  return (
    <dialog ref={ref} className="music-library" aria-labelledby={titleId} onKeyDown={onKeyDown} onCancel={(e) => e.preventDefault()}>
      <div className="music-library__head">
        <h2 id={titleId} className="music-library__title">
          {t('title')}
        </h2>
        <button type="button" className="icon-button" aria-label={t('close')} onClick={() => send({ type: 'music.libraryClosed' })}>
          <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6 6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      {open && (
        <>
          <MusicPlayer />
          <LibraryTabs />
          <Notice />
          <ConfirmDelete />
        </>
      )}
    </dialog>
  )
}

const TABS: ReadonlyArray<{ readonly tab: MusicTab; readonly key: 'tabs.system' | 'tabs.mine' }> = [
  { tab: 1, key: 'tabs.system' },
  { tab: 2, key: 'tabs.mine' },
]

/** The two tabs (the shared `Tabs`: arrow keys move between them). */
const LibraryTabs = () => {
  const { t } = useTranslation('music')
  const send = useSend()
  const tab = useMusic(selectTab)
  return (
    <div className="music-tabs">
      <Tabs
        label={t('tabs.label')}
        className="music-tabs__list"
        items={TABS.map((d) => ({ key: d.tab, label: t(d.key) }))}
        selected={tab}
        onSelect={(next) => send({ type: 'music.tabChosen', tab: next })}
        tabClassName={() => 'music-tabs__tab'}
        panelClassName="music-tabs__panel"
        panelFocusable
      >
        {tab === 1 ? <SystemList /> : <MyList />}
      </Tabs>
    </div>
  )
}

const sizeOf = (item: MusicItem): string => `${Math.max(1, Math.round(item.music_size / 1024))} KB`

const ListState = ({ empty }: { empty: boolean }) => {
  const { t } = useTranslation('music')
  const send = useSend()
  const phase = useMusic(selectLibraryPhase)
  if (phase === 'loading') return <p className="music-list__state" role="status">{t('loading')}</p>
  if (phase === 'failed')
    return (
      <p className="music-list__state" role="alert">
        {t('loadFailed')}{' '}
        <button type="button" className="button button--ghost" onClick={() => send({ type: 'music.libraryOpened' })}>
          {t('retry')}
        </button>
      </p>
    )
  return empty ? <p className="music-list__state">{t('empty')}</p> : null
}

/** Tab 1: the system music; each track can be added to my music once. */
const SystemList = () => {
  const { t } = useTranslation('music')
  const send = useSend()
  const list = useMusic(selectSystemList)
  const mine = useMusic(selectMyList)
  const busy = useMusic(selectBusy)
  return (
    <>
      <ListState empty={list.length === 0} />
      <ul className="music-list" aria-label={t('tabs.system')}>
        {list.map((m) => {
          const added = mine.some((x) => x.id === m.id)
          return (
            <li key={m.id} className="music-list__item">
              <span className="music-list__name">{m.music_name}</span>
              <span className="music-list__size">{sizeOf(m)}</span>
              {added ? (
                <span className="music-list__added">
                  <MusicIcon name="check" />
                  {t('added')}
                </span>
              ) : (
                <button
                  type="button"
                  className="button button--ghost"
                  aria-label={t('download', { name: m.music_name })}
                  disabled={busy}
                  onClick={() => send({ type: 'music.downloadClicked', musicId: m.id })}
                >
                  <MusicIcon name="download" />
                  {t('add')}
                </button>
              )}
            </li>
          )
        })}
      </ul>
    </>
  )
}

/** Tab 2: my music; play a track, or delete it (refused for the only one, confirmed otherwise). */
const MyList = () => {
  const { t } = useTranslation('music')
  const send = useSend()
  const list = useMusic(selectMyList)
  const busy = useMusic(selectBusy)
  return (
    <>
      <ListState empty={list.length === 0} />
      <ul className="music-list" aria-label={t('tabs.mine')}>
        {list.map((m) => (
          <li key={m.id} className="music-list__item">
            <span className="music-list__name">{m.music_name}</span>
            <span className="music-list__size">{sizeOf(m)}</span>
            <button type="button" className="icon-button" aria-label={t('playTrack', { name: m.music_name })} onClick={() => send({ type: 'music.playClicked', musicId: m.id })}>
              <MusicIcon name="play" />
            </button>
            <button
              type="button"
              className="icon-button"
              aria-label={t('deleteTrack', { name: m.music_name })}
              disabled={busy}
              onClick={() => send({ type: 'music.deleteClicked', musicId: m.id })}
            >
              <MusicIcon name="trash" />
            </button>
          </li>
        ))}
      </ul>
    </>
  )
}

/** The refusal to delete the only track, or a failed download or delete. */
const Notice = () => {
  const { t } = useTranslation('music')
  const send = useSend()
  const notice = useMusic(selectMusicNotice)
  if (notice === null) return null
  return (
    <div className="music-notice" role="alert">
      <span>{t(notice === 'onlyTrack' ? 'onlyTrack' : 'failed')}</span>
      <button type="button" className="button button--ghost" onClick={() => send({ type: 'music.deleteCancelled' })}>
        {t('dismiss')}
      </button>
    </div>
  )
}

/** The delete confirm, inside the library dialog. */
const ConfirmDelete = () => {
  const { t } = useTranslation('music')
  const send = useSend()
  const track = useMusic(selectConfirmDelete)
  const id = useId()
  if (track === null) return null
  return (
    <div className="music-confirm" role="alertdialog" aria-modal="false" aria-labelledby={id}>
      <p id={id}>{t('confirmDelete', { name: track.music_name })}</p>
      <div className="music-confirm__actions">
        <button type="button" className="button button--ghost" onClick={() => send({ type: 'music.deleteCancelled' })}>
          {t('cancel')}
        </button>
        <button type="button" className="button button--primary" autoFocus onClick={() => send({ type: 'music.deleteConfirmed' })}>
          {t('confirm')}
        </button>
      </div>
    </div>
  )
}
