import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { banksActor, bindCardCommand, bindCryptoCommand, cryptoNetworksActor, deleteAccountCommand, setDefaultCommand, withdrawInfoActor, type WithdrawAccount } from '../../../actors/withdraw'
import { accountLabel, checkAddress, checkCard, networkKey, typedCardNo, typedCpf, type BindProblem } from '../../models/withdraw'
import { useCommand, useQuery, useSend } from '../../system-react'
import { Modal } from '../../ui/Modal'
import { PinInput } from '../../ui/PinInput'
import { LIMITS, VALIDATION_PARAMS } from '../../ui/validation'

/** The words of a binding form's problem (src/models/withdraw.ts). */
export const useBindProblem = () => {
  const { t } = useTranslation('withdraw')
  const { t: auth } = useTranslation('auth')
  return (p: BindProblem): string => (p.ns === 'withdraw' ? t(p.key) : auth(p.key, { ...VALIDATION_PARAMS, ...(p.item === undefined ? {} : { item: t(p.item) }) }))
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
export const AccountList = ({ kinds, label }: { kinds: ReadonlyArray<WithdrawAccount['kind']>; label: string }) => {
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
export const BankCards = () => {
  const { t } = useTranslation('withdraw')
  const word = useBindProblem()
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
    const checked = checkCard({ bank, firstBank: banks[0]?.bank_code ?? '', cardNo, holder, cpf, brazil })
    if (checked === null) return
    const problem = 'problem' in checked ? word(checked.problem) : null
    setError(problem)
    if ('request' in checked) bind.submit(checked.request)
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
          <input id={ids.card} className="field__input" inputMode="numeric" autoComplete="off" value={cardNo} onChange={(e) => setCardNo(typedCardNo(e.target.value))} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.holder}>{t('holder')}</label>
          <input id={ids.holder} className="field__input" autoComplete="name" maxLength={LIMITS.realNameMax} value={holder} onChange={(e) => setHolder(e.target.value)} />
        </div>
        {brazil && (
          <div className="field">
            <label className="field__label" htmlFor={ids.cpf}>{t('card.cpf')}</label>
            <input id={ids.cpf} className="field__input" inputMode="numeric" autoComplete="off" value={cpf} onChange={(e) => setCpf(typedCpf(e.target.value))} />
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
export const CryptoAddresses = () => {
  const { t } = useTranslation('withdraw')
  const send = useSend()
  const networks = useQuery(cryptoNetworksActor).data ?? []
  const bind = useCommand<WithdrawAccount, unknown>(bindCryptoCommand)
  const [network, setNetwork] = useState('')
  const [address, setAddress] = useState('')
  const [error, setError] = useState<string | null>(null)
  const ids = { network: useId(), address: useId(), error: useId() }
  const chosen = networks.find((n) => networkKey(n) === network) ?? networks[0] ?? null
  useEffect(() => {
    if (bind.view.status !== 'succeeded') return
    send({ type: 'withdraw.opened' })
    setAddress('')
  }, [bind.view.status, bind.view.result, send])
  const submit = () => {
    if (chosen === null) return
    const checked = checkAddress(chosen, address)
    setError('problem' in checked ? t(checked.problem.key) : null)
    if ('request' in checked) bind.submit(checked.request)
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
          <select id={ids.network} className="field__input" value={chosen === null ? '' : networkKey(chosen)} onChange={(e) => setNetwork(e.target.value)}>
            {networks.map((n) => <option key={networkKey(n)} value={networkKey(n)}>{`${n.currency} · ${n.network}`}</option>)}
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
