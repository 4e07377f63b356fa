import { messagesDomain } from '../../../actors/messages/domain'
import { lazyNamed } from '../routing/lazy-view'
import { defineScreens } from '../routing/screens'

const NoticePage = lazyNamed(() => import('./NoticePage'), 'NoticePage')

/** The notices and messages page. */
export const messagesScreens = defineScreens(messagesDomain, { pages: { notice: () => <NoticePage /> } })
