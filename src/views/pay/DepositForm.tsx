import { useEffect, useId, useMemo, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useActorRef } from '@xstate/react'
import { depositActor, discountShowActor, payBanksActor, payFeeActor, payRatesActor } from '../../../actors/pay'
import type { PayPlatform } from '../../../actors/pay'
import { selectCurrency } from '../../../actors/session'
import { depositRequest, payAmountProblem, payBounds, payChosen, payCurrencies, positive, quoteFlow, quoteFor, rateFor } from '../../models/pay'
import { useActor, useQuery, useSend } from '../../system-react'
import { MoneyInput } from '../../ui/MoneyInput'
import { moneyParams } from '../../ui/validation'

/** A fresh request id for the next order (the hall answers a repeated id with the same order). */
const newRequestId = (): string => crypto.randomUUID()

/**
 * The deposit form: currency, method, channel, bank and amount (src/models/pay.ts), the fee quote
 * after a pause in typing (quoteFlow), and the signed order request.
 */
export const DepositForm = ({ platforms }: { platforms: ReadonlyArray<PayPlatform> }) => {
  const { t } = useTranslation('pay')
  const { t: authT } = useTranslation('auth')
  const send = useSend()
  const depositKey = useActor('site', (s) => s.context.config?.depositKey ?? '')
  const deposit = useActor('deposit', depositActor.view)
  const currencies = useMemo(() => payCurrencies(platforms), [platforms])
  const [currency, setCurrency] = useState(currencies[0] ?? '')
  const [methodType, setMethodType] = useState<number | null>(null)
  const [channelId, setChannelId] = useState<number | null>(null)
  const { methods, method, channel } = payChosen(platforms, { currency, methodType, channelId })
  const [amount, setAmount] = useState('')
  const [shown, setShown] = useState(false)
  const [requestId, setRequestId] = useState(newRequestId)
  const feeId = useId()
  const bounds = payBounds(channel)
  const local = payAmountProblem(amount, channel)
  const hallError = deposit.formError === null ? null : t(deposit.formError, { min: channel?.min_amount ?? '', max: channel?.max_amount ?? '' })
  const error = shown && local !== null ? authT(local, moneyParams(bounds)) : hallError
  const busy = deposit.status === 'submitting'
  const quotedChannel = channel?.id
  const offersCode = useQuery(discountShowActor).data === true
  const fee = useQuery(payFeeActor).data
  const rates = useQuery(payRatesActor).data
  const walletCurrency = useActor('session', selectCurrency)
  const rate = rateFor(channel, walletCurrency, rates)
  const quoted = quoteFor(fee, amount, channel)

  // A valid amount on a channel: its fee, bonus and arrival are asked of the hall (after a pause in typing).
  const banks = useQuery(payBanksActor).data?.banks ?? []
  const [bank, setBank] = useState('')
  const bankId = useId()
  const chooseBank = channel?.choose_bank === 1
  useEffect(() => {
    if (quotedChannel === undefined) return
    setBank('')
    send({ type: 'pay.channelChosen', channelId: quotedChannel, chooseBank })
  }, [send, quotedChannel, chooseBank])

  const quote = useActorRef(quoteFlow)
  useEffect(() => {
    const asks = quote.on('quote', (e) => send({ type: 'pay.amountChosen', channelId: e.channelId, amount: e.amount }))
    return () => asks.unsubscribe()
  }, [quote, send])
  useEffect(() => {
    quote.send(quotedChannel === undefined || local !== null ? { type: 'CLEARED' } : { type: 'TYPED', channelId: quotedChannel, amount })
  }, [quote, quotedChannel, amount, local])

  // A new choice of channel or amount starts a new order request.
  useEffect(() => setRequestId(newRequestId()), [channel?.id, amount])

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setShown(true)
    if (channel === undefined || local !== null || busy) return
    send({ type: 'command.submitted', command: 'deposit', payload: depositRequest(channel, amount, requestId, bank, depositKey) })
  }

  return (
    <form className="pay__form" onSubmit={submit} noValidate>
      {currencies.length > 1 && (
        <fieldset className="pay__choices">
          <legend>{t('currency')}</legend>
          {currencies.map((c) => (
            <label key={c} className="pay__chip">
              <input type="radio" name="pay-currency" value={c} checked={c === currency} onChange={() => { setCurrency(c); setMethodType(null); setChannelId(null) }} />
              <span>{c}</span>
            </label>
          ))}
        </fieldset>
      )}
      <fieldset className="pay__choices">
        <legend>{t('method')}</legend>
        {methods.map((m) => (
          <label key={m.type} className="pay__chip">
            <input type="radio" name="pay-method" value={m.type} checked={m.type === method?.type} onChange={() => { setMethodType(m.type); setChannelId(null) }} />
            <span>{m.name}</span>
            {positive(m.bonus_rate) && <span className="pay__bonus">{t('bonusBadge', { rate: m.bonus_rate })}</span>}
          </label>
        ))}
      </fieldset>
      {method !== undefined && method.channels.length > 1 && (
        <fieldset className="pay__choices">
          <legend>{t('channel')}</legend>
          {method.channels.map((c) => (
            <label key={c.id} className="pay__chip">
              <input type="radio" name="pay-channel" value={c.id} checked={c.id === channel?.id} onChange={() => setChannelId(c.id)} />
              <span>{c.network === '' ? c.name : `${c.name} (${c.network})`}</span>
            </label>
          ))}
        </fieldset>
      )}
      {chooseBank && banks.length > 0 && (
        <div className="field">
          <label className="field__label" htmlFor={bankId}>{t('bank')}</label>
          <select id={bankId} className="field__input" value={bank} onChange={(e) => setBank(e.target.value)}>
            <option value="">{t('anyBank')}</option>
            {banks.map((b) => (
              <option key={b.bank_code} value={b.bank_code}>{b.bank_name}</option>
            ))}
          </select>
        </div>
      )}
      {channel !== undefined && (
        <>
          <MoneyInput
            label={t('amount', { currency: channel.currency })}
            value={amount}
            onChange={(v) => { setAmount(v); if (deposit.formError !== null) send({ type: 'command.reset', command: 'deposit' }) }}
            kind={bounds.kind ?? 'fiat'}
            min={channel.min_amount}
            max={channel.max_amount}
            error={error}
            quickAmounts={channel.fixed_amounts}
            name="amount"
            describedBy={feeId}
          />
          <p id={feeId} className="pay__note">
            {t('rates', { fee: channel.fee_rate, bonus: channel.bonus_rate })}
            {rate !== undefined && <> · {t('rate', { from: channel.currency, rate: rate.rate, to: rate.target })}</>}
          </p>
          {quoted !== null && (
            <p className="pay__note" role="status">
              {t('quote', { fee: quoted.fee, bonus: quoted.bonus, arrive: quoted.arrive_amount, currency: channel.currency })}
            </p>
          )}
        </>
      )}
      <div className="modal__actions">
        {offersCode && (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              send({ type: 'popup.closeRequested', popup: 'pay' })
              send({ type: 'popup.openRequested', popup: 'discountCode' })
            }}
          >
            {t('discount.open')}
          </button>
        )}
        <button type="submit" className="button button--primary" disabled={busy || channel === undefined}>
          {busy ? t('submitting') : t('submit')}
        </button>
      </div>
    </form>
  )
}
