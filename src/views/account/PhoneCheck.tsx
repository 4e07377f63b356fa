import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { phoneActor, verifyPhoneCommand } from '../../../actors/account'
import { selectSiteCode } from '../../../actors/site'
import { useActor, useCommand, useQuery, useSend } from '../../system-react'
import { CodeInput, useCodeProblem } from '../../ui/CodeInput'
import { Modal } from '../../ui/Modal'
import { VALIDATION_PARAMS, phoneOfSite } from '../../ui/validation'
import { Field, FormAlert } from '../auth/Field'
import { commandError } from './SecurityForms'

/**
 * The phone check of the security centre (task type 12 'SMS valid'; calls §7.1 /user/phone,
 * /user/verifyphone): the bound phone as the hall shows it (masked, with its country code) gets a
 * code, and the code proves it; an account without a phone names one, which the same code binds.
 */
export const PhoneCheckDialog = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation('account')
  const send = useSend()
  const phone = useQuery(phoneActor)
  const verify = useCommand(verifyPhoneCommand)
  const { reset } = verify
  useEffect(() => {
    reset()
    send({ type: 'account.phoneCheckOpened' })
  }, [reset, send])
  const body =
    verify.view.status === 'succeeded' ? (
      <div className="account-flow__done">
        <p role="status">{t('phoneCheck.done', { phone: verify.view.result })}</p>
        <div className="modal__actions">
          <button type="button" className="button button--primary" onClick={onClose} data-autofocus="">
            {t('close')}
          </button>
        </div>
      </div>
    ) : phone.status === 'failed' ? (
      <p role="alert">
        {t('phoneCheck.failed')}{' '}
        <button type="button" className="button button--ghost button--small" onClick={() => send({ type: 'query.refreshRequested', query: 'phone' })}>
          {t('question.retry')}
        </button>
      </p>
    ) : phone.data === null || phone.data === undefined ? (
      <p role="status">{t('security.loading')}</p>
    ) : (
      <PhoneCheckForm bound={phone.data.bound === 1 ? phone.data.mobile_phone : null} areaCode={phone.data.areaCode} />
    )
  return (
    <Modal open title={t('phoneCheck.title')} onClose={onClose} showCloseButton closeLabel={t('close')} className="account-flow">
      {body}
    </Modal>
  )
}

/** The code to the bound phone (named masked), or to the phone the player names when none is bound. */
const PhoneCheckForm = ({ bound, areaCode }: { bound: string | null; areaCode: string }) => {
  const { t } = useTranslation('account')
  const { t: auth } = useTranslation('auth')
  const verify = useCommand(verifyPhoneCommand)
  const busy = verify.view.status === 'submitting'
  const codeProblem = useCodeProblem('phone')
  const siteCode = useActor('site', selectSiteCode)
  const [number, setNumber] = useState('')
  const [code, setCode] = useState('')
  const [invalid, setInvalid] = useState<string | null>(null)
  const target = bound ?? number
  const checkTarget = (): boolean => {
    if (bound !== null) return true
    const key = phoneOfSite(siteCode)(number)
    setInvalid(key === null ? null : auth(key, { ...VALIDATION_PARAMS, item: t('field.new.phone') }))
    return key === null
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (busy || !checkTarget()) return
    const problem = codeProblem(target, code)
    if (problem !== null) return setInvalid(problem)
    setInvalid(null)
    verify.submit({ phone: target, code })
  }
  return (
    <form className="account-form" noValidate onSubmit={submit} aria-busy={busy}>
      {bound !== null ? (
        <p className="modal__text" data-testid="phone-check-target">
          {areaCode === '' ? t('phoneCheck.bound', { phone: bound }) : t('phoneCheck.boundIn', { phone: bound, areaCode })}
        </p>
      ) : (
        <p className="modal__text">{t('phoneCheck.unbound')}</p>
      )}
      <FormAlert text={invalid ?? commandError(t, verify.view)} />
      {bound === null && <Field label={t('field.new.phone')} value={number} onValue={(v) => setNumber(v.trim())} error={null} type="tel" autoComplete="tel" data-autofocus="" />}
      <CodeInput channel="phone" target={target} check={checkTarget} label={t('field.code')} value={code} onChange={setCode} />
      <button type="submit" className="button button--primary button--block" aria-disabled={busy}>
        {t('phoneCheck.submit')}
      </button>
    </form>
  )
}
