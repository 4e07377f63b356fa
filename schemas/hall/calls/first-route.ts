/**
 * The calls the first route holds (issue 41: a lazy domain's call schemas load with it). Importing
 * this module evaluates the call areas of the domains started at boot, which registers their calls
 * (`definedCall`, schemas/hall/call.ts) for the hall runner and the recorder. The areas only lazy
 * domains use are not here: withdraw and withdraw-own (withdraw), yuebao (savings), records, and
 * agents (promote); their domains' chunks import them, so their calls are registered before those
 * domains' actors start. schemas/hall/calls/index.ts stays the whole catalogue (the reference
 * hall, the tools and the tests). tests/unit/replay/lazy-domains.test.ts checks both lists.
 */
import './about'
import './account-own'
import './active'
import './auth'
import './feedback'
import './games'
import './message'
import './pay'
import './play-own'
import './rewards-own'
import './security'
import './signup-own'
import './site'
import './task'
import './vip'
import './webpush-own'
import './wheel-own'

export { LAZY_CALL_AREAS } from './lazy-areas'
