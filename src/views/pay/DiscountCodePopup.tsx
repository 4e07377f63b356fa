import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { codePhoneActor, discountActor } from '../../../actors/pay'
import { useActor, useQuery, useSend } from '../../system-react'
import { Modal } from '../../ui/Modal'
import { formatMoney } from '../shell/Header'

/**
 * The discount-code popup (screens §2 global popup discount code; calls §7.4 checkCodePhoneNumber,
 * useDiscountCode): the code, redeemed once per player; a code that needs a bound phone says so
 * (the player's phone, masked, when there is one). The credited balance goes to the wallet with
 * the answer; the code typed stays in the field when the hall refuses it.
 */
export const DiscountCodePopup = ({ open, showCloseButton, onClose }: { open: boolean; showCloseButton: boolean; onClose: (() => void) | undefined }) => {
  const { t, i18n } = useTranslation('pay')
  const send = useSend()
  const phone = useQuery(codePhoneActor).data
  const redeem = useActor('useDiscountCode', discountActor.view)
  const [code, setCode] = useState('')
  const [shown, setShown] = useState(false)
  const id = useId()
  const empty = code.trim() === ''
  const error = shown && empty ? t('discount.error.required') : redeem.formError === null ? null : t(redeem.formError)
  const close = () => {
    send({ type: 'command.reset', command: 'useDiscountCode' })
    onClose?.()
  }
  return (
    <Modal open={open} title={t('discount.title')} showCloseButton={showCloseButton} onClose={onClose === undefined ? undefined : close} closeLabel={t('close')}>
      {redeem.status === 'succeeded' && redeem.result !== null ? (
        <div className="pay__order">
          <p role="status">{t('discount.received', { amount: formatMoney(Number(redeem.result.amount), i18n.language), currency: redeem.result.currency })}</p>
          <div className="modal__actions">
            <button type="button" className="button button--primary" onClick={close}>
              {t('discount.done')}
            </button>
          </div>
        </div>
      ) : (
        <form
          className="pay__form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            setShown(true)
            if (empty || redeem.status === 'submitting') return
            send({ type: 'command.submitted', command: 'useDiscountCode', payload: { code: code.trim() } })
          }}
        >
          <p className="pay__note">{phone !== null && phone.bound === 1 ? t('discount.phoneBound', { phone: phone.mobile_phone }) : t('discount.hint')}</p>
          <div className={`field${error !== null ? ' field--invalid' : ''}`}>
            <label className="field__label" htmlFor={id}>{t('discount.code')}</label>
            <input
              id={id}
              className="field__input"
              value={code}
              maxLength={32}
              autoComplete="off"
              autoCapitalize="characters"
              onChange={(e) => {
                setCode(e.target.value)
                if (redeem.formError !== null) send({ type: 'command.reset', command: 'useDiscountCode' })
              }}
              aria-invalid={error !== null}
              aria-describedby={error !== null ? `${id}-error` : undefined}
            />
            {error !== null && <p id={`${id}-error`} className="field__error" role="alert">{error}</p>}
          </div>
          <div className="modal__actions">
            <button type="submit" className="button button--primary" disabled={redeem.status === 'submitting'}>
              {t('discount.redeem')}
            </button>
          </div>
        </form>
      )}
    </Modal>
  )
}
