import { siteDomain } from '../../../actors/site/domain'
import { defineScreens } from '../routing/screens'
import { BlockedPage, LinkErrorPage, NotFoundPage } from './StatusPages'

/** The site's status pages (first route): a bad link, not found, and the blocked site's 403, 503 and 500. */
export const siteScreens = defineScreens(siteDomain, {
  pages: {
    error: () => <LinkErrorPage />,
    notFound: () => <NotFoundPage />,
    page403: (page) => <BlockedPage page={page} />,
    page503: (page) => <BlockedPage page={page} />,
    page500: (page) => <BlockedPage page={page} />,
  },
})
