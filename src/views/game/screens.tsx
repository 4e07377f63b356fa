import { gamesDomain } from '../../../actors/games/domain'
import { GamePage } from '../pages/GamePage'
import { lazyNamed } from '../routing/lazy-view'
import { defineScreens } from '../routing/screens'

// The game page is the first route: it comes with the first load. Every other page and popup is
// its own chunk, loaded when it is first shown (src/views/routing/lazy-view.tsx).
const EmbeddedPage = lazyNamed(() => import('./EmbeddedPage'), 'EmbeddedPage')
const SearchPage = lazyNamed(() => import('./SearchPage'), 'SearchPage')
const SportsPage = lazyNamed(() => import('./SportsPage'), 'SportsPage')
const ContinueGamePopup = lazyNamed(() => import('./GamePopups'), 'ContinueGamePopup')
const VerifyPhonePopup = lazyNamed(() => import('./GamePopups'), 'VerifyPhonePopup')

/** The games domain's screens: the game list and sub-game list (one page), search, the embedded game, sports. */
export const gamesScreens = defineScreens(gamesDomain, {
  pages: {
    game: () => <GamePage />,
    subgame: () => <GamePage />,
    search: () => <SearchPage />,
    embedded: () => <EmbeddedPage />,
    sports: () => <SportsPage />,
  },
  popups: { verifyBindPhone: VerifyPhonePopup, continueLastGame: ContinueGamePopup },
})
