/**
 * The wheel's geometry (pure): the prizes sit clockwise from the top, prize i spanning
 * [i·s, (i+1)·s) degrees with s = 360 / count; the pointer is at the top. Turning the wheel
 * clockwise by θ puts under the pointer the prize whose span holds (360 − θ) mod 360.
 */

/** Full turns a spin makes before it stops. */
export const SPIN_TURNS = 5

/**
 * The rotation (degrees, clockwise) at which the wheel stops for the n-th spin shown (n ≥ 1; 0:
 * the wheel at rest) when the hall answered prize `index` of `count`: the prize's middle under the
 * pointer, after SPIN_TURNS more full turns than the spin before. A pure function of the answer.
 */
export const landingAngle = (index: number, count: number, n: number): number => {
  if (count <= 0 || n <= 0) return 0
  const slice = 360 / count
  return n * SPIN_TURNS * 360 + (360 - (index + 0.5) * slice)
}

/** The prize under the pointer when the wheel is turned by `angle` degrees. */
export const prizeAtAngle = (angle: number, count: number): number => {
  if (count <= 0) return -1
  const at = (((360 - angle) % 360) + 360) % 360
  return Math.min(Math.floor(at / (360 / count)), count - 1)
}

/** The SVG path of prize i's slice on a wheel of radius r centred at (r, r). */
export const slicePath = (i: number, count: number, r: number): string => {
  const point = (deg: number): string => {
    const rad = ((deg - 90) * Math.PI) / 180
    return `${(r + r * Math.cos(rad)).toFixed(3)} ${(r + r * Math.sin(rad)).toFixed(3)}`
  }
  const slice = 360 / count
  if (count === 1) return `M ${r} 0 A ${r} ${r} 0 1 1 ${r - 0.001} 0 Z`
  return `M ${r} ${r} L ${point(i * slice)} A ${r} ${r} 0 ${slice > 180 ? 1 : 0} 1 ${point((i + 1) * slice)} Z`
}

/** Where prize i's label sits (its slice's middle at 62 % of the radius) and its rotation. */
export const labelAt = (i: number, count: number, r: number): { readonly x: number; readonly y: number; readonly rotate: number } => {
  const mid = (i + 0.5) * (360 / count)
  const rad = ((mid - 90) * Math.PI) / 180
  return { x: r + 0.62 * r * Math.cos(rad), y: r + 0.62 * r * Math.sin(rad), rotate: mid }
}
