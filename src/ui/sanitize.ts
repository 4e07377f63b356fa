import DOMPurify from 'dompurify'

/**
 * Operator HTML (a pop-up frame, a message of the message centre), made safe to show: DOMPurify (a maintained, audited
 * allow-list sanitizer) keeps text and formatting and drops scripts, event-handler attributes,
 * `javascript:` links, forms, frames and styles that could overlay the lobby. Links open in a new
 * tab without access to the lobby window.
 */
export const sanitizeOperatorHtml = (html: string): string => {
  const clean = DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'object', 'embed', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
    RETURN_TRUSTED_TYPE: false,
  })
  return clean.replace(/<a /g, '<a target="_blank" rel="noopener noreferrer" ')
}
