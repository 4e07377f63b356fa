/**
 * The one amount check of the hall: the lobby's money rules (schemas/validation.ts, spec §5) with
 * the decimals of the amount's currency, and the bounds compared exactly. Each call refuses with
 * its own code for the reason this answers.
 */
import { LIMITS, compareMoney } from '../../schemas/validation'
import type { Queryable } from '../db'

/** Why an amount is refused: not a plain decimal, too many decimals, too long, not above zero, below the least, above the most. */
export type AmountProblem = 'format' | 'decimals' | 'length' | 'zero' | 'min' | 'max'

export interface AmountRules {
  /** The decimals the currency takes. */
  readonly decimals: number
  readonly min?: string | undefined
  readonly max?: string | undefined
}

/** What is wrong with an amount, or null when it keeps the rules. */
export const amountProblem = (raw: string, r: AmountRules): AmountProblem | null => {
  if (!/^\d+(\.\d+)?$/.test(raw)) return 'format'
  if ((raw.split('.')[1]?.length ?? 0) > r.decimals) return 'decimals'
  const whole = raw.split('.')[0]?.replace(/^0+(?=\d)/, '') ?? ''
  if (whole.length > LIMITS.moneyLength.whole || raw.length > LIMITS.moneyLength.withPoint) return 'length'
  if (compareMoney(raw, '0') <= 0) return 'zero'
  if (r.min !== undefined && compareMoney(raw, r.min) < 0) return 'min'
  if (r.max !== undefined && compareMoney(raw, r.max) > 0) return 'max'
  return null
}

/** The decimals of a currency (its scale in the currencies table; 2 for an unknown one). */
export const decimalsOf = async (db: Queryable, currency: string): Promise<number> =>
  (await db.query<{ scale: number }>('SELECT scale FROM currencies WHERE code = $1', [currency])).rows[0]?.scale ?? 2

/** The amount if it keeps the rules; else throws what `refuse` makes of the problem. */
export const checkAmount = (raw: string, r: AmountRules, refuse: (problem: AmountProblem) => Error): string => {
  const problem = amountProblem(raw, r)
  if (problem !== null) throw refuse(problem)
  return raw
}
