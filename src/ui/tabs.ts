/**
 * The keyboard of a tab bar (WAI-ARIA tabs, automatic activation): which tab a key chooses.
 * ArrowRight and ArrowLeft wrap around, Home and End go to the ends; any other key chooses none.
 */
export const tabAfterKey = <K>(keys: ReadonlyArray<K>, current: K, key: string): K | null => {
  if (keys.length === 0) return null
  const at = Math.max(0, keys.indexOf(current))
  const next =
    key === 'ArrowRight' ? keys[(at + 1) % keys.length]
    : key === 'ArrowLeft' ? keys[(at + keys.length - 1) % keys.length]
    : key === 'Home' ? keys[0]
    : key === 'End' ? keys[keys.length - 1]
    : undefined
  return next === undefined ? null : next
}
