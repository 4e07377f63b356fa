import { frameboxDomain } from '../../../actors/framebox/domain'
import { postloginDomain } from '../../../actors/postlogin/domain'
import { lazyNamed } from '../routing/lazy-view'
import { defineScreens, type PopupViewProps } from '../routing/screens'

const BindPopup = lazyNamed(() => import('./BindPopup'), 'BindPopup')
const FramePopup = lazyNamed(() => import('./FramePopup'), 'FramePopup')
const DownloadAppPopup = lazyNamed(() => import('./PostloginPopups'), 'DownloadAppPopup')
const NewBenefitsPopup = lazyNamed(() => import('./PostloginPopups'), 'NewBenefitsPopup')
const RechargePopup = lazyNamed(() => import('./PostloginPopups'), 'RechargePopup')

/** The post-login sequence's popups: the forced bind and the bind the security page opens, recharge, new benefits, the app. */
export const postloginScreens = defineScreens(postloginDomain, {
  popups: {
    forceBind: ({ open }) => <BindPopup open={open} />,
    bind: BindPopup,
    rechargePopup: RechargePopup,
    newBenefitsModal: NewBenefitsPopup,
    downloadApp: DownloadAppPopup,
  },
})

/** The frame box's frame: keyed by id so each frame starts fresh. */
const ForcePopup = ({ props, open, showCloseButton }: PopupViewProps<'forcePopup'>) => (
  <FramePopup key={props.frame.id} frame={props.frame} open={open} showCloseButton={showCloseButton} />
)

/** The frame box's forced pop-up. */
export const frameboxScreens = defineScreens(frameboxDomain, { popups: { forcePopup: ForcePopup } })
