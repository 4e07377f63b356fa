import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { payOrderActor, transferCancelActor, transferConfirmActor } from '../../../actors/pay'
import type { DepositOrder } from '../../../actors/pay'
import { freshest, positive } from '../../models/pay'
import { useActor, useQuery, useSend } from '../../system-react'
import { QrCode } from '../postlogin/QrCode'

/** The order made: how to pay it, and its state as the hall last said. */
export const OrderPanel = ({ order: made, onAgain }: { order: DepositOrder; onAgain: () => void }) => {
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
        {positive(order.fee) && (
          <>
            <dt>{t('fee')}</dt>
            <dd>{order.fee} {order.currency}</dd>
          </>
        )}
        {positive(order.bonus) && (
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
