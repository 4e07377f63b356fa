import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { uploadProofCommand, withdrawCashCommand, withdrawClosedActor, withdrawFeeCommand, withdrawInfoActor, walletsActor, type WithdrawOrder } from '../../../actors/withdraw'
import { selectBalance } from '../../../actors/wallet'
import { PROOF_MAX_BYTES, PROOF_TYPES, accountLabel, amountBounds, auditHolds, checkWithdraw, feeKey, formErrorAt, quickAmounts, withdrawRequest, withdrawRoute, type ProofType } from '../../models/withdraw'
import { useActor, useCommand, useQuery, useSend } from '../../system-react'
import { CodeInput, useCodeProblem } from '../../ui/CodeInput'
import { FileUpload } from '../../ui/FileUpload'
import type { FileChoice } from '../../ui/file-upload'
import { MoneyInput } from '../../ui/MoneyInput'
import { MoneyText } from '../../ui/MoneyText'
import { formatAmount } from '../../ui/amount'
import { PinInput } from '../../ui/PinInput'
import { LIMITS, moneyParams } from '../../ui/validation'
import { useNavigate } from '../routing/nav-hooks'

/** A fresh id for one withdrawal: the hall answers the same order for the same id (a resubmission pays once). */
const newRequestId = (): string => crypto.randomUUID()

/** The site's closed-channel notice, shown before anything is typed. */
const ClosedNotice = () => {
  const { t } = useTranslation('withdraw')
  const closed = useQuery(withdrawClosedActor).data
  if (closed === null || closed.closed !== 1) return null
  return (
    <p className="withdraw__closed" role="alert">
      <strong>{t('closed.title')}</strong> {closed.message === '' ? t('closed.text') : closed.message}
    </p>
  )
}

/**
 * The withdrawal: balance, withdrawable and what the audits hold, account, amount, fee, speed,
 * password, the SMS code and the proof when asked. Its rules are src/models/withdraw.ts.
 */
export const WithdrawForm = () => {
  const { t, i18n } = useTranslation('withdraw')
  const { t: auth } = useTranslation('auth')
  const navigate = useNavigate()
  const send = useSend()
  const info = useQuery(withdrawInfoActor)
  const closed = useQuery(withdrawClosedActor).data
  const balance = useActor('wallet', selectBalance)
  const wallets = useQuery(walletsActor).data
  const cash = useCommand<{ order: WithdrawOrder; game_gold: string }, unknown>(withdrawCashCommand)
  const fee = useCommand<{ amount: string; fee: string; fee_rate: string; arrive_amount: string }, unknown>(withdrawFeeCommand)
  const upload = useCommand<string, unknown>(uploadProofCommand)
  const d = info.data
  const [accountId, setAccountId] = useState<number | null>(null)
  const [amount, setAmount] = useState('')
  const [speed, setSpeed] = useState<1 | 2>(2)
  const [pin, setPin] = useState('')
  const [amountError, setAmountError] = useState<string | null>(null)
  const [smsCode, setSmsCode] = useState('')
  const [smsError, setSmsError] = useState<string | null>(null)
  const [proofError, setProofError] = useState<string | null>(null)
  const [requestId, setRequestId] = useState(newRequestId)
  const codeProblem = useCodeProblem('phone')
  // The SMS step goes to the phone the player bound (the user info of the sign-in).
  const phone = useActor('session', (s) => s.context.user?.mobile_phone ?? '')
  const ids = { proof: useId(), account: useId(), speed: useId(), fee: useId() }
  const route = d === null ? null : withdrawRoute(d, closed?.closed === 1, accountId)
  const proofUrl = route?.needProof === true && upload.view.status === 'succeeded' ? upload.view.result : null

  // The fee of what is typed, asked of the hall once the amount is a valid one (one ask at a time).
  const key = route === null ? null : feeKey(route, amount, speed)
  const askedFee = useRef<string | null>(null)
  const { submit: askFee } = fee
  const feeStatus = fee.view.status
  const accountFor = route?.account?.id ?? null
  useEffect(() => {
    if (key === null || accountFor === null || key === askedFee.current || feeStatus === 'submitting') return
    askedFee.current = key
    askFee({ account_id: accountFor, amount, speed })
  }, [key, feeStatus, askFee, accountFor, amount, speed])
  const feeShown = key !== null && key === askedFee.current && feeStatus === 'succeeded' ? fee.view.result : null

  // The form starts clean: a result of an earlier visit is not shown again.
  const { reset: resetCash } = cash
  useEffect(() => resetCash(), [resetCash])
  const { reset: resetUpload } = upload
  useEffect(() => resetUpload(), [resetUpload])

  // A withdrawal that went through starts a new one: a new request id, the password cleared.
  useEffect(() => {
    if (cash.view.status !== 'succeeded') return
    // The page reads again: what can still be withdrawn, today's withdrawals left.
    send({ type: 'withdraw.opened' })
    setRequestId(newRequestId())
    setPin('')
    setAmount('')
    setSmsCode('')
    // A proof goes with one withdrawal: the next one needs its own.
    resetUpload()
  }, [cash.view.status, send, resetUpload])

  if (d === null || route === null) {
    // A read that failed says so, and asks again on Try again (as opening the page again would).
    return info.status === 'failed' ? (
      <p role="alert">
        {t('loadFailed')}{' '}
        <button type="button" className="button button--small button--ghost" onClick={() => send({ type: 'query.refreshRequested', query: withdrawInfoActor.id })}>
          {t('retry')}
        </button>
      </p>
    ) : (
      <p role="status">{t('loading')}</p>
    )
  }
  const bounds = amountBounds(route)
  const submit = () => {
    const input = { amount, speed, pin, smsCode, proofUrl }
    const check = checkWithdraw(route, input)
    setAmountError(check.amount === null ? null : auth(check.amount, moneyParams(bounds, i18n.language)))
    const sms = d.need_sms === 1 ? codeProblem(phone, smsCode) : null
    setSmsError(sms)
    setProofError(check.proofMissing ? t('errors.needProof') : null)
    const request = withdrawRequest(d, route, input, requestId)
    if (check.amount !== null || sms !== null || check.proofMissing || request === null) return
    cash.submit(request)
  }
  const formError = cash.view.formError
  const at = (field: Parameters<typeof formErrorAt>[1]) => (formErrorAt(formError, field) && formError !== null ? t(formError) : null)
  const done = cash.view.status === 'succeeded' ? cash.view.result : null
  const toTab = (tab: 'audit' | 'bankCard') => navigate('withdraw', { query: { tab }, replace: true })
  const chooseProof = (choice: FileChoice<ProofType>) => {
    if (choice.kind === 'none') return
    if (choice.kind === 'reading') return setProofError(null)
    if (choice.kind === 'refused') return setProofError(t(choice.problem === 'type' ? 'errors.proofType' : 'errors.proofSize', { mb: PROOF_MAX_BYTES / 1024 / 1024 }))
    upload.submit(choice.file)
  }
  const uploadShown = proofError ?? at('proof') ?? (upload.view.formError === null ? null : t(upload.view.formError))
  return (
    <section className="withdraw__form" aria-labelledby="withdraw-form-title">
      <h2 id="withdraw-form-title" className="withdraw__heading">{t('tab.withdraw')}</h2>
      <ClosedNotice />
      <dl className="withdraw__summary">
        <div><dt>{t('balance')}</dt><dd><MoneyText value={balance ?? d.game_gold} currency={d.currency} /></dd></div>
        <div><dt>{t('withdrawable')}</dt><dd><MoneyText value={d.withdrawable} currency={d.currency} /></dd></div>
        <div><dt>{t('auditNeed')}</dt><dd><MoneyText value={d.audit_need} currency={d.currency} /></dd></div>
        <div><dt>{t('frozen')}</dt><dd><MoneyText value={wallets?.find((w) => w.currency === d.currency)?.frozen ?? '0'} currency={d.currency} /></dd></div>
      </dl>
      {auditHolds(d) && (
        <p className="withdraw__note">
          {t('auditHolds', { need: d.audit_need })}{' '}
          <button type="button" className="button button--ghost button--small" onClick={() => toTab('audit')}>{t('auditSee')}</button>
        </p>
      )}
      <p className="withdraw__note">{t('dailyLeft', { left: d.daily_left, times: d.daily_times })}</p>
      {d.accounts.length === 0 ? (
        <div className="withdraw__empty">
          <p>{t('noAccount')}</p>
          <button type="button" className="button button--primary" onClick={() => toTab('bankCard')}>{t('bindCard')}</button>
        </div>
      ) : (
        <form className="withdraw__fields" noValidate onSubmit={(e) => { e.preventDefault(); submit() }}>
          <div className="field">
            <label className="field__label" htmlFor={ids.account}>{t('account')}</label>
            <select id={ids.account} className="field__input" value={route.account?.id ?? ''} onChange={(e) => setAccountId(Number(e.target.value))} disabled={route.closed}>
              {d.accounts.map((a) => <option key={a.id} value={a.id}>{accountLabel(a)}</option>)}
            </select>
          </div>
          <MoneyInput
            label={t('amount')}
            value={amount}
            onChange={(v) => {
              setAmount(v)
              setAmountError(null)
            }}
            kind={route.kind}
            {...(route.min === undefined ? {} : { min: route.min })}
            {...(route.max === undefined ? {} : { max: route.max })}
            error={amountError ?? at('amount')}
            quickAmounts={quickAmounts(route)}
            describedBy={ids.fee}
            disabled={route.closed}
          />
          <p id={ids.fee} className="withdraw__fee" aria-live="polite">
            {feeShown !== null
              ? t('fee', { fee: formatAmount(feeShown.fee, i18n.language, 2), rate: feeShown.fee_rate, arrive: formatAmount(feeShown.arrive_amount, i18n.language, 2) })
              : route.channel === null ? '' : t('feeRate', { rate: route.channel.fee_rate })}
          </p>
          <div className="field">
            <label className="field__label" htmlFor={ids.speed}>{t('speed')}</label>
            <select id={ids.speed} className="field__input" value={speed} onChange={(e) => setSpeed(Number(e.target.value) === 1 ? 1 : 2)} disabled={route.closed}>
              <option value={2}>{t('speed_2')}</option>
              <option value={1}>{t('speed_1')}</option>
            </select>
          </div>
          {route.needProof && (
            <FileUpload
              id={ids.proof}
              label={t('proof.label')}
              hint={t('proof.hint', { mb: PROOF_MAX_BYTES / 1024 / 1024 })}
              hintClassName="withdraw__muted"
              types={PROOF_TYPES}
              maxBytes={PROOF_MAX_BYTES}
              error={uploadShown}
              status={
                upload.view.status === 'submitting' ? <p role="status">{t('proof.uploading')}</p>
                : upload.view.status === 'succeeded' && uploadShown === null ? <p role="status">{t('proof.uploaded')}</p>
                : null
              }
              onChoose={chooseProof}
            />
          )}
          <PinInput label={t('pin')} value={pin} onChange={setPin} length={LIMITS.paymentPassword} error={at('pin')} />
          {d.need_sms === 1 && (
            <CodeInput channel="phone" target={phone} check={() => phone !== ''} label={t('smsCode')} value={smsCode} onChange={setSmsCode} error={smsError ?? at('sms')} />
          )}
          <button type="submit" className="button button--primary" disabled={route.closed || cash.view.status === 'submitting'}>
            {cash.view.status === 'submitting' ? t('submitting') : t('submit')}
          </button>
          {formError === 'errors.bindFirst' && (
            <button type="button" className="button button--ghost" onClick={() => toTab('bankCard')}>{t('bindCard')}</button>
          )}
        </form>
      )}
      {done !== null && (
        <div className="withdraw__done" role="status">
          <p>{t('requested', { amount: formatAmount(done.order.amount, i18n.language, 2), arrive: formatAmount(done.order.arrive_amount, i18n.language, 2) })}</p>
          <button type="button" className="button button--ghost button--small" onClick={() => navigate('withdrawDetails', { params: { orderId: done.order.order_no } })}>
            {t('seeOrder')}
          </button>
        </div>
      )}
    </section>
  )
}
