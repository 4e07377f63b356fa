import type { SVGProps } from 'react'

/** The player's own line icons (24×24, stroke in currentColor), decorative: the buttons carry the names. */
const PATHS = {
  note: 'M9 18V5l11-2v13M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0zm11-2a3 3 0 1 1-6 0 3 3 0 0 1 6 0z',
  play: 'M7 4v16l13-8z',
  pause: 'M7 4h3v16H7zm7 0h3v16h-3z',
  next: 'M5 5v14l10-7zm13 0v14',
  previous: 'M19 5v14L9 12zM6 5v14',
  xhbf: 'M4 9h13l-3-3m6 9H7l3 3',
  sj: 'M3 7h4l10 10h4m0 0-3-3m3 3-3 3M3 17h4l3-3m4-4 3-3h4m0 0-3-3m3 3-3 3',
  dqxh: 'M4 12a8 8 0 0 1 14-5.3M20 12a8 8 0 0 1-14 5.3M18 3v4h-4M6 21v-4h4M12 9v6',
  volume: 'M4 9h4l5-4v14l-5-4H4zm12 0a4 4 0 0 1 0 6m2.5-8.5a7.5 7.5 0 0 1 0 11',
  muted: 'M4 9h4l5-4v14l-5-4H4zm12 .5 5 5m0-5-5 5',
  download: 'M12 4v11m-5-5 5 5 5-5M5 20h14',
  check: 'M5 12.5l4.5 4.5L19 7',
  trash: 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13',
} as const

export type MusicIconName = keyof typeof PATHS

export const MusicIcon = ({ name, ...rest }: { name: MusicIconName } & SVGProps<SVGSVGElement>) => (
  <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false" {...rest}>
    <path d={PATHS[name]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
)
