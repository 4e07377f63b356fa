import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useActorRef, useSelector } from '@xstate/react'
import { bindEwalletCommand, bindWalletAppCommand, eWalletsActor, verifyPinCommand, walletAppActor, type WithdrawAccount } from '../../../actors/withdraw'
import { checkWallet } from '../../models/withdraw'
import { connectWalletBind, walletBindFlow } from '../../models/wallet-bind.flow'
import { useCommand, useQuery, useSend } from '../../system-react'
import { PinInput } from '../../ui/PinInput'
import { LIMITS } from '../../ui/validation'
import { AccountList, useBindProblem } from './WithdrawAccounts'

/**
 * The e-wallets and wallet-app accounts: the list, and the form that binds one of the player's
 * currency. The binding is the flow src/models/wallet-bind.flow.ts: the withdraw password is
 * verified, then the binding goes with its ticket; this view submits what the flow asks for and
 * tells it each command's outcome.
 */
export const WalletBinding = () => {
  const { t } = useTranslation('withdraw')
  const word = useBindProblem()
  const send = useSend()
  const wallets = useQuery(eWalletsActor).data ?? []
  const bindEwallet = useCommand<WithdrawAccount, unknown>(bindEwalletCommand)
  const bindApp = useCommand<WithdrawAccount, unknown>(bindWalletAppCommand)
  const verify = useCommand<string, unknown>(verifyPinCommand)
  const [pin, setPin] = useState('')
  const [code, setCode] = useState('')
  const [accountNo, setAccountNo] = useState('')
  const [holder, setHolder] = useState('')
  const [error, setError] = useState<string | null>(null)
  const ids = { wallet: useId(), account: useId(), hint: useId(), holder: useId(), error: useId() }
  const chosen = wallets.find((w) => w.code === code) ?? wallets[0] ?? null
  const bind = chosen?.kind === 'wallet' ? bindApp : bindEwallet
  // A wallet app chosen: where to get the app is read (the hall's address for the site, '' for none).
  const appChosen = chosen?.kind === 'wallet'
  useEffect(() => {
    if (appChosen) send({ type: 'withdraw.walletAppShown' })
  }, [appChosen, send])
  const appUrl = useQuery(walletAppActor).data ?? ''

  const flowRef = useActorRef(walletBindFlow)
  const flow = connectWalletBind(useSelector(flowRef, (s) => s), (e) => flowRef.send(e))
  // The flow's asks become commands.
  const { submit: submitVerify, reset: resetVerify } = verify
  const { submit: bindE } = bindEwallet
  const { submit: bindA } = bindApp
  useEffect(() => {
    const asks = [
      flowRef.on('verifyPin', (e) => submitVerify({ withdrawPass: e.withdrawPass })),
      flowRef.on('bind', (e) => {
        resetVerify()
        if (e.kind === 'wallet') bindA(e.payload)
        else bindE(e.payload)
      }),
    ]
    return () => asks.forEach((a) => a.unsubscribe())
  }, [flowRef, submitVerify, resetVerify, bindA, bindE])
  // The commands' outcomes go back to the flow.
  const verifyStatus = verify.view.status
  const ticket = verify.view.status === 'succeeded' ? verify.view.result : null
  useEffect(() => {
    if (ticket !== null) flowRef.send({ type: 'VERIFIED', ticket })
    else if (verifyStatus === 'failed') flowRef.send({ type: 'VERIFY_FAILED' })
  }, [flowRef, ticket, verifyStatus])
  const eStatus = bindEwallet.view.status
  const appStatus = bindApp.view.status
  useEffect(() => {
    if (eStatus === 'succeeded') flowRef.send({ type: 'BOUND' })
    else if (eStatus === 'failed') flowRef.send({ type: 'BIND_FAILED' })
  }, [flowRef, eStatus, bindEwallet.view.result])
  useEffect(() => {
    if (appStatus === 'succeeded') flowRef.send({ type: 'BOUND' })
    else if (appStatus === 'failed') flowRef.send({ type: 'BIND_FAILED' })
  }, [flowRef, appStatus, bindApp.view.result])
  // A binding that went through: the page reads the accounts again, the form empties.
  useEffect(() => {
    if (!flow.bound) return
    send({ type: 'withdraw.opened' })
    setAccountNo('')
    setPin('')
  }, [flow.bound, send])

  const submit = () => {
    if (chosen === null) return
    const checked = checkWallet(chosen, accountNo, holder)
    setError('problem' in checked ? word(checked.problem) : null)
    if ('binding' in checked) flow.submit(checked.binding, pin)
  }
  const shown = error ?? (bind.view.formError === null ? null : t(bind.view.formError))
  const pinError = verify.view.formError === null ? null : t(verify.view.formError)
  return (
    <section className="withdraw__form" aria-labelledby="withdraw-ewallet-title">
      <h2 id="withdraw-ewallet-title" className="withdraw__heading">{t('tab.ewallet')}</h2>
      <AccountList kinds={['ewallet', 'wallet']} label={t('tab.ewallet')} />
      <form className="withdraw__fields" noValidate onSubmit={(e) => { e.preventDefault(); submit() }}>
        <h3 className="withdraw__subheading">{t('ewallet.bind')}</h3>
        <div className="field">
          <label className="field__label" htmlFor={ids.wallet}>{t('ewallet.wallet')}</label>
          <select id={ids.wallet} className="field__input" value={chosen?.code ?? ''} onChange={(e) => { setCode(e.target.value); setError(null) }}>
            {wallets.map((w) => <option key={w.code} value={w.code}>{w.name}</option>)}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.account}>{t('ewallet.account')}</label>
          <input
            id={ids.account}
            className="field__input"
            autoComplete="off"
            spellCheck={false}
            value={accountNo}
            onChange={(e) => setAccountNo(e.target.value)}
            aria-describedby={shown === null ? ids.hint : `${ids.hint} ${ids.error}`}
            aria-invalid={shown !== null}
          />
          <p id={ids.hint} className="withdraw__muted">{chosen === null ? '' : t('ewallet.example', { example: chosen.account_example })}</p>
          {appChosen && appUrl !== '' && (
            <p className="withdraw__muted">
              <a href={appUrl} target="_blank" rel="noopener noreferrer">{t('ewallet.getApp', { name: chosen.name })}</a>
            </p>
          )}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.holder}>{t('holder')}</label>
          <input id={ids.holder} className="field__input" autoComplete="name" maxLength={LIMITS.realNameMax} value={holder} onChange={(e) => setHolder(e.target.value)} />
        </div>
        <PinInput label={t('pin')} value={pin} onChange={setPin} length={LIMITS.paymentPassword} error={pinError} />
        {shown !== null && <p id={ids.error} className="field__error" role="alert">{shown}</p>}
        <button type="submit" className="button button--primary" disabled={flow.busy || chosen === null}>{t('ewallet.submit')}</button>
        {flow.bound && <p role="status">{t('bound')}</p>}
      </form>
    </section>
  )
}
