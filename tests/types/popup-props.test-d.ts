import { yuebaoDomain } from '../../actors/yuebao/domain'
import type { LobbyEventInput } from '../../schemas/events'
import type { PopupPropsOf } from '../../schemas/events/popup'
import { defineScreens, type PopupViewProps } from '../../src/views/routing/screens'

/*
 * Popup props are declared once per popup (schemas/events/popup.ts), checked by `npm run typecheck`
 * (tests are part of the project). Each `@ts-expect-error` line is a wrong popup prop: it must not
 * compile, and if it ever compiles the directive itself is the error.
 */

// Opening a popup: the props it declares, or none.
export const opens: ReadonlyArray<LobbyEventInput> = [
  { type: 'popup.openRequested', popup: 'iframePopup', props: { url: 'https://example.com', title: 'A page' } },
  { type: 'popup.openRequested', popup: 'auth', props: { key: 'regedit' } },
  { type: 'popup.openRequested', popup: 'pay' },
]

// @ts-expect-error the iframe popup takes `url`, not `link`
export const wrongName: LobbyEventInput = { type: 'popup.openRequested', popup: 'iframePopup', props: { link: 'https://example.com' } }
// @ts-expect-error the savings introduction's year rate is text
export const wrongType: LobbyEventInput = { type: 'popup.openRequested', popup: 'yuebaoIntro', props: { yearRate: 3.5 } }
// @ts-expect-error the sign-in popup's key is login or regedit
export const wrongKey: LobbyEventInput = { type: 'popup.openRequested', popup: 'auth', props: { key: 'signup' } }
// @ts-expect-error another popup's props: pay takes none
export const otherPopups: LobbyEventInput = { type: 'popup.openRequested', popup: 'pay', props: { yearRate: '3.5' } }
// @ts-expect-error the iframe popup needs its address
export const missing: LobbyEventInput = { type: 'popup.openRequested', popup: 'iframePopup', props: { title: 'A page' } }

// Reading them: a popup's view gets its own props, typed.
export const rate = (props: PopupPropsOf<'yuebaoIntro'>): string => props.yearRate
// @ts-expect-error the savings introduction has no url
export const url = (props: PopupPropsOf<'yuebaoIntro'>): string => props.url
// @ts-expect-error an iframe popup's title may be absent
export const title = (view: PopupViewProps<'iframePopup'>): string => view.props.title

// A domain's screens: a view for each popup it declares, reading only that popup's props.
export const screens = defineScreens(yuebaoDomain, {
  pages: { yuebao: () => null },
  popups: { yuebaoIntro: ({ props }: PopupViewProps<'yuebaoIntro'>) => props.yearRate },
})
defineScreens(yuebaoDomain, {
  pages: { yuebao: () => null },
  // @ts-expect-error a view reading props its popup does not declare
  popups: { yuebaoIntro: ({ props }: { props: { url: string } }) => props.url },
})
// @ts-expect-error a domain's popup left without a view
defineScreens(yuebaoDomain, { pages: { yuebao: () => null }, popups: {} })
