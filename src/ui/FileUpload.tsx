import type { ReactNode } from 'react'
import { fileProblem, isAccepted, toBase64, type FileChoice } from './file-upload'

/**
 * A labelled file input that checks the chosen file (type and size) and reads it as base64 for
 * the hall (src/ui/file-upload.ts). It reports each choice with `onChoose`: nothing chosen, a
 * file refused (the caller words the problem), reading, read. The hint, the caller's status line
 * and the error (`role="alert"`) are drawn under it; `resetKey` empties the input when it changes
 * (a form sent starts a new one).
 */
export const FileUpload = <T extends string>({
  id,
  label,
  hint,
  types,
  maxBytes,
  nameMax,
  error,
  status,
  onChoose,
  resetKey,
  inputClassName = 'field__input',
  hintClassName,
}: {
  readonly id: string
  readonly label: string
  readonly hint: string
  readonly types: ReadonlyArray<T>
  readonly maxBytes: number
  /** The longest file name sent (longer names are cut). */
  readonly nameMax?: number
  readonly error: string | null
  /** A line about the upload under the hint (uploading, uploaded). */
  readonly status?: ReactNode
  readonly onChoose: (choice: FileChoice<T>) => void
  readonly resetKey?: number
  readonly inputClassName?: string
  readonly hintClassName?: string
}) => {
  const choose = (f: File | undefined) => {
    if (f === undefined) return onChoose({ kind: 'none' })
    const problem = fileProblem(f, types, maxBytes)
    const type = f.type
    if (problem !== null || !isAccepted(type, types)) return onChoose({ kind: 'refused', problem: problem ?? 'type' })
    onChoose({ kind: 'reading' })
    const name = nameMax === undefined ? f.name : f.name.slice(0, nameMax)
    void f.arrayBuffer().then((b) => onChoose({ kind: 'read', file: { file_name: name, content_type: type, data: toBase64(b) } }))
  }
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>{label}</label>
      <input
        key={resetKey}
        id={id}
        type="file"
        className={inputClassName}
        accept={types.join(',')}
        aria-describedby={`${id}-hint`}
        aria-invalid={error !== null}
        onChange={(e) => choose(e.target.files?.[0])}
      />
      <p id={`${id}-hint`} className={hintClassName}>{hint}</p>
      {status}
      {error !== null && <p className="field__error" role="alert">{error}</p>}
    </div>
  )
}
