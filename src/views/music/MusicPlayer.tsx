import { useTranslation } from 'react-i18next'
import {
  selectCurrentTrack, selectIsPlaying, selectMuted, selectMyList, selectPlayerPhase, selectPlayType, selectVolumePercent,
} from '../../../actors/music'
import { useSend } from '../../system-react'
import { MusicIcon } from './MusicIcon'
import { useMusic } from './music-hooks'

/** The player: previous, play or pause, next, the play-type button, the volume slider (spec §4, §5, §9). */
export const MusicPlayer = () => {
  const { t } = useTranslation('music')
  const send = useSend()
  const playing = useMusic(selectIsPlaying)
  const phase = useMusic(selectPlayerPhase)
  const track = useMusic(selectCurrentTrack)
  const hasTracks = useMusic(selectMyList).length > 0
  const playType = useMusic(selectPlayType)
  const volume = useMusic(selectVolumePercent)
  const muted = useMusic(selectMuted)
  const mode = t(`mode.${playType}`)
  return (
    <section className="music-player" aria-label={t('player')}>
      <p className="music-player__track" aria-live="polite">
        {track === null ? t('noTrack') : t('nowPlaying', { name: track.music_name })}
      </p>
      {phase === 'blocked' && <p className="music-player__hint">{t('blocked')}</p>}
      <div className="music-player__controls">
        <button type="button" className="icon-button" aria-label={t('previous')} disabled={!hasTracks} onClick={() => send({ type: 'music.previousClicked' })}>
          <MusicIcon name="previous" />
        </button>
        {playing ? (
          <button type="button" className="icon-button icon-button--accent" aria-label={t('pause')} onClick={() => send({ type: 'music.pauseClicked' })}>
            <MusicIcon name="pause" />
          </button>
        ) : (
          <button type="button" className="icon-button icon-button--accent" aria-label={t('play')} disabled={!hasTracks} onClick={() => send({ type: 'music.playClicked' })}>
            <MusicIcon name="play" />
          </button>
        )}
        <button type="button" className="icon-button" aria-label={t('next')} disabled={!hasTracks} onClick={() => send({ type: 'music.nextClicked' })}>
          <MusicIcon name="next" />
        </button>
        <button type="button" className="button button--ghost music-player__mode" aria-label={t('playType', { mode })} onClick={() => send({ type: 'music.playTypeCycled' })}>
          <MusicIcon name={playType} />
          <span>{mode}</span>
        </button>
      </div>
      <label className="music-player__volume">
        <MusicIcon name={muted ? 'muted' : 'volume'} />
        <span className="visually-hidden">{t('volume')}</span>
        <input
          type="range"
          min={0}
          max={100}
          step={1}
          value={volume}
          aria-valuetext={muted ? t('muted') : `${volume}%`}
          onChange={(e) => send({ type: 'music.volumeSet', volume: Math.round(Number(e.currentTarget.value)) })}
        />
      </label>
    </section>
  )
}
