import MD5 from 'crypto-js/md5'
import { useEffect, useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { depositActor, discountShowActor, payBanksActor, payChannelsActor, payFeeActor, payRatesActor, payOrderActor, transferCancelActor, transferConfirmActor } from '../../../actors/pay'
import type { DepositOrder, PayChannel, PayPlatform } from '../../../actors/pay'
import { selectCurrency } from '../../../actors/session'
import { depositSignText } from '../../../schemas/hall/calls/pay'
import { useActor, useQuery, useSend } from '../../system-react'
import { Modal } from '../../ui/Modal'
import { MoneyInput } from '../../ui/MoneyInput'
import { moneyError, moneyParams } from '../../ui/validation'
import { QrCode } from '../postlogin/QrCode'
import { PayRecords } from './PayRecords'
import './pay.css'

/** A fresh request id for the next order (the hall answers a repeated id with the same order). */
const newRequestId = (): string => crypto.randomUUID()

/** How far an order has gone: a later answer never shows an earlier state. */
const rank = (o: DepositOrder): number => (o.status === 0 ? 0 : o.status === 5 ? 1 : 2)

/** The freshest of the answers about one order. */
const freshest = (order: DepositOrder, others: ReadonlyArray<DepositOrder | null>): DepositOrder =>
  others.reduce<DepositOrder>((best, o) => (o !== null && o.order_no === best.order_no && rank(o) >= rank(best) ? o : best), order)

/**
 * The pay popup (screens §2 global popup pay; calls §7.5): the currencies the site offers, the
 * methods of the chosen currency with their bonus, the channels with their limits, fee and bonus
 * rates, and the amount by the money rules (spec §5) with the channel's quick amounts. The order
 * is signed with the site's deposit key (MD5) and made by the `deposit` command; its answer says
 * how to pay: the provider's page (online), an address with its QR code (crypto) or the bank
 * details with confirm and cancel (offline). Its state follows the socket's notices; the balance
 * is the wallet's, which takes the paid order's notice.
 */
export const PayPopup = ({ open, showCloseButton, onClose }: { open: boolean; showCloseButton: boolean; onClose: (() => void) | undefined }) => {
  const { t } = useTranslation('pay')
  const send = useSend()
  const channels = useQuery(payChannelsActor)
  const deposit = useActor('deposit', depositActor.view)
  const [tab, setTab] = useState<'deposit' | 'records'>('deposit')
  const close = () => {
    for (const command of ['deposit', 'transferconfirm', 'transfercancel']) send({ type: 'command.reset', command })
    onClose?.()
  }
  return (
    <Modal open={open} title={t('title')} showCloseButton={showCloseButton} onClose={onClose === undefined ? undefined : close} closeLabel={t('close')} className="pay">
      <div className="pay__tabs" role="tablist" aria-label={t('title')}>
        {(['deposit', 'records'] as const).map((x) => (
          <button key={x} type="button" role="tab" id={`pay-tab-${x}`} aria-selected={x === tab} aria-controls="pay-panel" className={`button button--small ${x === tab ? 'button--primary' : 'button--ghost'}`} onClick={() => setTab(x)}>
            {t(`tabs.${x}`)}
          </button>
        ))}
      </div>
      <div id="pay-panel" role="tabpanel" aria-labelledby={`pay-tab-${tab}`}>
      {tab === 'records' ? (
        <PayRecords />
      ) : deposit.status === 'succeeded' && deposit.result !== null ? (
        <OrderPanel order={deposit.result} onAgain={() => send({ type: 'command.reset', command: 'deposit' })} />
      ) : channels.status === 'failed' ? (
        <div className="pay__state">
          <p role="alert">{t('loadFailed')}</p>
          <button type="button" className="button button--primary" onClick={() => send({ type: 'query.refreshRequested', query: 'paychannels' })}>
            {t('retry')}
          </button>
        </div>
      ) : channels.data === null ? (
        <p className="pay__state" role="status">{t('loading')}</p>
      ) : channels.data.length === 0 ? (
        <p className="pay__state">{t('noChannels')}</p>
      ) : (
        <DepositForm platforms={channels.data} />
      )}
      </div>
    </Modal>
  )
}

const DepositForm = ({ platforms }: { platforms: ReadonlyArray<PayPlatform> }) => {
  const { t } = useTranslation('pay')
  const { t: authT } = useTranslation('auth')
  const send = useSend()
  const depositKey = useActor('site', (s) => s.context.config?.depositKey ?? '')
  const deposit = useActor('deposit', depositActor.view)
  const currencies = useMemo(() => [...new Set(platforms.map((p) => p.currency))], [platforms])
  const [currency, setCurrency] = useState(currencies[0] ?? '')
  const methods = platforms.filter((p) => p.currency === currency)
  const [methodType, setMethodType] = useState<number | null>(null)
  const method = methods.find((m) => m.type === methodType) ?? methods[0]
  const [channelId, setChannelId] = useState<number | null>(null)
  const channel: PayChannel | undefined = method?.channels.find((c) => c.id === channelId) ?? method?.channels[0]
  const [amount, setAmount] = useState('')
  const [shown, setShown] = useState(false)
  const [requestId, setRequestId] = useState(newRequestId)
  const feeId = useId()
  const kind = channel?.kind === 'crypto' ? 'crypto' : 'fiat'
  const bounds = channel === undefined ? {} : { kind, min: channel.min_amount, max: channel.max_amount } as const
  const local = moneyError(amount, bounds)
  const hallError = deposit.formError === null ? null : t(deposit.formError, { min: channel?.min_amount ?? '', max: channel?.max_amount ?? '' })
  const error = shown && local !== null ? authT(local, moneyParams(bounds)) : hallError
  const busy = deposit.status === 'submitting'
  const quotedChannel = channel?.id
  const offersCode = useQuery(discountShowActor).data === true
  const fee = useQuery(payFeeActor).data
  const rates = useQuery(payRatesActor).data
  const walletCurrency = useActor('session', selectCurrency)
  const rate = channel === undefined || channel.currency === walletCurrency ? undefined : rates?.find((r) => r.currency === channel.currency)
  const quoted = fee !== null && local === null && Number(fee.amount) === Number(amount) && channel !== undefined ? fee : null

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

  useEffect(() => {
    if (quotedChannel === undefined || local !== null) return
    const timer = setTimeout(() => send({ type: 'pay.amountChosen', channelId: quotedChannel, amount }), 300)
    return () => clearTimeout(timer)
  }, [send, quotedChannel, amount, local])

  // A new choice of channel or amount starts a new order request.
  useEffect(() => setRequestId(newRequestId()), [channel?.id, amount])

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    setShown(true)
    if (channel === undefined || local !== null || busy) return
    const payload = { channel_id: channel.id, amount, request_id: requestId, currency: channel.currency }
    const extra = chooseBank && bank !== '' ? { bank_code: bank } : {}
    send({ type: 'command.submitted', command: 'deposit', payload: { ...payload, ...extra, sign: MD5(depositSignText(payload, depositKey)).toString() } })
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
            {Number(m.bonus_rate) > 0 && <span className="pay__bonus">{t('bonusBadge', { rate: m.bonus_rate })}</span>}
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
            kind={kind}
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

/** The order made: how to pay it, and its state as the hall last said. */
const OrderPanel = ({ order: made, onAgain }: { order: DepositOrder; onAgain: () => void }) => {
  const { t } = useTranslation('pay')
  const send = useSend()
  const latest = useQuery(payOrderActor).data
  const confirmed = useActor('transferconfirm', transferConfirmActor.view)
  const cancelled = useActor('transfercancel', transferCancelActor.view)
  const order = freshest(made, [latest, confirmed.result, cancelled.result])
  const base = useActor('site', (s) => s.context.config?.configApiBaseUrl ?? '')
  const [payer, setPayer] = useState('')
  const payerId = useId()
  const formError = confirmed.formError ?? cancelled.formError
  const waiting = order.status === 0
  return (
    <section className="pay__order" aria-label={t('order', { no: order.order_no })}>
      <dl className="pay__details">
        <dt>{t('orderNo')}</dt>
        <dd>{order.order_no}</dd>
        <dt>{t('amountLabel')}</dt>
        <dd>{order.amount} {order.currency}</dd>
        {Number(order.fee) > 0 && (
          <>
            <dt>{t('fee')}</dt>
            <dd>{order.fee} {order.currency}</dd>
          </>
        )}
        {Number(order.bonus) > 0 && (
          <>
            <dt>{t('bonus')}</dt>
            <dd>{order.bonus} {order.currency}</dd>
          </>
        )}
        <dt>{t('statusLabel')}</dt>
        <dd role="status" aria-live="polite">{t(`status.${order.status}`)}</dd>
      </dl>
      {order.kind === 'fiat' && waiting && order.pay_url !== '' && (
        <a className="button button--primary pay__go" href={new URL(order.pay_url, base === '' ? location.origin : base).href} target="_blank" rel="noopener">
          {t('goPay')}
        </a>
      )}
      {order.kind === 'crypto' && order.crypto !== null && (
        <div className="pay__crypto">
          <QrCode text={order.crypto.qr_code} label={t('qr', { network: order.crypto.network })} />
          <dl className="pay__details">
            <dt>{t('network')}</dt>
            <dd>{order.crypto.network}</dd>
            <dt>{t('address')}</dt>
            <dd className="pay__address">{order.crypto.address}</dd>
            <dt>{t('send')}</dt>
            <dd>{order.crypto.coin_amount} {order.currency}</dd>
          </dl>
          <CopyText text={order.crypto.address} label={t('copyAddress')} />
        </div>
      )}
      {order.kind === 'offline' && order.transfer !== null && (
        <div className="pay__transfer">
          <dl className="pay__details">
            <dt>{t('bank')}</dt>
            <dd>{order.transfer.bank_name}</dd>
            <dt>{t('accountName')}</dt>
            <dd>{order.transfer.account_name}</dd>
            <dt>{t('accountNo')}</dt>
            <dd>{order.transfer.account_no}</dd>
            {order.transfer.branch !== '' && (
              <>
                <dt>{t('branch')}</dt>
                <dd>{order.transfer.branch}</dd>
              </>
            )}
            <dt>{t('remark')}</dt>
            <dd>{order.transfer.remark}</dd>
          </dl>
          {waiting && (
            <form
              className="pay__form"
              onSubmit={(e) => {
                e.preventDefault()
                send({ type: 'command.submitted', command: 'transferconfirm', payload: { order_no: order.order_no, ...(payer.trim() === '' ? {} : { payer_name: payer.trim() }) } })
              }}
            >
              <div className={`field${formError !== null ? ' field--invalid' : ''}`}>
                <label className="field__label" htmlFor={payerId}>{t('payerName')}</label>
                <input id={payerId} className="field__input" value={payer} maxLength={75} autoComplete="name" onChange={(e) => setPayer(e.target.value)} aria-describedby={formError !== null ? `${payerId}-error` : undefined} aria-invalid={formError !== null} />
                {formError !== null && <p id={`${payerId}-error`} className="field__error" role="alert">{t(formError)}</p>}
              </div>
              <div className="modal__actions">
                <button type="button" className="button button--ghost" disabled={cancelled.status === 'submitting'} onClick={() => send({ type: 'command.submitted', command: 'transfercancel', payload: { order_no: order.order_no } })}>
                  {t('cancelOrder')}
                </button>
                <button type="submit" className="button button--primary" disabled={confirmed.status === 'submitting'}>
                  {t('confirmTransfer')}
                </button>
              </div>
            </form>
          )}
        </div>
      )}
      {!waiting && (
        <div className="modal__actions">
          <button type="button" className="button button--ghost" onClick={onAgain}>
            {t('again')}
          </button>
        </div>
      )}
    </section>
  )
}

/** Copies a text and says so politely. */
const CopyText = ({ text, label }: { text: string; label: string }) => {
  const { t } = useTranslation('pay')
  const [copied, setCopied] = useState(false)
  return (
    <div className="pay__copy">
      <button type="button" className="button button--ghost" onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true), () => setCopied(false))}>
        {label}
      </button>
      <span role="status" aria-live="polite">{copied ? t('copied') : ''}</span>
    </div>
  )
}
