/**
 * The invitation a visitor arrived with (screens §2: the root route keeps `id`, the inviter's id,
 * and `cid`, a promotion channel): kept on the device when the lobby opens, so a registration made
 * later, after navigating or reloading, still names its inviter and channel (the register call's
 * `inviteCode` and `channelId`; docs/hall-protocol.md "Agents and promotion"). A newer link
 * replaces what was kept; a link with both `id` and `cid` is refused by the root route and keeps
 * nothing here. Storage errors (a private window without storage) keep nothing: registration goes on.
 */
export interface Invitation {
  readonly inviteCode?: string
  readonly channelId?: string
}

const KEY = 'lobby.invitation'
/** An id or a channel as the hall issues them: letters, digits, '-' and '_', at most 40. */
const VALUE = /^[A-Za-z0-9_-]{1,40}$/

type Store = Pick<Storage, 'getItem' | 'setItem'>

/** Reads `id` and `cid` of the entry URL's search and keeps them (only one of the two). */
export const keepInvitation = (search: string, storage: Store | undefined): Invitation | null => {
  const q = new URLSearchParams(search)
  const id = q.get('id')
  const cid = q.get('cid')
  if ((id === null) === (cid === null)) return null
  const value = (id ?? cid ?? '').trim()
  if (!VALUE.test(value)) return null
  const kept: Invitation = id !== null ? { inviteCode: value } : { channelId: value }
  try {
    storage?.setItem(KEY, JSON.stringify(kept))
  } catch {
    // no storage: nothing kept
  }
  return kept
}

/** What was kept, for the register call; null when nothing (or something unreadable) is. */
export const keptInvitation = (storage: Store | undefined): Invitation | null => {
  try {
    const raw = storage?.getItem(KEY)
    if (raw === null || raw === undefined) return null
    const v = JSON.parse(raw) as Record<string, unknown>
    const inviteCode = typeof v['inviteCode'] === 'string' && VALUE.test(v['inviteCode']) ? v['inviteCode'] : undefined
    const channelId = typeof v['channelId'] === 'string' && VALUE.test(v['channelId']) ? v['channelId'] : undefined
    if (inviteCode === undefined && channelId === undefined) return null
    return { ...(inviteCode === undefined ? {} : { inviteCode }), ...(channelId === undefined ? {} : { channelId }) }
  } catch {
    return null
  }
}

/** The browser's storage, if it has one. */
export const deviceStorage = (): Store | undefined => {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage
  } catch {
    return undefined
  }
}
