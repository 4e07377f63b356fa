import { feedbackDomain } from '../../../actors/feedback/domain'
import { lazyNamed } from '../routing/lazy-view'
import { defineScreens } from '../routing/screens'

const FeedbackPage = lazyNamed(() => import('./FeedbackPage'), 'FeedbackPage')
const FeedbackPopup = lazyNamed(() => import('../home/NoticePopups'), 'FeedbackPopup')

/** Feedback: its page and its popup. */
export const feedbackScreens = defineScreens(feedbackDomain, {
  pages: { feedback: () => <FeedbackPage /> },
  popups: { feedback: FeedbackPopup },
})
