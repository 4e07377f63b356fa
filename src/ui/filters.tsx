import { useId } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * The record screens' filters (spec enumerations): the date filter (today 0, yesterday 1, the
 * last 7, 15, 30 days, this month 31, the last two months 32, the last three months 33, this
 * week -2, last week -3, all -1, custom -4 with its two days) and the state filter (all 10000,
 * undone 10001, pending 10002, done 10003). Labelled native controls: every locale and assistive
 * technology gets the browser's own date picker and listbox.
 */
export const DATE_FILTERS = [0, 1, 7, 15, 30, 31, 32, 33, -2, -3, -1, -4] as const
export type DateFilterValue = (typeof DATE_FILTERS)[number]
export const STATE_FILTERS = [10000, 10001, 10002, 10003] as const
export type StateFilterValue = (typeof STATE_FILTERS)[number]

/** A date filter's value: the filter, and its two days ('YYYY-MM-DD') when custom. */
export interface DateRange {
  readonly dateType: DateFilterValue
  readonly startDate?: string
  readonly endDate?: string
}

export const DateFilter = ({ value, onChange, options = DATE_FILTERS }: { value: DateRange; onChange: (v: DateRange) => void; options?: ReadonlyArray<DateFilterValue> }) => {
  const { t } = useTranslation('ui')
  const id = useId()
  const custom = value.dateType === -4
  return (
    <div className="filter filter--date" role="group" aria-labelledby={`${id}-label`}>
      <span className="paged__field">
        <label id={`${id}-label`} htmlFor={`${id}-type`}>{t('filter.date')}</label>
        <select id={`${id}-type`} value={value.dateType} onChange={(e) => onChange({ dateType: Number(e.target.value) as DateFilterValue })}>
          {options.map((v) => (
            <option key={v} value={v}>{t(`filter.date_${v}`)}</option>
          ))}
        </select>
      </span>
      {custom && (
        <>
          <span className="paged__field">
            <label htmlFor={`${id}-from`}>{t('filter.from')}</label>
            <input id={`${id}-from`} type="date" value={value.startDate ?? ''} max={value.endDate} onChange={(e) => onChange({ ...value, startDate: e.target.value })} />
          </span>
          <span className="paged__field">
            <label htmlFor={`${id}-to`}>{t('filter.to')}</label>
            <input id={`${id}-to`} type="date" value={value.endDate ?? ''} min={value.startDate} onChange={(e) => onChange({ ...value, endDate: e.target.value })} />
          </span>
        </>
      )}
    </div>
  )
}

export const StateFilter = ({ value, onChange }: { value: StateFilterValue; onChange: (v: StateFilterValue) => void }) => {
  const { t } = useTranslation('ui')
  const id = useId()
  return (
    <span className="paged__field">
      <label htmlFor={id}>{t('filter.state')}</label>
      <select id={id} value={value} onChange={(e) => onChange(Number(e.target.value) as StateFilterValue)}>
        {STATE_FILTERS.map((v) => (
          <option key={v} value={v}>{t(`filter.state_${v}`)}</option>
        ))}
      </select>
    </span>
  )
}
