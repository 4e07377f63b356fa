import { useEffect, useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { promoteInviteesActor, proxyTransferActor } from '../../../actors/promote'
import { selectBalance } from '../../../actors/wallet'
import { useActor, useCommand, useQuery, useSend } from '../../system-react'
import { MoneyInput } from '../../ui/MoneyInput'
import { MoneyText } from '../../ui/MoneyText'
import { VALIDATION_PARAMS, moneyError, moneyParams } from '../../ui/validation'
import { PageFrame } from '../pages/PageFrame'
import { useNavigate } from '../routing/nav-hooks'
import './promote.css'

/**
 * The proxy transfer (screens §2 /home/proxyTransfer; docs/hall-protocol.md "Agents and
 * promotion"): the agent chooses a direct invitee and an amount; the form checks both (an
 * invitee chosen; a positive amount of at most 2 decimals, not above the balance) before the hall
 * is asked, and shows the hall's refusals beside the button. The balance moves at once from the
 * hall's answer, through the wallet.
 */
export const ProxyTransferPage = () => {
  const { t, i18n } = useTranslation('promote')
  const auth = useTranslation('auth').t
  const shell = useTranslation().t
  const send = useSend()
  const navigate = useNavigate()
  const invitees = useQuery(promoteInviteesActor)
  const command = useCommand(proxyTransferActor)
  const balance = useActor('wallet', selectBalance)
  const [username, setUsername] = useState('')
  const [amount, setAmount] = useState('')
  const [inviteeError, setInviteeError] = useState<string | null>(null)
  const [amountError, setAmountError] = useState<string | null>(null)
  const inviteeId = useId()
  useEffect(() => {
    send({ type: 'promote.transferOpened' })
    return () => send({ type: 'command.reset', command: proxyTransferActor.id })
  }, [send])
  const max = balance !== null && /^\d+(\.\d+)?$/.test(balance) ? balance : undefined
  const busy = command.view.status === 'submitting'
  const done = command.view.status === 'succeeded' ? command.view.result : null
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const who = username === '' ? t('error.chooseInvitee') : null
    const key = moneyError(amount, { kind: 'fiat', min: '0.01', ...(max === undefined ? {} : { max }) })
    const above = key === 'validation.moneyMax'
    const what = key === null ? null : above ? t('error.insufficient') : auth(key, { ...VALIDATION_PARAMS, ...moneyParams({ kind: 'fiat', min: '0.01', ...(max === undefined ? {} : { max }) }, i18n.language) })
    setInviteeError(who)
    setAmountError(what)
    if (who !== null || what !== null) return
    command.submit({ username, amount: amount.trim() })
  }
  const list = invitees.data ?? []
  return (
    <PageFrame title={shell('route.proxyTransfer')}>
      <form className="promote promote__form" noValidate onSubmit={submit} aria-busy={busy}>
        <p className="promote__meta">{t('transfer.intro')}</p>
        <p>{t('transfer.balance')} <MoneyText value={balance ?? '0'} /></p>
        {invitees.status === 'failed' && <p role="alert">{t('transfer.inviteesFailed')}</p>}
        {invitees.status === 'ready' && list.length === 0 && <p>{t('transfer.noInvitees')}</p>}
        <div className="field">
          <label htmlFor={inviteeId}>{t('transfer.invitee')}</label>
          <select
            id={inviteeId}
            value={username}
            aria-invalid={inviteeError !== null}
            aria-describedby={inviteeError === null ? undefined : `${inviteeId}-error`}
            onChange={(e) => {
              setUsername(e.target.value)
              setInviteeError(null)
            }}
          >
            <option value="">{t('transfer.choose')}</option>
            {list.map((m) => <option key={m.userId} value={m.username}>{m.username}</option>)}
          </select>
          {inviteeError !== null && <p id={`${inviteeId}-error`} className="field__error" role="alert">{inviteeError}</p>}
        </div>
        <MoneyInput
          label={t('transfer.amount')}
          value={amount}
          onChange={(v) => {
            setAmount(v)
            setAmountError(null)
          }}
          min="0.01"
          {...(max === undefined ? {} : { max })}
          error={amountError}
          name="amount"
        />
        {command.view.formError !== null && <p className="field__error" role="alert">{t(command.view.formError)}</p>}
        {done !== null && <p role="status" className="promote__received">{t('transfer.done', { amount: done.amount, username: command.view.status === 'succeeded' ? username : '' })}</p>}
        <div className="promote__actions promote__actions--start">
          <button type="submit" className="button button--primary" disabled={busy}>{t('transfer.submit')}</button>
          <button type="button" className="button button--ghost" onClick={() => navigate('myTransferRecord')}>{shell('route.myTransferRecord')}</button>
        </div>
      </form>
    </PageFrame>
  )
}
