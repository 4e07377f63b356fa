/**
 * Service codes of money out: the call definitions' own (schemas/hall/calls/codes.ts,
 * withdrawCodes), so the hall fails by name with the numbers the lobby handles.
 */
import { withdrawCodes } from '../../schemas/hall/calls/codes'
import { ServiceError } from '../calls/types'

export const WithdrawCodes = withdrawCodes

/** A refusal of a money-out operation: a service code of WithdrawCodes and its message. */
export class WithdrawError extends ServiceError {}
