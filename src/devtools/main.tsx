/**
 * devtools.html: the timeline for a local log file, and (with ?frame) the page inside the
 * timeline's screen frame. Developer and support tools are in English only.
 */
if (new URLSearchParams(globalThis.location.search).has('frame')) void import('./frame-main')
else void import('./devtools-app')
