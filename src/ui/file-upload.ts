/**
 * The rules of a file chosen for upload (a withdrawal's proof, a feedback's screenshot): its type
 * among the accepted ones, its size above zero and at most the limit, and its bytes as base64 (an
 * upload travels inside the encrypted body).
 */

/** What is wrong with a chosen file, or null. */
export type FileProblem = 'type' | 'size'

export const fileProblem = (f: { readonly type: string; readonly size: number }, types: ReadonlyArray<string>, maxBytes: number): FileProblem | null =>
  !types.includes(f.type) ? 'type' : f.size === 0 || f.size > maxBytes ? 'size' : null

/** The bytes of a file as base64, in chunks (a spread of a whole file would overflow the stack). */
export const toBase64 = (b: ArrayBuffer): string => {
  const bytes = new Uint8Array(b)
  let s = ''
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(s)
}

/** A file read for upload: the call's shape. */
export interface ReadFile<T extends string> {
  readonly file_name: string
  readonly content_type: T
  readonly data: string
}

/** What a file input reports: nothing chosen, a file refused, a file being read, a file read. */
export type FileChoice<T extends string> =
  | { readonly kind: 'none' }
  | { readonly kind: 'refused'; readonly problem: FileProblem }
  | { readonly kind: 'reading' }
  | { readonly kind: 'read'; readonly file: ReadFile<T> }

/** Whether a type is one of the accepted ones (narrows it to their union). */
export const isAccepted = <T extends string>(type: string, types: ReadonlyArray<T>): type is T => (types as ReadonlyArray<string>).includes(type)
