import { resolvePath, type NavLocation } from '../../../actors/nav'

/**
 * The operator's addresses, checked before the lobby uses them (schemas/links.ts, shared with the
 * hall's first screen), and the lobby's own paths.
 */
export { externalUrl, imageUrl } from '../../../schemas/links'

/** A path of the lobby ('/home/about') as its route, or null when it names none. */
export const lobbyRoute = (value: string): NavLocation | null => {
  const text = value.trim()
  if (!/^\/(?!\/)/.test(text)) return null
  const [path = '', search = ''] = text.split('?', 2)
  const { location } = resolvePath(path, search === '' ? '' : `?${search}`)
  return location.name === 'notFound' ? null : location
}
