import { noticesDomain } from '../../../actors/notices/domain'
import { lazyNamed } from '../routing/lazy-view'
import { defineScreens, type PopupViewProps } from '../routing/screens'

const IframePopup = lazyNamed(() => import('./NoticePopups'), 'IframePopup')
const MaintenancePopup = lazyNamed(() => import('./NoticePopups'), 'MaintenancePopup')
const ReceiveTipsPopup = lazyNamed(() => import('./NoticePopups'), 'ReceiveTipsPopup')

/** The operator's page in a frame: keyed by its address so each page starts fresh. */
const FramedPage = (view: PopupViewProps<'iframePopup'>) => <IframePopup key={view.props.url} {...view} />

/** The notices' popups: maintenance, an operator's page in a frame, the first receipt's tips. */
export const noticesScreens = defineScreens(noticesDomain, {
  popups: { maintenance: MaintenancePopup, iframePopup: FramedPage, receiveTips: ReceiveTipsPopup },
})
