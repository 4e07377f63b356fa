import { getAboutUs } from '../../schemas/hall/calls/about'
import { getVersionList } from '../../schemas/hall/calls/site'
import { queryActor } from '../kit'

/**
 * About us and version update (spec screens §2 /home/about, /home/update; the personal-centre
 * menu's entries: about us while aboutUsStatus is 1, version update while the version list is not
 * empty), for visitors too, never at boot:
 *
 * - `aboutus`: the site's about-us document (operator HTML, sanitized by the view), read when the
 *   page opens.
 * - `versions`: the released versions, newest first, read when the update page or the
 *   personal-centre menu opens.
 */
export const aboutUsActor = queryActor({
  id: 'aboutus',
  call: getAboutUs,
  audience: 'anyone',
  fetchOn: { 'about.opened': true },
  payload: {},
})

export const versionsActor = queryActor({
  id: 'versions',
  call: getVersionList,
  audience: 'anyone',
  fetchOn: { 'versions.wanted': true },
  payload: {},
})
