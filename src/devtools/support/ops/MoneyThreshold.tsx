import { useState } from 'react'
import { api } from '../api'
import { useConsole } from '../i18n'
import { OutcomeLine, Part, type Outcome } from './MoneyShared'

/** A site's second-approval amount as the hall answers it (server/support/ops-money.ts). */
interface Threshold {
  readonly siteCode: string
  readonly currency: string
  readonly secondApprovalOver: string
  readonly before?: string
}

/**
 * The site's second-approval amount (four-eyes, docs/operations.md) on the Withdrawals view: a
 * finance account reads a site's amount, and sets a new one with its reason; the hall writes the
 * change to the audit trail (ops.withdraw.threshold-set) with the old and the new amount.
 */
export const MoneyThreshold = ({ onOut }: { onOut: () => void }) => {
  const { t, money } = useConsole()
  const [site, setSite] = useState('')
  const [shown, setShown] = useState<Threshold | null>(null)
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [outcome, setOutcome] = useState<Outcome>(null)
  const [busy, setBusy] = useState(false)

  const read = async () => {
    setBusy(true)
    try {
      const r = await api<Threshold>(`ops/withdraw-threshold?site=${encodeURIComponent(site.trim())}`)
      if (r.status === 401) return onOut()
      if (!r.body.ok) {
        setShown(null)
        return setOutcome({ ok: false, text: r.status === 404 ? t('threshold.noSite', { site: site.trim() }) : (r.body.error ?? t('threshold.failed')) })
      }
      setOutcome(null)
      setShown(r.body as Threshold)
      setAmount('')
    } finally {
      setBusy(false)
    }
  }
  const save = async (of: Threshold) => {
    setBusy(true)
    try {
      const r = await api<Threshold>('ops/withdraw-threshold', { site: of.siteCode, amount: amount.trim(), reason })
      if (r.status === 401) return onOut()
      if (!r.body.ok) return setOutcome({ ok: false, text: r.body.error ?? t('threshold.refused') })
      const now = r.body as Threshold
      setShown(now)
      setAmount('')
      setReason('')
      setOutcome({ ok: true, text: t('threshold.saved', { site: now.siteCode, before: money(now.before ?? '', now.currency), after: money(now.secondApprovalOver, now.currency) }) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Part title={t('threshold.title')}>
      <p className="sc-note">{t('threshold.note')}</p>
      <form
        aria-label={t('threshold.readForm')}
        className="sc-form"
        onSubmit={(e) => {
          e.preventDefault()
          void read()
        }}
      >
        <label>
          {t('threshold.site')} <input value={site} onChange={(e) => setSite(e.target.value)} autoCapitalize="none" inputMode="numeric" required />
        </label>
        <button type="submit" disabled={busy}>
          {t('threshold.read')}
        </button>
      </form>
      <OutcomeLine outcome={outcome} />
      {shown === null ? null : (
        <>
          <p data-testid="threshold-now">{t('threshold.now', { site: shown.siteCode, amount: money(shown.secondApprovalOver, shown.currency) })}</p>
          <form
            aria-label={t('threshold.setForm', { site: shown.siteCode })}
            className="sc-form"
            onSubmit={(e) => {
              e.preventDefault()
              void save(shown)
            }}
          >
            <label>
              {t('threshold.amount', { currency: shown.currency })} <input value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" pattern="\d+(\.\d{1,10})?" required />
            </label>
            <label>
              {t('threshold.reason')} <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} required />
            </label>
            <button type="submit" disabled={busy}>
              {t('threshold.save')}
            </button>
          </form>
        </>
      )}
    </Part>
  )
}
