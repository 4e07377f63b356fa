import './field.css'

/** The ids that describe a field, for its aria-describedby (undefined when none). */
export const idRefs = (...ids: ReadonlyArray<string | null | undefined>): string | undefined => {
  const joined = ids.filter((x) => x !== null && x !== undefined && x !== '').join(' ')
  return joined === '' ? undefined : joined
}

/**
 * A field's error text under it, with the id its input names in aria-describedby (and marks
 * aria-invalid), so a screen reader reads the message with the field; nothing without an error.
 */
export const FieldError = ({ id, error }: { id: string; error: string | null }) =>
  error === null ? null : (
    <p id={id} className="field__error">
      {error}
    </p>
  )
