/**
 * The call areas (modules of schemas/hall/calls) only lazy domains use: not in the first route
 * (schemas/hall/calls/first-route.ts), each in its domain's chunk (vite.config.ts reads this list).
 */
export const LAZY_CALL_AREAS = ['withdraw', 'withdraw-own', 'yuebao', 'records', 'agents'] as const
