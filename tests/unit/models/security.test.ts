import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import type { AuthInfo } from '../../../schemas/hall/calls/security'
import { actionOf, centreItems, flowTitle, itemOfQuery, rowState, type BindRow, type Flow } from '../../../src/models/security'
import { connectSecurityFlow, securityFlow, verifiedItem, type SecurityFlowEmitted } from '../../../src/models/security-flow'

const info = (over: Partial<AuthInfo> = {}): AuthInfo => ({ mobile_phone: '******4567', email: '', is_open_google_auth: 0, withdraw_pass: 1, ...over })
const rows: ReadonlyArray<BindRow> = [
  { item: 'phone', bound: true, shown: '******4567', reward: null },
  { item: 'email', bound: false, shown: '', reward: '5.00' },
  { item: 'googleAuth', bound: false, shown: '', reward: '3.00' },
  { item: 'withdrawPass', bound: true, shown: '', reward: null },
]

describe('the security centre model', () => {
  it('reads the query\'s item by index or name', () => {
    expect(itemOfQuery('1')).toBe('email')
    expect(itemOfQuery('question')).toBe('question')
    expect(itemOfQuery('9')).toBeNull()
    expect(itemOfQuery('cpf')).toBeNull()
    expect(itemOfQuery(undefined)).toBeNull()
  })

  it('shows the login password only for an account that has one', () => {
    expect(centreItems(info({ login_pass: 0 }))).not.toContain('loginPass')
    expect(centreItems(info({ login_pass: 1 }))).toContain('loginPass')
    expect(centreItems(info())).toHaveLength(6)
  })

  it('gives each row its state, action and reward', () => {
    expect(rowState('phone', info(), rows, null)).toEqual({ bound: true, shown: '******4567', question: null, state: 'security.state.bound', action: 'security.action.change', reward: null })
    expect(rowState('email', info(), rows, null)).toMatchObject({ bound: false, state: 'security.state.unbound', action: 'security.action.bind', reward: '5.00' })
    expect(rowState('googleAuth', info(), rows, null)).toMatchObject({ state: 'security.state.unbound', action: 'security.action.bind', reward: '3.00' })
    expect(rowState('googleAuth', info({ is_open_google_auth: 1 }), rows, null)).toMatchObject({ bound: true, state: 'security.state.on', action: 'security.action.turnOff', reward: null })
    expect(rowState('googleAuth', info({ google_auth_bound: 1 }), rows, null)).toMatchObject({ state: 'security.state.off', action: 'security.action.turnOn' })
    expect(rowState('loginPass', info({ login_pass: 0 }), rows, null)).toMatchObject({ bound: false, state: 'security.state.unset' })
    expect(rowState('question', info(), rows, null)).toMatchObject({ bound: false, action: 'security.action.set', question: null })
    expect(rowState('question', info(), rows, { questionId: 2, question: 'Pet?' })).toMatchObject({ bound: true, action: 'security.action.change', question: { questionId: 2 } })
  })

  it('opens the bind form for an unbound item, a change or a switch for a bound one', () => {
    expect(actionOf('email', info(), rows)).toEqual({ bind: 'email' })
    expect(actionOf('googleAuth', info(), rows)).toEqual({ bind: 'googleAuth' })
    expect(actionOf('phone', info(), rows)).toEqual({ flow: { item: 'phone', kind: 'change' } })
    expect(actionOf('googleAuth', info({ is_open_google_auth: 1 }), rows)).toEqual({ flow: { item: 'googleAuth', kind: 'switch', turnOn: false } })
    expect(actionOf('googleAuth', info({ google_auth_bound: 1 }), rows)).toEqual({ flow: { item: 'googleAuth', kind: 'switch', turnOn: true } })
    expect(actionOf('googleAuth', info({ google_auth_bound: 1 }), rows, true)).toEqual({ flow: { item: 'googleAuth', kind: 'change' } })
    expect(actionOf('loginPass', info(), rows)).toEqual({ flow: { item: 'loginPass', kind: 'change' } })
  })

  it('titles the dialog by the change', () => {
    expect(flowTitle({ item: 'googleAuth', kind: 'switch', turnOn: true })).toBe('flow.title.gaOn')
    expect(flowTitle({ item: 'googleAuth', kind: 'switch', turnOn: false })).toBe('flow.title.gaOff')
    expect(flowTitle({ item: 'googleAuth', kind: 'change' })).toBe('flow.title.gaChange')
    expect(flowTitle({ item: 'withdrawPass', kind: 'change' })).toBe('flow.title.withdrawPass')
  })
})

describe('the security change flow', () => {
  const start = (flow: Flow, questionSet = false) => {
    const actor = createActor(securityFlow, { input: { flow, questionSet } })
    const asked: SecurityFlowEmitted[] = []
    actor.on('askTypes', (e) => asked.push(e))
    actor.start()
    actor.send({ type: 'START' })
    const props = () => connectSecurityFlow(actor.getSnapshot(), (e) => actor.send(e))
    return { actor, asked, props }
  }

  it('verifies what the hall asks for, then shows the form with the ticket, then the outcome', () => {
    const { actor, asked, props } = start({ item: 'withdrawPass', kind: 'change' })
    expect(asked).toEqual([{ type: 'askTypes', item: 'withdrawPass' }])
    expect(props()).toMatchObject({ phase: 'loading', title: 'flow.title.withdrawPass' })
    actor.send({ type: 'TYPES', types: [3] })
    expect(props()).toMatchObject({ phase: 'code', verifyType: 3 })
    actor.send({ type: 'VERIFIED', ticket: 'tk' })
    const form = props()
    expect(form).toMatchObject({ phase: 'form', form: 'pin', ticket: 'tk' })
    if (form.phase === 'form') form.done()
    expect(props().phase).toBe('done')
  })

  it('goes to the form at once when the hall asks nothing', () => {
    const { actor, props } = start({ item: 'phone', kind: 'change' })
    actor.send({ type: 'TYPES', types: [] })
    expect(props()).toMatchObject({ phase: 'form', form: 'newPhone', ticket: null })
  })

  it('waits for the login password in its popup; closing the popup ends the change', () => {
    const { actor, props } = start({ item: 'email', kind: 'change' })
    actor.send({ type: 'TYPES', types: [6] })
    expect(props().phase).toBe('password')
    actor.send({ type: 'PASSWORD_CLOSED' })
    expect(props().phase).toBe('closed')
    expect(actor.getSnapshot().status).toBe('done')
  })

  it('goes on with the ticket the password popup answered', () => {
    const { actor, props } = start({ item: 'question', kind: 'change' })
    actor.send({ type: 'TYPES', types: [6] })
    actor.send({ type: 'VERIFIED', ticket: 'pw' })
    expect(props()).toMatchObject({ phase: 'form', form: 'question', ticket: 'pw', questionSet: false })
  })

  it('says when the hall did not answer the verifications', () => {
    const { actor, props } = start({ item: 'phone', kind: 'change' })
    actor.send({ type: 'TYPES_FAILED' })
    expect(props().phase).toBe('failed')
    actor.send({ type: 'VERIFIED', ticket: 'late' })
    expect(props().phase).toBe('failed')
  })

  it('asks no verification for the login password, a switch, or a question that is set', () => {
    expect(verifiedItem({ item: 'loginPass', kind: 'change' }, false)).toBeNull()
    expect(verifiedItem({ item: 'googleAuth', kind: 'switch', turnOn: true }, false)).toBeNull()
    expect(verifiedItem({ item: 'question', kind: 'change' }, true)).toBeNull()
    expect(verifiedItem({ item: 'question', kind: 'change' }, false)).toBe('question')
    const { asked, props } = start({ item: 'googleAuth', kind: 'switch', turnOn: false })
    expect(asked).toEqual([])
    expect(props()).toMatchObject({ phase: 'form', form: 'switch', turnOn: false, title: 'flow.title.gaOff' })
    expect(start({ item: 'question', kind: 'change' }, true).props()).toMatchObject({ phase: 'form', form: 'question', questionSet: true })
  })

  it('does not take a ticket before it asked which verification', () => {
    const { actor, props } = start({ item: 'phone', kind: 'change' })
    actor.send({ type: 'VERIFIED', ticket: 'stale' })
    expect(props().phase).toBe('loading')
  })
})
