import { useLayoutEffect } from 'react'

/**
 * The home page's first screen, painted by the hall from HTML before the lobby starts
 * (server/first-screen.ts; docs/architecture.md "The first screen"). The lobby's root stays hidden
 * while it is there (src/ui/first-screen.css); the lobby removes it in the commit that first shows
 * its own screen, before the browser paints that frame, so the boot screen never shows in between
 * and the shell replaces the same shell in place.
 */
const FIRST_SCREEN_ID = 'first-screen'

/** Removes the hall's first screen (nothing when the page has none), showing the lobby's root. */
export const dropFirstScreen = (): void => document.getElementById(FIRST_SCREEN_ID)?.remove()

/** Takes the first screen over once `ready`: the screen about to be committed is the lobby's own. */
export const useFirstScreenTakeover = (ready: boolean): void => {
  useLayoutEffect(() => {
    if (ready) dropFirstScreen()
  }, [ready])
}
