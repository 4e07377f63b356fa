/**
 * The domain kit (docs/adding-a-domain.md): what makes a domain a few small files. Typed hall
 * calls (ask, dataOf, the error catalogue's reaction), the query factory (server data with one
 * lifecycle), the paged-list factory (spec §4 Table) and the command factory (a form's
 * submission, its call, its result or error).
 */
export * from './hall'
export * from './query'
export * from './paged'
export * from './command'
export * from './requests'
export * from './codes'
