import { useSyncExternalStore } from 'react'

/** Whether a media query matches, kept current (layout only: never business state). */
export const useMedia = (query: string): boolean =>
  useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => window.matchMedia(query).matches,
    () => false,
  )

/** Spec §9 widths: above 750 px is the web (desktop) layout, above 1200 px the large one. */
export const DESKTOP_QUERY = '(min-width: 751px)'
export const LARGE_QUERY = '(min-width: 1201px)'
