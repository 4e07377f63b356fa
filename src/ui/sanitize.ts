import DOMPurify from 'dompurify'

/** How many sanitized texts are kept: a view that renders again (the footer on every route change) reuses its answer. */
const CLEANED_KEPT = 32
const cleaned = new Map<string, string>()

/**
 * Operator HTML (a pop-up frame, a message of the message centre), made safe to show: DOMPurify (a maintained, audited
 * allow-list sanitizer) keeps text and formatting and drops scripts, event-handler attributes,
 * `javascript:` links, forms, frames and styles that could overlay the lobby. Links open in a new
 * tab without access to the lobby window.
 */
export const sanitizeOperatorHtml = (html: string): string => {
  const known = cleaned.get(html)
  if (known !== undefined) return known
  const clean = DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'object', 'embed', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
    RETURN_TRUSTED_TYPE: false,
  })
  const safe = clean.replace(/<a /g, '<a target="_blank" rel="noopener noreferrer" ')
  if (cleaned.size >= CLEANED_KEPT) cleaned.delete(cleaned.keys().next().value!)
  cleaned.set(html, safe)
  return safe
}
