import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSend } from '../../system-react'
import { moneyError } from '../../ui/validation'

/** A request id for one submission: the hall moves the money of one id once. */
export const requestId = (): string => globalThis.crypto.randomUUID()

/** Loading, or failed with a retry of the query. */
export const Pending = ({ failed, query }: { failed: boolean; query: string }) => {
  const { t } = useTranslation('play')
  const send = useSend()
  return failed ? (
    <p role="alert">
      {t('failed')}{' '}
      <button type="button" className="button button--ghost button--small" onClick={() => send({ type: 'query.refreshRequested', query })}>{t('retry')}</button>
    </p>
  ) : (
    <p>{t('loading')}</p>
  )
}

/** An amount form: the money input under the spec's rules, checked before the call, the hall's refusals under it. */
export const useAmount = (bounds: { min?: string; max?: string }) => {
  const [amount, setAmount] = useState('')
  const [checked, setChecked] = useState(false)
  const problem = moneyError(amount, bounds)
  return { amount, setAmount, checked, setChecked, problem, reset: () => { setAmount(''); setChecked(false) } }
}
