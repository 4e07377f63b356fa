import type { TaskItem } from '../../schemas/hall/calls/task'
import { linkTarget, type LinkTarget } from '../../schemas/link-target'

/**
 * The task centre's pure rules: where a task's 'go' takes the player, its progress, whether
 * receive-all is enabled, and the saved task address of the entry URL (screens §2 saveUrlUuid).
 */

/** Where 'go' leads: a route (with its query), a global popup, the music library, an external address, or nowhere. */
export type TaskGo =
  | LinkTarget
  | { readonly kind: 'popup'; readonly popup: 'downloadApp' }
  | { readonly kind: 'music' }

/** The security centre opened on an item's form (its `current` and `from=bindModal`, screens §2). */
const security = (item: 'phone' | 'email' | 'googleAuth' | 'withdrawPass' | 'question'): TaskGo => ({ kind: 'route', name: 'security', query: { current: item, from: 'bindModal' } })

/**
 * Where a task is done (spec task types and conditions; the location types through the one
 * link-type router, schemas/link-target.ts): registration is the register
 * popup; the binds and the withdraw password and question the security centre on that item's form;
 * birthday, nickname and avatar the personal page; the bank card and crypto address the
 * withdrawal accounts; the first savings deposit the savings page; the music library its modal;
 * the first deposit and a recharge task the pay popup; a betting task the games; download and
 * login the app download popup; bind facebook and bind wechat the hall's location, else the
 * security centre (its third-party sign-in binds them). Anything else follows the hall's location.
 */
export const goOf = (t: Pick<TaskItem, 'taskType' | 'condition' | 'location_type' | 'location_value'>): TaskGo => {
  if (t.condition === 1) return { kind: 'popup', popup: 'pay' }
  if (t.condition === 2 || t.condition === 3) return { kind: 'route', name: 'game' }
  switch (t.taskType) {
    case 0:
      return { kind: 'popup', popup: 'register' }
    case 1:
    case 12:
      return security('phone')
    case 19:
      return security('email')
    case 16:
      return security('googleAuth')
    case 5:
      return security('withdrawPass')
    case 6:
      return security('question')
    case 4:
    case 7:
    case 10:
      return { kind: 'route', name: 'personal' }
    case 2:
    case 21:
      return { kind: 'route', name: 'withdraw' }
    case 8:
      return { kind: 'route', name: 'yuebao' }
    case 11:
      return { kind: 'music' }
    case 17:
      return { kind: 'popup', popup: 'pay' }
    case 18:
      return { kind: 'popup', popup: 'downloadApp' }
    // Bind wechat and bind facebook follow the hall's location, else the security centre, whose
    // third-party sign-in binds them (the hall marks them done on the bind).
    case 3:
    case 14:
      // Location type none 1: the hall names no place.
      if (t.location_type === 1) return { kind: 'route', name: 'security' }
      break
    // The other social binds (whatsapp, telegram, zalo, line, twitter) have no sign-in: the hall's location.
    case 13:
    case 15:
    case 22:
    case 23:
    case 24:
      break
  }
  // The rest follows the hall's location, with the lobby's one link-type router (a task is done by a real player).
  return linkTarget(t, { trial: false })
}

/** A task's progress, a whole percentage 0 to 100 (a need of 0 is met). */
export const progressOf = (t: Pick<TaskItem, 'need' | 'done'>): number => {
  const need = Number(t.need)
  if (!(need > 0)) return 100
  const done = Number(t.done)
  return Number.isFinite(done) && done > 0 ? Math.min(100, Math.floor((done / need) * 100)) : 0
}

/** Whether any task can be received now (PendingReceive 0): receive-all is enabled. */
export const anyTaskReceivable = (tasks: ReadonlyArray<Pick<TaskItem, 'status'>>): boolean => tasks.some((t) => t.status === 0)

/**
 * The saved task address of the root URL (screens §2): `saveUrlUuid` when it is a single,
 * non-empty string (a repeated key is not), else null.
 */
export const saveUrlUuidOf = (search: string): string | null => {
  const values = new URLSearchParams(search).getAll('saveUrlUuid')
  if (values.length !== 1) return null
  const v = values[0]!.trim()
  return v === '' ? null : v
}
