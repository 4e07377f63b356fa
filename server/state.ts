/**
 * The hall's in-memory overrides, set through the control surface (server/control.ts) and read by
 * the call pipeline: maintenance and area flags laid over the stored site settings, added latency,
 * and forced answers. They are deliberately not persisted: they exist for a test or a demo run, and
 * a restart or `reset` returns the hall to its stored configuration.
 */

/** A forced answer for one hall path: an envelope, or a literal body for NotJson tests. */
export interface ForcedAnswer {
  readonly code: number
  readonly msg: string
  readonly data: unknown
  readonly raw: string | undefined
  /** Calls still to answer this way; Infinity until cleared. */
  remaining: number
}

/** Maintenance overrides of one site. */
export interface MaintenanceOverride {
  readonly maintainStatus?: number
  readonly siteMaintenanceStatus?: boolean
}

/** The overrides of one running hall. `latency` key '*' applies to every call. */
export class HallState {
  readonly maintenance = new Map<string, MaintenanceOverride>()
  readonly area = new Map<string, boolean>()
  readonly latency = new Map<string, number>()
  readonly force = new Map<string, ForcedAnswer>()
  /** The version op.json reports to a site's lobbies instead of the build's (the control app-version: a new build is out). */
  readonly servedVersion = new Map<string, string>()
  /**
   * How far the hall's clock runs ahead of its base clock (ms; the control `clock`): a browser test
   * checks in today and again tomorrow without waiting a day. Every rule that decides "today" reads
   * the hall's clock (the calls' ctx.now, the provider's payments, the controls); the check of a
   * request's signed timestamp does not, so the lobby's real clock stays within the window.
   */
  clockOffsetMs = 0
  /**
   * Players (ids) whose next password sign-in the hall answers with the risk check (login
   * validation mode sms 7; the control `risk-check`): until /user/risk/verifyPhone or
   * /user/risk/bindPhone passes, every sign-in of theirs asks it again.
   */
  readonly riskChecks = new Set<string>()

  /** Added latency for a call path: the path's own value, else the all-calls value, else 0. */
  latencyFor(path: string): number {
    return this.latency.get(path) ?? this.latency.get('*') ?? 0
  }

  /** Takes one forced answer for a path, counting it down; undefined when none is armed. */
  takeForced(path: string): ForcedAnswer | undefined {
    const f = this.force.get(path)
    if (f === undefined) return undefined
    f.remaining -= 1
    if (f.remaining <= 0) this.force.delete(path)
    return f
  }

  /** Drops every override: latency, forced answers, maintenance and area flags, the moved clock. */
  reset(): void {
    this.clockOffsetMs = 0
    this.maintenance.clear()
    this.area.clear()
    this.latency.clear()
    this.force.clear()
    this.riskChecks.clear()
    this.servedVersion.clear()
  }
}
