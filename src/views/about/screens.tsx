import { aboutDomain } from '../../../actors/about/domain'
import { lazyNamed } from '../routing/lazy-view'
import { defineScreens } from '../routing/screens'

const AboutPage = lazyNamed(() => import('./AboutPages'), 'AboutPage')
const UpdatePage = lazyNamed(() => import('./AboutPages'), 'UpdatePage')

/** About us and the versions. */
export const aboutScreens = defineScreens(aboutDomain, { pages: { about: () => <AboutPage />, update: () => <UpdatePage /> } })
