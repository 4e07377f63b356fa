import { useCallback, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { VALIDATION_PARAMS, type Rule } from '../../ui/validation'

/**
 * The state of a form being typed: its values and the errors shown (view state; the submission is
 * the intent). Errors show after the first submit, then follow each keystroke; a submit with
 * errors focuses the first invalid field.
 */
export const useForm = <K extends string>(o: {
  readonly initial: Readonly<Record<K, string>>
  /** The rules, from the current values (a confirmation depends on the password). */
  readonly rules: (values: Readonly<Record<K, string>>) => Readonly<Record<K, Rule>>
  /** The item names for the 'required' message. */
  readonly labels: Readonly<Record<K, string>>
  /** Extra values for a message, by field (a code's length). */
  readonly params?: Partial<Record<K, Record<string, unknown>>>
  readonly onSubmit: (values: Readonly<Record<K, string>>) => void
  /** A submission is under way: another one waits (the button stays focusable, aria-disabled). */
  readonly busy?: boolean
}) => {
  const { t } = useTranslation('auth')
  const [values, setValues] = useState(o.initial)
  const [submitted, setSubmitted] = useState(false)
  const inputs = useRef(new Map<K, HTMLInputElement | HTMLSelectElement>())

  const messageOf = (field: K, v: Readonly<Record<K, string>>): string | null => {
    const key = o.rules(v)[field](v[field])
    return key === null ? null : t(key, { ...VALIDATION_PARAMS, ...o.params?.[field], item: o.labels[field] })
  }
  const fields = Object.keys(o.initial) as K[]

  const error = (field: K): string | null => (submitted ? messageOf(field, values) : null)
  const set = (field: K) => (value: string) => setValues((v) => ({ ...v, [field]: value }))
  const register = useCallback(
    (field: K) => (el: HTMLInputElement | HTMLSelectElement | null) => {
      if (el === null) inputs.current.delete(field)
      else inputs.current.set(field, el)
    },
    [],
  )
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (o.busy === true) return
    setSubmitted(true)
    const invalid = fields.find((f) => messageOf(f, values) !== null)
    if (invalid !== undefined) {
      inputs.current.get(invalid)?.focus()
      return
    }
    o.onSubmit(values)
  }
  return { values, error, set, register, submit }
}
