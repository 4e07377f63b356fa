import { Effect } from 'effect'
import { HALL_PREFIX } from '../../../schemas/hall/protocol'
import { MaintainInfo } from '../../../schemas/hall/calls/site'
import { fetchStaticJson } from './client'
import type { CallOptions, HallClientError } from './client'

/**
 * Static files the lobby reads beside the hall calls (spec §7.3). They are plain JSON on the
 * asset host, not envelopes, and are neither signed nor encrypted.
 */

/** Where a site's maintenance information lives under the hall base; `default` is the fallback file. */
export const maintainInfoUrl = (baseUrl: string, file: string): string =>
  `${baseUrl.replace(/\/+$/, '')}${HALL_PREFIX}/static/maintain/${encodeURIComponent(file)}.json`

/**
 * The maintenance information of a site (start_time, end_time, online_service), falling back to
 * the default file when the site's own cannot be read. The spec swallows a failure of both; that
 * is the caller's decision, so the error is still returned, typed.
 */
export const fetchMaintainInfo = (
  baseUrl: string,
  siteCode: string,
  options: CallOptions = {},
): Effect.Effect<MaintainInfo, HallClientError> =>
  fetchStaticJson(maintainInfoUrl(baseUrl, siteCode), MaintainInfo, options).pipe(
    Effect.catch(() => fetchStaticJson(maintainInfoUrl(baseUrl, 'default'), MaintainInfo, options)),
  )
