/**
 * The operator's addresses (banners, footer, maintenance information, the iframe popup), checked
 * before the lobby uses them, and before the hall writes a banner's picture into the first screen
 * (server/first-screen.ts): nothing but http(s) leaves the lobby, so no `javascript:`, `data:` or
 * other scheme ever becomes a link, a frame, a window or a picture.
 */

/** An http(s) address as written, or null for anything else (a script URL, a relative path, junk). */
export const externalUrl = (value: string): string | null => {
  const text = value.trim()
  if (!/^https?:\/\//i.test(text)) return null
  try {
    const u = new URL(text)
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null
  } catch {
    return null
  }
}

/** A picture's address: a path of this origin ('/hall/static/…', not '//host') or http(s); else null. */
export const imageUrl = (value: string): string | null =>
  /^\/(?!\/)[\w\-./%]*$/.test(value) && !value.includes('..') ? value : externalUrl(value)
