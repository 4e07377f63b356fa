import type { PopupId } from '../../schemas/events/popup'

/**
 * The popup queue as explicit data (after zag's toast store): an ordered list of entries, a
 * comparator that orders it, and pure operations. The machine (popups.machine.ts) owns the
 * timing (waiting, open, closing); everything about which popup comes next lives here, so the
 * post-login sequence can grow by adding ranks and rules without touching the statechart.
 */

/** What an opener passed along with the popup (the auth tab, a full-screen flag, ...). */
export type PopupProps = Readonly<Record<string, unknown>>

/** One popup asked for: its id, its props, and its arrival number (FIFO among equals). */
export interface PopupEntry {
  readonly id: PopupId
  readonly props: PopupProps
  readonly seq: number
}

/**
 * The ranked popups, first first: the token-expired modal and the forced password change come
 * before anything else, then the post-login order (spec §4): forced bind, forced pop-ups (frames),
 * recharge pop-up, new benefits. (Red packets have their own popup, outside this queue.)
 */
export const RANKED_POPUPS: ReadonlyArray<PopupId> = ['tokenExpired', 'forceChangePwd', 'forceBind', 'forcePopup', 'rechargePopup', 'newBenefitsModal']

/** The rank of a popup: lower comes first; every unranked popup comes after the ranked ones, in arrival order. */
export const rankOf = (id: PopupId): number => {
  const at = RANKED_POPUPS.indexOf(id)
  return at === -1 ? RANKED_POPUPS.length : at
}

/** The queue's order: by rank, then by arrival. */
export const byPriority = (a: PopupEntry, b: PopupEntry): number => rankOf(a.id) - rankOf(b.id) || a.seq - b.seq

/** A outranks B when it must be shown before B, even if B is already shown. */
export const outranks = (a: PopupId, b: PopupId): boolean => rankOf(a) < rankOf(b)

/** The sign-in popups: one of them at a time; asking for another switches it in place (tabs). */
export const AUTH_POPUPS: ReadonlyArray<PopupId> = ['auth', 'login', 'register']

/** Popups that belong to a signed-in session: they go when the session ends. */
export const SESSION_POPUPS: ReadonlyArray<PopupId> = [
  'logoutConfirm', 'forceChangePwd', 'forceBind', 'bind', 'forcePopup', 'rechargePopup', 'newBenefitsModal', 'downloadApp',
  'verifyUserPassword', 'pass',
]

/** Popups the player cannot dismiss with the close button or Escape (they end by their own answer). */
export const UNCLOSABLE_POPUPS: ReadonlyArray<PopupId> = ['tokenExpired', 'forceChangePwd', 'forceBind']

/** Whether the player may dismiss this popup (close button, Escape). */
export const isClosable = (id: PopupId): boolean => !UNCLOSABLE_POPUPS.includes(id)

/** Whether the popup fills the screen (its opener says so); full-screen popups have no close button. */
export const isFullScreen = (entry: PopupEntry): boolean => entry.props['fullScreen'] === true

/** Inserts an entry at its place by the comparator (stable: equal entries keep arrival order). */
export const insert = (queue: ReadonlyArray<PopupEntry>, entry: PopupEntry): ReadonlyArray<PopupEntry> => {
  const at = queue.findIndex((e) => byPriority(entry, e) < 0)
  return at === -1 ? [...queue, entry] : [...queue.slice(0, at), entry, ...queue.slice(at)]
}

/**
 * Where the queue stands while an event is worked out: the waiting entries, the popup that is
 * open and stays open (null when none is open), and the one the event makes leave.
 */
export interface Slot {
  readonly queue: ReadonlyArray<PopupEntry>
  readonly nextSeq: number
  /** The open popup, when one is open and stays so. */
  readonly open: PopupEntry | null
  /** The open popup the event closes (hide, then close after 100 ms). */
  readonly leaving: PopupEntry | null
}

/** Removes the given popups: from the queue, and the open one if it is among them. */
export const dismiss = (slot: Slot, ids: ReadonlyArray<PopupId>): Slot => {
  const queue = slot.queue.filter((e) => !ids.includes(e.id))
  if (slot.open !== null && ids.includes(slot.open.id)) return { ...slot, queue, open: null, leaving: slot.open }
  return { ...slot, queue }
}

/**
 * Asks for a popup. A popup open or queued is not asked for twice (the token-expired modal is
 * shown exactly once however often the expiry is announced). A sign-in popup replaces the sign-in
 * popup open or queued, in place (it keeps its turn). A popup that outranks the open one sends it back to the queue
 * (it keeps its arrival number, so it comes back at its place) and closes it.
 */
export const request = (slot: Slot, id: PopupId, props: PopupProps): Slot => {
  if (slot.open?.id === id || slot.queue.some((e) => e.id === id)) return slot
  const entry: PopupEntry = { id, props, seq: slot.nextSeq }
  const next = { ...slot, nextSeq: slot.nextSeq + 1 }
  if (AUTH_POPUPS.includes(id)) {
    if (slot.open !== null && AUTH_POPUPS.includes(slot.open.id)) return { ...slot, open: { ...entry, seq: slot.open.seq } }
    const queued = slot.queue.find((e) => AUTH_POPUPS.includes(e.id))
    if (queued !== undefined) return { ...slot, queue: slot.queue.map((e) => (e === queued ? { ...entry, seq: queued.seq } : e)) }
  }
  if (slot.open !== null && outranks(id, slot.open.id)) {
    return { ...next, queue: insert(insert(slot.queue, slot.open), entry), open: null, leaving: slot.open }
  }
  return { ...next, queue: insert(slot.queue, entry) }
}

/** The ids of every entry, in order: the open one first (for tests and the devtools). */
export const idsOf = (slot: Pick<Slot, 'queue' | 'open'>): ReadonlyArray<PopupId> => [
  ...(slot.open === null ? [] : [slot.open.id]),
  ...slot.queue.map((e) => e.id),
]
