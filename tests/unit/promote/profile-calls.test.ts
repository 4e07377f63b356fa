/**
 * The promote screen on a site whose hall profile says `promote: 'calls'` (issue 45; docs/hall.md
 * "Hall profile"): the agent mode by /promote/getAgentMode and the player's binding by
 * /promote/getIpBindInfo when the screen opens, and the bound channel's configuration by
 * /promote/getChannelInfo; on the default site none of them.
 */
import { describe, expect, it } from 'vitest'
import { promoteBindingActor, promoteChannelActor, promoteModeActor, promoteSummaryActor } from '../../../actors/promote'
import type { LobbyEvent } from '../../../schemas/events'
import { runActors } from '../../support/actors'

const login: LobbyEvent = { type: 'session.loggedIn', mode: 'normal', username: 'p', accountType: 0, real: true, mustChangePassword: false }
const asked = (a: ReturnType<typeof runActors>) => a.emitted.filter((e) => e.type === 'hall.requested').map((e) => [e.call, e.payload])
const actors = [promoteSummaryActor, promoteModeActor, promoteBindingActor, promoteChannelActor]

describe('the promote calls of the hall profile', () => {
  it('the default site reads the summary alone', () => {
    const a = runActors(actors)
    a.send(login, { type: 'promote.opened' })
    expect(asked(a)).toEqual([['promoteSummary', {}]])
  })

  it('a calls site reads the mode and the binding; a binding with a channel reads the channel', () => {
    const a = runActors(actors)
    a.send(login, { type: 'promote.opened', calls: true })
    expect(asked(a)).toEqual([['promoteSummary', {}], ['getAgentMode', {}], ['getIpBindInfo', {}]])
    a.send({ type: 'hall.responded', requestId: 'promotemode-1', call: 'getAgentMode', data: { agentMode: 2 } })
    expect(promoteModeActor.view(a.snapshot('promotemode')).data).toBe(2)
    a.send({ type: 'hall.responded', requestId: 'promotebinding-1', call: 'getIpBindInfo', data: { bound: 1, agentId: '42', agentName: 'boss', channelId: '1001' } })
    const named = a.emitted.filter((e) => e.type === 'promote.channelNamed')
    expect(named).toEqual([{ type: 'promote.channelNamed', channelId: '1001' }])
    a.send(named[0] as LobbyEvent)
    expect(asked(a).at(-1)).toEqual(['getChannelInfo', { channelId: '1001' }])
  })

  it('a binding without a channel, or no binding, names none', () => {
    const a = runActors(actors)
    a.send(login, { type: 'promote.opened', calls: true })
    a.send({ type: 'hall.responded', requestId: 'promotebinding-1', call: 'getIpBindInfo', data: { bound: 1, agentId: '42', agentName: 'boss', channelId: '' } })
    expect(a.emitted.filter((e) => e.type === 'promote.channelNamed')).toEqual([])
    a.send({ type: 'promote.opened', calls: true })
    a.send({ type: 'hall.responded', requestId: 'promotebinding-2', call: 'getIpBindInfo', data: { bound: 0, agentId: '0', agentName: '', channelId: '' } })
    expect(a.emitted.filter((e) => e.type === 'promote.channelNamed')).toEqual([])
  })
})
