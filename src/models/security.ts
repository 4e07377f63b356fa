/**
 * The security centre's rules (screens §2 /home/security; calls §7.2), apart from React: its
 * items and the one the query marks, each row's state and action, and what an action does (open
 * the post-login bind form, or start a change: the flow of src/models/security-flow.ts).
 */
import type { AuthInfo } from '../../schemas/hall/calls/security'
import type { BindItem } from '../../schemas/events/postlogin'

/** The items of the security centre, in order: the bind flow's four (query `current` indexes them), then the login password and the secret question. */
export const CENTRE_ITEMS = ['phone', 'email', 'googleAuth', 'withdrawPass', 'loginPass', 'question'] as const
export type CentreItem = (typeof CENTRE_ITEMS)[number]

/** The secret questions the hall offers (their text is the player's language, by id). */
export const QUESTION_IDS = [1, 2, 3, 4, 5] as const

/** The item the query names: its index in CENTRE_ITEMS (spec §2: `current`), or its name. */
export const itemOfQuery = (current: string | undefined): CentreItem | null => {
  if (current === undefined) return null
  if (/^\d+$/.test(current)) return CENTRE_ITEMS[Number(current)] ?? null
  return CENTRE_ITEMS.find((x) => x === current) ?? null
}

/** The rows shown: every item, the login password only for an account that has one (a trial account has none). */
export const centreItems = (info: AuthInfo): ReadonlyArray<CentreItem> => CENTRE_ITEMS.filter((item) => item !== 'loginPass' || info.login_pass !== 0)

/** A change under way; a switch keeps the state it switches to, as it was when the dialog opened. */
export type Flow = { readonly item: CentreItem; readonly kind: 'change' | 'switch'; readonly turnOn?: boolean }

/** A bind row of the security actor (phone, email, authenticator, withdraw password). */
export interface BindRow {
  readonly item: BindItem
  readonly bound: boolean
  readonly shown: string
  readonly reward: string | null
}

/** The secret question set, as the hall names it. */
export interface SetQuestion {
  readonly questionId: number
  readonly question: string
}

/** The authenticator is bound (its check may be off). */
const gaBound = (info: AuthInfo): boolean => info.google_auth_bound === 1 || info.is_open_google_auth === 1

/**
 * A row's state, as keys of the account namespace: bound or set, what it shows (the masked phone
 * or email; the question), its state's words, its action's words, and the reward for binding it.
 */
export interface RowState {
  readonly bound: boolean
  readonly shown: string
  /** The question set, shown by its id in the player's language (its text as the fallback). */
  readonly question: SetQuestion | null
  readonly state: string
  readonly action: string
  readonly reward: string | null
}

export const rowState = (item: CentreItem, info: AuthInfo, rows: ReadonlyArray<BindRow>, question: SetQuestion | null | undefined): RowState => {
  const row = rows.find((r) => r.item === item)
  switch (item) {
    case 'loginPass': {
      const set = info.login_pass !== 0
      return { bound: set, shown: '', question: null, state: set ? 'security.state.set' : 'security.state.unset', action: 'security.action.change', reward: null }
    }
    case 'question': {
      const set = question !== null && question !== undefined
      return {
        bound: set,
        shown: '',
        question: set ? question : null,
        state: set ? 'security.state.set' : 'security.state.unset',
        action: set ? 'security.action.change' : 'security.action.set',
        reward: null,
      }
    }
    case 'googleAuth': {
      const bound = gaBound(info)
      const on = info.is_open_google_auth === 1
      return {
        bound,
        shown: '',
        question: null,
        state: !bound ? 'security.state.unbound' : on ? 'security.state.on' : 'security.state.off',
        action: !bound ? 'security.action.bind' : on ? 'security.action.turnOff' : 'security.action.turnOn',
        reward: bound ? null : (row?.reward ?? null),
      }
    }
    default: {
      const bound = row?.bound === true
      return {
        bound,
        shown: row?.shown ?? '',
        question: null,
        state: bound ? 'security.state.bound' : 'security.state.unbound',
        action: bound ? 'security.action.change' : 'security.action.bind',
        reward: bound ? null : (row?.reward ?? null),
      }
    }
  }
}

/**
 * What an item's button does: an unbound phone, email, authenticator or withdraw password opens
 * the post-login bind form; a bound one, the login password and the question start a change; a
 * bound authenticator switches (off when on, on when off), and its replace button changes it.
 */
export const actionOf = (item: CentreItem, info: AuthInfo, rows: ReadonlyArray<BindRow>, replace = false): { readonly bind: BindItem } | { readonly flow: Flow } => {
  if (item === 'googleAuth' && replace) return { flow: { item, kind: 'change' } }
  if (item === 'loginPass' || item === 'question') return { flow: { item, kind: 'change' } }
  const bound = item === 'googleAuth' ? gaBound(info) : rows.find((r) => r.item === item)?.bound === true
  if (!bound) return { bind: item }
  return { flow: item === 'googleAuth' ? { item, kind: 'switch', turnOn: info.is_open_google_auth !== 1 } : { item, kind: 'change' } }
}

/** The change's dialog title (a key of the account namespace). */
export const flowTitle = (flow: Flow): string =>
  `flow.title.${flow.kind === 'switch' ? (flow.turnOn === true ? 'gaOn' : 'gaOff') : flow.item === 'googleAuth' ? 'gaChange' : flow.item}`
