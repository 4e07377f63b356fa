import { Effect } from 'effect'
import type { Subscription } from 'rxjs'
import type { Bus } from '../bus/bus'
import { fetchMaintainInfo, type CallOptions } from './hall'
import { hallOrigin } from './hall-runner'

/**
 * The maintenance runner: reads the site's maintenance information file (spec §7.3: a static file
 * with a default file as fallback) when the maintenance actor asks (`maintenance.infoWanted`), and
 * publishes it as `maintenance.infoLoaded`, or `maintenance.infoFailed` when neither file could be
 * read. It learns the hall's base and the site from `app.started` and a chosen network line.
 */
export const startMaintenanceRunner = (bus: Bus, options: CallOptions = {}): Subscription => {
  let base: string | null = null
  let site = ''
  return bus.records$.subscribe(({ event }) => {
    if (event.type === 'app.started') {
      base = hallOrigin(event.site.configApiBaseUrl)
      site = event.site.siteCode
    } else if (event.type === 'lines.baseChosen') {
      base = hallOrigin(event.url)
    } else if (event.type === 'maintenance.infoWanted' && base !== null) {
      void Effect.runPromise(
        fetchMaintainInfo(base, site, options).pipe(
          Effect.match({
            onSuccess: (info) => bus.publish({ type: 'maintenance.infoLoaded', info }, 'runner', 'maintenance'),
            onFailure: (e) => bus.publish({ type: 'maintenance.infoFailed', message: e._tag }, 'runner', 'maintenance'),
          }),
        ),
      )
    }
  })
}
