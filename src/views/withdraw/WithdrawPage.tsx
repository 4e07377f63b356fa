import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  auditRecordsActor, bindCardCommand, bindCryptoCommand, deleteAccountCommand, setDefaultCommand, withdrawCashCommand, withdrawClosedActor, withdrawFeeCommand,
  withdrawInfoActor, withdrawRecordsActor, banksActor, cryptoNetworksActor, walletsActor,
  bindEwalletCommand, bindWalletAppCommand, eWalletsActor, uploadProofCommand, verifyPinCommand,
  type AuditRecord, type WithdrawAccount, type WithdrawOrder,
} from '../../../actors/withdraw'
import { selectQuery } from '../../../actors/nav'
import { selectBalance } from '../../../actors/wallet'
import { useActor, useCommand, usePagedList, useQuery, useSend } from '../../system-react'
import { CodeInput, useCodeProblem } from '../../ui/CodeInput'
import { Modal } from '../../ui/Modal'
import { Tabs, buttonTab } from '../../ui/Tabs'
import { MoneyInput } from '../../ui/MoneyInput'
import { MoneyText } from '../../ui/MoneyText'
import { formatAmount } from '../../ui/amount'
import { PinInput } from '../../ui/PinInput'
import { StateFilter, type StateFilterValue } from '../../ui/filters'
import { InfiniteList } from '../../ui/paged/InfiniteList'
import { PagedTable } from '../../ui/paged/PagedTable'
import type { Column } from '../../ui/paged/types'
import { DESKTOP_QUERY, useMedia } from '../../ui/useMedia'
import { LIMITS, VALIDATION_PARAMS, moneyError, moneyParams, type MoneyKind } from '../../ui/validation'
import { PageFrame } from '../pages/PageFrame'
import { useNavigate } from '../routing/nav-hooks'
import './withdraw.css'

/** The withdraw page's tabs (the query's `tab`; 3003 sends the player to bankCard). */
const TABS = ['withdraw', 'bankCard', 'ewallet', 'crypto', 'records', 'audit'] as const
type Tab = (typeof TABS)[number]

/** A fresh id for one withdrawal: the hall answers the same order for the same id (a resubmission pays once). */
const newRequestId = (): string => crypto.randomUUID()

/** Form messages shown at the password or the code, not at the amount. */
const NOT_AMOUNT: ReadonlySet<string> = new Set(['errors.pinDigits', 'errors.wrongPin', 'errors.noPin', 'errors.needSms', 'errors.wrongCode', 'errors.noCode'])

/** The smaller of two decimal strings. */
const lesser = (a: string, b: string): string => (Number(a) <= Number(b) ? a : b)

/**
 * The withdraw page (screens §2 /home/withdraw; calls §7.6): the withdrawal itself, the bank cards,
 * the crypto addresses, the withdraw records and the turnover audits as tabs; the query's `tab`
 * says which is open.
 */
export const WithdrawPage = () => {
  const { t } = useTranslation('withdraw')
  const navigate = useNavigate()
  const send = useSend()
  const query = useActor('nav', selectQuery)
  const tab: Tab = (TABS as ReadonlyArray<string>).includes(query['tab'] ?? '') ? (query['tab'] as Tab) : 'withdraw'
  useEffect(() => send({ type: 'withdraw.opened' }), [send])
  return (
    <PageFrame title={t('title')}>
      <Tabs
        label={t('title')}
        className="withdraw__tabs"
        items={TABS.map((x) => ({ key: x, label: t(`tab.${x}`) }))}
        selected={tab}
        onSelect={(x) => navigate('withdraw', { query: { tab: x }, replace: true })}
        tabClassName={buttonTab}
        panelClassName="withdraw"
      >
        {tab === 'withdraw' && <WithdrawForm />}
        {tab === 'bankCard' && <BankCards />}
        {tab === 'ewallet' && <EWallets />}
        {tab === 'crypto' && <CryptoAddresses />}
        {tab === 'records' && <WithdrawRecords />}
        {tab === 'audit' && <AuditRecords />}
      </Tabs>
    </PageFrame>
  )
}

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

/** The label of an account: its bank, coin or wallet and its masked number. */
const accountLabel = (a: WithdrawAccount): string => `${a.name}${a.network === '' ? '' : ` (${a.network})`} · ${a.account_no}`

/** The withdrawal: balance, withdrawable and what the audits hold, account, amount, fee, speed, password. */
const WithdrawForm = () => {
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
  const d = info.data
  const [accountId, setAccountId] = useState<number | null>(null)
  const [amount, setAmount] = useState('')
  const [speed, setSpeed] = useState<1 | 2>(2)
  const [pin, setPin] = useState('')
  const [amountError, setAmountError] = useState<string | null>(null)
  const [smsCode, setSmsCode] = useState('')
  const [smsError, setSmsError] = useState<string | null>(null)
  const codeProblem = useCodeProblem('phone')
  // The SMS step goes to the phone the player bound (the user info of the sign-in).
  const phone = useActor('session', (s) => s.context.user?.mobile_phone ?? '')
  const [requestId, setRequestId] = useState(newRequestId)
  const upload = useCommand<string, unknown>(uploadProofCommand)
  const [proofError, setProofError] = useState<string | null>(null)
  const proofId = useId()
  const accountFieldId = useId()
  const speedId = useId()
  const feeId = useId()
  const account = d?.accounts.find((a) => a.id === accountId) ?? d?.accounts.find((a) => a.is_default === 1) ?? d?.accounts[0] ?? null
  const channel = d === null || account === null ? null : (d.channels.find((c) => c.kind === account.kind) ?? null)
  const max = d === null || channel === null ? undefined : lesser(channel.max_amount, d.withdrawable)
  const min = channel?.min_amount
  const kind: MoneyKind = d?.currency_type === 2 ? 'crypto' : 'fiat'
  const allClosed = closed?.closed === 1 || channel?.closed === 1
  const needProof = channel?.need_proof === 1
  const proofUrl = needProof && upload.view.status === 'succeeded' ? upload.view.result : null
  const bounds = { kind, ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) }
  const valid = moneyError(amount, bounds) === null

  // The fee of what is typed, asked of the hall once the amount is a valid one (one ask at a time).
  const feeKey = account === null || !valid ? null : `${account.id}|${amount}|${speed}`
  const askedFee = useRef<string | null>(null)
  const { submit: askFee } = fee
  const feeStatus = fee.view.status
  useEffect(() => {
    if (feeKey === null || account === null || feeKey === askedFee.current || feeStatus === 'submitting') return
    askedFee.current = feeKey
    askFee({ account_id: account.id, amount, speed })
  }, [feeKey, feeStatus, askFee, account, amount, speed])
  const feeShown = feeKey !== null && feeKey === askedFee.current && feeStatus === 'succeeded' ? fee.view.result : null

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

  if (d === null) {
    return info.status === 'failed' ? <p role="alert">{t('loadFailed')}</p> : <p role="status">{t('loading')}</p>
  }
  const submit = () => {
    if (account === null) return
    const error = moneyError(amount, bounds)
    setAmountError(error === null ? null : auth(error, moneyParams(bounds, i18n.language)))
    const sms = d.need_sms === 1 ? codeProblem(phone, smsCode) : null
    setSmsError(sms)
    const proof = needProof && proofUrl === null ? t('errors.needProof') : null
    setProofError(proof)
    if (error !== null || sms !== null || proof !== null) return
    cash.submit({
      account_id: account.id, amount, withdraw_pass: pin, request_id: requestId, speed,
      ...(d.need_sms === 1 ? { sms_code: smsCode } : {}),
      ...(proofUrl === null ? {} : { proof_url: proofUrl }),
    })
  }
  const formError = cash.view.formError
  const pinError = formError === 'errors.pinDigits' || formError === 'errors.wrongPin' || formError === 'errors.noPin' ? t(formError) : null
  const done = cash.view.status === 'succeeded' ? cash.view.result : null
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
      {Number(d.audit_need) > 0 && (
        <p className="withdraw__note">
          {t('auditHolds', { need: d.audit_need })}{' '}
          <button type="button" className="button button--ghost button--small" onClick={() => navigate('withdraw', { query: { tab: 'audit' }, replace: true })}>
            {t('auditSee')}
          </button>
        </p>
      )}
      <p className="withdraw__note">{t('dailyLeft', { left: d.daily_left, times: d.daily_times })}</p>
      {d.accounts.length === 0 ? (
        <div className="withdraw__empty">
          <p>{t('noAccount')}</p>
          <button type="button" className="button button--primary" onClick={() => navigate('withdraw', { query: { tab: 'bankCard' }, replace: true })}>
            {t('bindCard')}
          </button>
        </div>
      ) : (
        <form
          className="withdraw__fields"
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            submit()
          }}
        >
          <div className="field">
            <label className="field__label" htmlFor={accountFieldId}>{t('account')}</label>
            <select id={accountFieldId} className="field__input" value={account?.id ?? ''} onChange={(e) => setAccountId(Number(e.target.value))} disabled={allClosed}>
              {d.accounts.map((a) => (
                <option key={a.id} value={a.id}>{accountLabel(a)}</option>
              ))}
            </select>
          </div>
          <MoneyInput
            label={t('amount')}
            value={amount}
            onChange={(v) => {
              setAmount(v)
              setAmountError(null)
            }}
            kind={kind}
            {...(min === undefined ? {} : { min })}
            {...(max === undefined ? {} : { max })}
            error={amountError ?? (formError !== null && !NOT_AMOUNT.has(formError) ? t(formError) : null)}
            quickAmounts={max === undefined || Number(max) <= 0 ? [] : [max]}
            describedBy={feeId}
            disabled={allClosed}
          />
          <p id={feeId} className="withdraw__fee" aria-live="polite">
            {feeShown !== null
              ? t('fee', { fee: formatAmount(feeShown.fee, i18n.language, 2), rate: feeShown.fee_rate, arrive: formatAmount(feeShown.arrive_amount, i18n.language, 2) })
              : channel === null ? '' : t('feeRate', { rate: channel.fee_rate })}
          </p>
          <div className="field">
            <label className="field__label" htmlFor={speedId}>{t('speed')}</label>
            <select id={speedId} className="field__input" value={speed} onChange={(e) => setSpeed(Number(e.target.value) === 1 ? 1 : 2)} disabled={allClosed}>
              <option value={2}>{t('speed_2')}</option>
              <option value={1}>{t('speed_1')}</option>
            </select>
          </div>
          {needProof && (
            <ProofUpload
              id={proofId}
              status={upload.view.status}
              formError={upload.view.formError}
              error={proofError ?? (formError === 'errors.needProof' || formError === 'errors.badProof' ? t(formError) : null)}
              onFile={(f) => {
                setProofError(null)
                const problem = proofProblem(f)
                if (problem !== null) {
                  setProofError(t(problem, { mb: PROOF_MAX_BYTES / 1024 / 1024 }))
                  return
                }
                void f.arrayBuffer().then((b) => upload.submit({ file_name: f.name, content_type: f.type as ProofType, data: toBase64(b) }))
              }}
            />
          )}
          <PinInput label={t('pin')} value={pin} onChange={setPin} length={LIMITS.paymentPassword} error={pinError} />
          {d.need_sms === 1 && (
            <CodeInput
              channel="phone"
              target={phone}
              check={() => phone !== ''}
              label={t('smsCode')}
              value={smsCode}
              onChange={setSmsCode}
              error={smsError ?? (formError === 'errors.needSms' || formError === 'errors.wrongCode' || formError === 'errors.noCode' ? t(formError) : null)}
            />
          )}
          <button type="submit" className="button button--primary" disabled={allClosed || cash.view.status === 'submitting'}>
            {cash.view.status === 'submitting' ? t('submitting') : t('submit')}
          </button>
          {formError === 'errors.bindFirst' && (
            <button type="button" className="button button--ghost" onClick={() => navigate('withdraw', { query: { tab: 'bankCard' }, replace: true })}>
              {t('bindCard')}
            </button>
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

/** Proofs the hall takes: png, jpeg or webp images of at most 512 KB (server/calls/withdraw.ts). */
const PROOF_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const
type ProofType = (typeof PROOF_TYPES)[number]
const PROOF_MAX_BYTES = 512 * 1024

/** What is wrong with a chosen proof file (a key of the withdraw namespace), or null. */
const proofProblem = (f: File): string | null =>
  !(PROOF_TYPES as ReadonlyArray<string>).includes(f.type) ? 'errors.proofType' : f.size === 0 || f.size > PROOF_MAX_BYTES ? 'errors.proofSize' : null

/** The bytes of a file as base64 (the upload travels inside the encrypted body). */
const toBase64 = (b: ArrayBuffer): string => {
  const bytes = new Uint8Array(b)
  let s = ''
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(s)
}

/** The proof a channel asks for: a file input that uploads the image as soon as it is chosen. */
const ProofUpload = ({ id, status, formError, error, onFile }: {
  id: string
  status: string
  formError: string | null
  error: string | null
  onFile: (f: File) => void
}) => {
  const { t } = useTranslation('withdraw')
  const shown = error ?? (formError === null ? null : t(formError))
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>{t('proof.label')}</label>
      <input
        id={id}
        type="file"
        className="field__input"
        accept={PROOF_TYPES.join(',')}
        aria-describedby={`${id}-hint`}
        aria-invalid={shown !== null}
        onChange={(e) => {
          const f = e.target.files?.[0]
          if (f !== undefined) onFile(f)
        }}
      />
      <p id={`${id}-hint`} className="withdraw__muted">{t('proof.hint', { mb: PROOF_MAX_BYTES / 1024 / 1024 })}</p>
      {status === 'submitting' && <p role="status">{t('proof.uploading')}</p>}
      {status === 'succeeded' && shown === null && <p role="status">{t('proof.uploaded')}</p>}
      {shown !== null && <p className="field__error" role="alert">{shown}</p>}
    </div>
  )
}

/** The e-wallets and wallet-app accounts: the list, and the form that binds one of the player's currency. */
const EWallets = () => {
  const { t } = useTranslation('withdraw')
  const { t: auth } = useTranslation('auth')
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
  const bound = bindEwallet.view.status === 'succeeded' || bindApp.view.status === 'succeeded'
  useEffect(() => {
    if (!bound) return
    send({ type: 'withdraw.opened' })
    setAccountNo('')
    setPin('')
  }, [bound, bindEwallet.view.result, bindApp.view.result, send])
  // The binding goes once the withdraw password passed verifyWithdrawPass, with its ticket.
  const { reset: resetVerify } = verify
  const ticket = verify.view.status === 'succeeded' ? verify.view.result : null
  const [pending, setPending] = useState<{ kind: 'ewallet' | 'wallet'; wallet_code: string; account_no: string; holder: string } | null>(null)
  const { submit: bindE } = bindEwallet
  const { submit: bindA } = bindApp
  useEffect(() => {
    if (ticket === null || pending === null) return
    const { kind, ...payload } = pending
    if (kind === 'wallet') bindA({ ...payload, verifyToken: ticket })
    else bindE({ ...payload, verifyToken: ticket })
    setPending(null)
    resetVerify()
  }, [ticket, pending, bindA, bindE, resetVerify])
  const submit = () => {
    if (chosen === null) return
    const no = accountNo.trim()
    const name = holder.trim()
    const problem =
      !new RegExp(chosen.account_pattern).test(no) ? t('errors.badEwallet')
      : name === '' ? auth('validation.required', { ...VALIDATION_PARAMS, item: t('holder') })
      : name.length > LIMITS.realNameMax ? auth('validation.realNameLength', VALIDATION_PARAMS)
      : null
    setError(problem)
    if (problem !== null) return
    setPending({ kind: chosen.kind, wallet_code: chosen.code, account_no: no, holder: name })
    verify.submit({ withdrawPass: pin })
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
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.holder}>{t('holder')}</label>
          <input id={ids.holder} className="field__input" autoComplete="name" maxLength={LIMITS.realNameMax} value={holder} onChange={(e) => setHolder(e.target.value)} />
        </div>
        <PinInput label={t('pin')} value={pin} onChange={setPin} length={LIMITS.paymentPassword} error={pinError} />
        {shown !== null && <p id={ids.error} className="field__error" role="alert">{shown}</p>}
        <button type="submit" className="button button--primary" disabled={bind.view.status === 'submitting' || verify.view.status === 'submitting' || chosen === null}>{t('ewallet.submit')}</button>
        {bound && <p role="status">{t('bound')}</p>}
      </form>
    </section>
  )
}

/** The delete of an account: the withdraw password confirms it, in a dialog. */
const DeleteAccount = ({ account, onClose }: { account: WithdrawAccount; onClose: () => void }) => {
  const { t } = useTranslation('withdraw')
  const send = useSend()
  const del = useCommand<number, unknown>(deleteAccountCommand)
  const [pin, setPin] = useState('')
  const { reset } = del
  useEffect(() => reset(), [reset])
  useEffect(() => {
    if (del.view.status !== 'succeeded' || del.view.result !== account.id) return
    send({ type: 'withdraw.opened' })
    onClose()
  }, [del.view.status, del.view.result, account.id, send, onClose])
  return (
    <Modal open title={t('delete.title')} onClose={onClose} showCloseButton closeLabel={t('close')}>
      <form
        className="withdraw__fields"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          del.submit({ id: account.id, withdraw_pass: pin })
        }}
      >
        <p>{t('delete.text', { account: accountLabel(account) })}</p>
        <PinInput label={t('pin')} value={pin} onChange={setPin} error={del.view.formError === null ? null : t(del.view.formError)} autoFocus />
        <div className="withdraw__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>{t('cancel')}</button>
          <button type="submit" className="button button--primary" disabled={del.view.status === 'submitting'}>{t('delete.confirm')}</button>
        </div>
      </form>
    </Modal>
  )
}

/** The player's accounts of some kinds, each with default and delete. */
const AccountList = ({ kinds, label }: { kinds: ReadonlyArray<WithdrawAccount['kind']>; label: string }) => {
  const { t } = useTranslation('withdraw')
  const send = useSend()
  const accounts = (useQuery(withdrawInfoActor).data?.accounts ?? []).filter((a) => kinds.includes(a.kind))
  const setDefault = useCommand<ReadonlyArray<WithdrawAccount>, unknown>(setDefaultCommand)
  const [deleting, setDeleting] = useState<WithdrawAccount | null>(null)
  useEffect(() => {
    if (setDefault.view.status === 'succeeded') send({ type: 'withdraw.opened' })
  }, [setDefault.view.status, setDefault.view.result, send])
  if (accounts.length === 0) return <p className="withdraw__note">{t('noneBound')}</p>
  return (
    <>
      <ul className="withdraw__accounts" aria-label={label}>
        {accounts.map((a) => (
          <li key={a.id} className="withdraw__account">
            <span>
              <strong>{accountLabel(a)}</strong>
              {a.holder === '' ? null : <span className="withdraw__muted"> · {a.holder}</span>}
              {a.is_default === 1 && <span className="withdraw__badge"> {t('default')}</span>}
            </span>
            <span className="withdraw__actions">
              {a.is_default !== 1 && (
                <button type="button" className="button button--ghost button--small" onClick={() => setDefault.submit({ id: a.id })} aria-label={t('makeDefaultOf', { account: accountLabel(a) })}>
                  {t('makeDefault')}
                </button>
              )}
              <button type="button" className="button button--ghost button--small" onClick={() => setDeleting(a)} aria-label={t('deleteOf', { account: accountLabel(a) })}>
                {t('delete.button')}
              </button>
            </span>
          </li>
        ))}
      </ul>
      {deleting !== null && <DeleteAccount account={deleting} onClose={() => setDeleting(null)} />}
    </>
  )
}

/** The bank cards: the list, and the form that binds one (spec §5 real name and CPF rules). */
const BankCards = () => {
  const { t } = useTranslation('withdraw')
  const { t: auth } = useTranslation('auth')
  const send = useSend()
  const banks = useQuery(banksActor).data ?? []
  const info = useQuery(withdrawInfoActor).data
  const bind = useCommand<WithdrawAccount, unknown>(bindCardCommand)
  const [bank, setBank] = useState('')
  const [cardNo, setCardNo] = useState('')
  const [holder, setHolder] = useState('')
  const [cpf, setCpf] = useState('')
  const [error, setError] = useState<string | null>(null)
  const ids = { bank: useId(), card: useId(), holder: useId(), cpf: useId(), error: useId() }
  const brazil = info?.currency === 'BRL'
  useEffect(() => {
    if (bind.view.status !== 'succeeded') return
    send({ type: 'withdraw.opened' })
    setCardNo('')
    setCpf('')
  }, [bind.view.status, bind.view.result, send])
  const submit = () => {
    // The banks come first: without one chosen there is nothing to bind at.
    const code = bank === '' ? banks[0]?.bank_code ?? '' : bank
    if (code === '') return
    const digits = cardNo.replace(/\s+/g, '')
    const problem =
      !/^\d{6,30}$/.test(digits) ? t('errors.badCard')
      : holder.trim() === '' ? auth('validation.required', { ...VALIDATION_PARAMS, item: t('holder') })
      : holder.trim().length > LIMITS.realNameMax ? auth('validation.realNameLength', VALIDATION_PARAMS)
      : brazil && cpf !== '' && !/^\d{1,11}$/.test(cpf) ? auth('validation.cpf', VALIDATION_PARAMS)
      : null
    setError(problem)
    if (problem !== null) return
    bind.submit({ bank_code: code, card_no: digits, holder: holder.trim(), ...(brazil && cpf !== '' ? { cpf } : {}) })
  }
  const shown = error ?? (bind.view.formError === null ? null : t(bind.view.formError))
  return (
    <section className="withdraw__form" aria-labelledby="withdraw-cards-title">
      <h2 id="withdraw-cards-title" className="withdraw__heading">{t('tab.bankCard')}</h2>
      <AccountList kinds={['bank']} label={t('tab.bankCard')} />
      <form className="withdraw__fields" noValidate onSubmit={(e) => { e.preventDefault(); submit() }} aria-describedby={shown === null ? undefined : ids.error}>
        <h3 className="withdraw__subheading">{t('card.bind')}</h3>
        <div className="field">
          <label className="field__label" htmlFor={ids.bank}>{t('card.bank')}</label>
          <select id={ids.bank} className="field__input" value={bank === '' ? banks[0]?.bank_code ?? '' : bank} onChange={(e) => setBank(e.target.value)}>
            {banks.map((b) => <option key={b.bank_code} value={b.bank_code}>{b.bank_name}</option>)}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.card}>{t('card.number')}</label>
          <input id={ids.card} className="field__input" inputMode="numeric" autoComplete="off" value={cardNo} onChange={(e) => setCardNo(e.target.value.replace(/[^\d ]/g, '').slice(0, 36))} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.holder}>{t('holder')}</label>
          <input id={ids.holder} className="field__input" autoComplete="name" maxLength={LIMITS.realNameMax} value={holder} onChange={(e) => setHolder(e.target.value)} />
        </div>
        {brazil && (
          <div className="field">
            <label className="field__label" htmlFor={ids.cpf}>{t('card.cpf')}</label>
            <input id={ids.cpf} className="field__input" inputMode="numeric" autoComplete="off" value={cpf} onChange={(e) => setCpf(e.target.value.replace(/\D/g, '').slice(0, LIMITS.cpfMax))} />
          </div>
        )}
        {shown !== null && <p id={ids.error} className="field__error" role="alert">{shown}</p>}
        <button type="submit" className="button button--primary" disabled={bind.view.status === 'submitting' || banks.length === 0}>{t('card.submit')}</button>
        {bind.view.status === 'succeeded' && <p role="status">{t('bound')}</p>}
      </form>
    </section>
  )
}

/** The crypto addresses: the list, and the form that binds one on a network. */
const CryptoAddresses = () => {
  const { t } = useTranslation('withdraw')
  const send = useSend()
  const networks = useQuery(cryptoNetworksActor).data ?? []
  const bind = useCommand<WithdrawAccount, unknown>(bindCryptoCommand)
  const [network, setNetwork] = useState('')
  const [address, setAddress] = useState('')
  const [error, setError] = useState<string | null>(null)
  const ids = { network: useId(), address: useId(), error: useId() }
  const keyOf = (n: { currency: string; network: string }) => `${n.currency}/${n.network}`
  const chosen = networks.find((n) => keyOf(n) === network) ?? networks[0] ?? null
  useEffect(() => {
    if (bind.view.status !== 'succeeded') return
    send({ type: 'withdraw.opened' })
    setAddress('')
  }, [bind.view.status, bind.view.result, send])
  const submit = () => {
    if (chosen === null) return
    const a = address.trim()
    const problem = new RegExp(chosen.address_pattern).test(a) ? null : t('errors.badAddress')
    setError(problem)
    if (problem === null) bind.submit({ currency: chosen.currency, network: chosen.network, address: a })
  }
  const shown = error ?? (bind.view.formError === null ? null : t(bind.view.formError))
  return (
    <section className="withdraw__form" aria-labelledby="withdraw-crypto-title">
      <h2 id="withdraw-crypto-title" className="withdraw__heading">{t('tab.crypto')}</h2>
      <AccountList kinds={['crypto']} label={t('tab.crypto')} />
      <form className="withdraw__fields" noValidate onSubmit={(e) => { e.preventDefault(); submit() }}>
        <h3 className="withdraw__subheading">{t('crypto.bind')}</h3>
        <div className="field">
          <label className="field__label" htmlFor={ids.network}>{t('crypto.network')}</label>
          <select id={ids.network} className="field__input" value={chosen === null ? '' : keyOf(chosen)} onChange={(e) => setNetwork(e.target.value)}>
            {networks.map((n) => <option key={keyOf(n)} value={keyOf(n)}>{`${n.currency} · ${n.network}`}</option>)}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.address}>{t('crypto.address')}</label>
          <input id={ids.address} className="field__input" autoComplete="off" spellCheck={false} value={address} onChange={(e) => setAddress(e.target.value)} aria-describedby={shown === null ? undefined : ids.error} aria-invalid={shown !== null} />
        </div>
        {shown !== null && <p id={ids.error} className="field__error" role="alert">{shown}</p>}
        <button type="submit" className="button button--primary" disabled={bind.view.status === 'submitting' || chosen === null}>{t('crypto.submit')}</button>
        {bind.view.status === 'succeeded' && <p role="status">{t('bound')}</p>}
      </form>
    </section>
  )
}

/** A withdrawal's status as words. */
export const useStatusText = () => {
  const { t } = useTranslation('withdraw')
  return (status: number) => t(`status_${status}`)
}

/** The withdraw records: the player's withdrawals with the state filter; each opens its details. */
const WithdrawRecords = () => {
  const { t } = useTranslation('withdraw')
  const navigate = useNavigate()
  const desktop = useMedia(DESKTOP_QUERY)
  const status = useStatusText()
  const [state, setState] = useState<StateFilterValue>(10000)
  const condition = useMemo(() => (state === 10000 ? {} : { state }), [state])
  const { view, intents } = usePagedList(withdrawRecordsActor, condition)
  const open = (o: WithdrawOrder) => (
    <button type="button" className="button button--ghost button--small" onClick={() => navigate('withdrawDetails', { params: { orderId: o.order_no } })} aria-label={t('detailsOf', { order: o.order_no })}>
      {t('details')}
    </button>
  )
  const columns: ReadonlyArray<Column<WithdrawOrder>> = [
    { key: 'time', header: t('time'), cell: (o) => o.created_at },
    { key: 'order', header: t('orderNo'), cell: (o) => o.order_no },
    { key: 'amount', header: t('amount'), cell: (o) => <MoneyText value={o.amount} />, align: 'end' },
    { key: 'status', header: t('status'), cell: (o) => status(o.status) },
    { key: 'open', header: t('details'), cell: open },
  ]
  return (
    <section className="withdraw__form">
      <div className="withdraw__filters"><StateFilter value={state} onChange={setState} /></div>
      {desktop ? (
        <PagedTable caption={t('tab.records')} columns={columns} view={view} intents={intents} rowKey={(o) => o.order_no} empty={t('empty')} />
      ) : (
        <InfiniteList
          label={t('tab.records')}
          view={view}
          intents={intents}
          rowKey={(o) => o.order_no}
          empty={t('empty')}
          render={(o) => (
            <div className="withdraw__card">
              <strong><MoneyText value={o.amount} /></strong>
              <span>{status(o.status)}</span>
              <span className="withdraw__muted">{o.created_at}</span>
              {open(o)}
            </div>
          )}
        />
      )}
    </section>
  )
}

/** The turnover audits: what each credit needs in bets and how far it went; each opens its details. */
const AuditRecords = () => {
  const { t } = useTranslation('withdraw')
  const navigate = useNavigate()
  const desktop = useMedia(DESKTOP_QUERY)
  const [state, setState] = useState<StateFilterValue>(10000)
  const condition = useMemo(() => (state === 10000 ? {} : { state }), [state])
  const { view, intents } = usePagedList(auditRecordsActor, condition)
  const open = (a: AuditRecord) => (
    <button type="button" className="button button--ghost button--small" onClick={() => navigate('auditDetails', { params: { id: a.audit_id } })} aria-label={t('auditDetailsOf', { title: a.title === '' ? t(`source_${a.source}`) : a.title, time: a.created_at })}>
      {t('details')}
    </button>
  )
  const columns: ReadonlyArray<Column<AuditRecord>> = [
    { key: 'time', header: t('time'), cell: (a) => a.created_at },
    { key: 'source', header: t('source'), cell: (a) => (a.title === '' ? t(`source_${a.source}`) : a.title) },
    { key: 'amount', header: t('amount'), cell: (a) => <MoneyText value={a.amount} />, align: 'end' },
    { key: 'progress', header: t('progress'), cell: (a) => `${a.done_bet} / ${a.need_bet}`, align: 'end' },
    { key: 'status', header: t('status'), cell: (a) => t(`audit_${a.status}`) },
    { key: 'open', header: t('details'), cell: open },
  ]
  return (
    <section className="withdraw__form">
      <div className="withdraw__filters"><StateFilter value={state} onChange={setState} /></div>
      {desktop ? (
        <PagedTable caption={t('tab.audit')} columns={columns} view={view} intents={intents} rowKey={(a) => a.audit_id} empty={t('empty')} />
      ) : (
        <InfiniteList
          label={t('tab.audit')}
          view={view}
          intents={intents}
          rowKey={(a) => a.audit_id}
          empty={t('empty')}
          render={(a) => (
            <div className="withdraw__card">
              <strong>{a.title === '' ? t(`source_${a.source}`) : a.title}</strong>
              <span>{t(`audit_${a.status}`)}</span>
              <span>{`${a.done_bet} / ${a.need_bet}`}</span>
              {open(a)}
            </div>
          )}
        />
      )}
    </section>
  )
}
