/**
 * The frame box by the site's hall profile (issue 45, HallProfile `frames`): after a sign-in the
 * post-login step lists the frames by /message/frameBox/index by default, by /message/frame on a
 * `frame` site, across sign-outs and sign-ins; the answer is shown alike.
 */
import { describe, expect, it } from 'vitest'
import { frameboxActor } from '../../../../actors/framebox'
import type { LobbyEvent } from '../../../../schemas/events'
import type { Frame } from '../../../../schemas/hall/calls/site'
import { runActors } from '../../../support/actors'
import { appStarted, siteConfig } from '../../../support/site-fixtures'

const login: LobbyEvent = { type: 'session.loggedIn', mode: 'normal', username: 'p', accountType: 0, real: true, mustChangePassword: false }
const asked = (a: ReturnType<typeof runActors>) => a.emitted.filter((e) => e.type === 'hall.requested').map((e) => e.call)
const frame: Frame = {
  id: 3, frameType: 3, img_style: 4, img_url: '', img_color: '', img_icon: '', title: 'Welcome', publicity_name: '', content: '<p>Hi</p>',
  location_type: 1, location_value: '', location_template: 'yes', jump_window: 0,
}

describe('the frame box by hall profile', () => {
  it.each([
    [undefined, 'frameBoxIndex'],
    ['frameBox' as const, 'frameBoxIndex'],
    ['frame' as const, 'messageFrame'],
  ])('frames %s: listed by %s, after a sign-out and a new sign-in too; the answer shows its frame', (frames, call) => {
    const a = runActors([frameboxActor])
    a.send(appStarted({ site: siteConfig(frames === undefined ? {} : { hallProfile: { frames } }) }))
    a.send({ type: 'framebox.dayChanged', day: '2030-01-01' }, login, { type: 'postlogin.framesStarted' })
    a.send({ type: 'hall.responded', requestId: 'framebox-1', call, data: { list: [frame] } })
    expect(a.emitted.filter((e) => e.type === 'framebox.popupRequested')).toEqual([{ type: 'framebox.popupRequested', popup: 'forcePopup', props: { frame } }])
    a.send({ type: 'session.loggedOut', reason: 'logout' }, login, { type: 'postlogin.framesStarted' })
    expect(asked(a)).toEqual([call, call])
  })
})
