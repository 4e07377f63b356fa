import { useEffect, useRef } from 'react'

/**
 * Tells a view's flow machine a command's outcome: `onSettled` runs when the command's status
 * changes to succeeded or failed after the view mounted, never for the status it found (a stale
 * outcome of an earlier visit, which the view resets on opening).
 */
export const useOutcome = <R>(view: { readonly status: string; readonly result: R | null }, onSettled: (outcome: { readonly ok: true; readonly result: R } | { readonly ok: false }) => void) => {
  const seen = useRef<{ status: string; result: R | null } | null>(null)
  const handler = useRef(onSettled)
  handler.current = onSettled
  useEffect(() => {
    const before = seen.current
    seen.current = { status: view.status, result: view.result }
    if (before === null || (before.status === view.status && before.result === view.result)) return
    if (view.status === 'succeeded' && view.result !== null) handler.current({ ok: true, result: view.result })
    else if (view.status === 'failed') handler.current({ ok: false })
  }, [view.status, view.result])
}
