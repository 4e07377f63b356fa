import { useTranslation } from 'react-i18next'
import { selectIsPlaying, selectMusicShown } from '../../../actors/music'
import { useSend } from '../../system-react'
import { MusicIcon } from './MusicIcon'
import { MusicLibrary } from './MusicLibrary'
import { useMusic } from './music-hooks'

/**
 * The header music button (spec §2): opens the music library; hidden when musicShow is off. It
 * also mounts the library modal, which the personal-centre entry opens too.
 */
export const MusicButton = ({ className = 'icon-button' }: { className?: string }) => {
  const { t } = useTranslation('music')
  const send = useSend()
  const shown = useMusic(selectMusicShown)
  const playing = useMusic(selectIsPlaying)
  if (!shown) return null
  return (
    <>
      <button
        type="button"
        className={`${className} music-button${playing ? ' music-button--playing' : ''}`}
        aria-label={t('open')}
        aria-haspopup="dialog"
        onClick={() => send({ type: 'music.libraryOpened' })}
      >
        <MusicIcon name="note" />
      </button>
      <MusicLibrary />
    </>
  )
}

/**
 * The personal-centre menu entry (spec §2: hidden when musicShow is off). It only asks for the
 * library; the modal is mounted by MusicButton in the header.
 */
export const MusicMenuEntry = ({ className = 'option', onChosen }: { className?: string; onChosen?: () => void }) => {
  const { t } = useTranslation('music')
  const send = useSend()
  const shown = useMusic(selectMusicShown)
  if (!shown) return null
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        send({ type: 'music.libraryOpened' })
        onChosen?.()
      }}
    >
      <MusicIcon name="note" />
      {t('entry')}
    </button>
  )
}
