/**
 * The withdraw password's check, remembered for a while (issue 46: under load every withdrawal
 * paid a full Argon2id verification, about 46 ms of a core, twice when the lobby's repeat of one
 * request reached the hall beside the first; on PostgreSQL at 200 players the withdrawal was the
 * one call whose p99 passed 2 s, waiting on the hash queue).
 *
 * - Two checks of the same password against the same stored hash at once run one verification
 *   (single flight); both get its answer, and each wrong one still counts as a failure.
 * - A right check is remembered per player for PIN_MEMO_MS: an HMAC, under a key made when the
 *   process starts and never stored, of the player, the stored hash and the password. The next
 *   check of that player with the same password against the same hash compares HMACs in constant
 *   time instead of verifying again. A new withdraw password is a new stored hash, so what was
 *   remembered no longer matches; a wrong password is never remembered and always verified (and
 *   counted); the lock of the failures is checked before this (server/calls/withdraw.ts checkPin).
 * - At most PIN_MEMO_MAX players are remembered; past it the oldest entry goes.
 *
 * What this gives up: a process whose memory is read leaks the HMACs of the PINs verified in the
 * last minutes, which a brute force over the 10^6 PINs would match without Argon2's cost; whoever
 * reads that memory reads the PINs in the requests as they arrive anyway.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { verifyPassword } from './crypto'

/** How long a right withdraw password is remembered for its player (ms). */
export const PIN_MEMO_MS = 5 * 60_000

/** Players remembered at most. */
export const PIN_MEMO_MAX = 10_000

type Verify = (password: string, stored: string) => Promise<boolean>

export class PinMemo {
  private readonly key = randomBytes(32)
  private readonly remembered = new Map<string, { readonly digest: Buffer; readonly until: number }>()
  private readonly inFlight = new Map<string, Promise<boolean>>()

  constructor(private readonly verify: Verify = verifyPassword) {}

  private digestOf(playerId: string, stored: string, password: string): Buffer {
    return createHmac('sha256', this.key).update(playerId).update('\0').update(stored).update('\0').update(password).digest()
  }

  /** Whether `password` is the player's withdraw password whose hash is `stored`, at `now` (the hall's clock, ms). */
  async check(playerId: string, password: string, stored: string, now: number): Promise<boolean> {
    const digest = this.digestOf(playerId, stored, password)
    const known = this.remembered.get(playerId)
    if (known !== undefined && known.until > now && timingSafeEqual(known.digest, digest)) return true
    const flight = digest.toString('hex')
    let verifying = this.inFlight.get(flight)
    if (verifying === undefined) {
      verifying = this.verify(password, stored).finally(() => this.inFlight.delete(flight))
      this.inFlight.set(flight, verifying)
    }
    const right = await verifying
    if (right) {
      this.remembered.delete(playerId)
      if (this.remembered.size >= PIN_MEMO_MAX) {
        const oldest = this.remembered.keys().next()
        if (oldest.done !== true) this.remembered.delete(oldest.value)
      }
      this.remembered.set(playerId, { digest, until: now + PIN_MEMO_MS })
    }
    return right
  }

  /** Players remembered now (tests). */
  get size(): number {
    return this.remembered.size
  }
}

/** The hall process's memo of withdraw passwords. */
export const pinMemo = new PinMemo()
