import { assign, enqueueActions, setup } from 'xstate'
import type { EventOfType } from '../../schemas/events'
import { SESSION_DELAYS } from './session.logic'

/**
 * The interface language switch (spec §4 language switch): loading, wait 200 ms, then the
 * language is applied (the storage runner sets i18n and the document language, stores it and
 * clears the `web.lobby.` keys). Only a language the site offers is taken; one switch at a time.
 *
 * Consumes: site.ready, session.languageChosen.
 * Emits: session.languageApplied.
 */

export interface LanguageContext {
  /** Languages the site offers (site.ready). */
  readonly languages: ReadonlyArray<string>
  /** The interface language in use. */
  readonly language: string
  /** The language being applied during the switch. */
  readonly next: string | null
}

type LanguageEvent = EventOfType<'site.ready'> | EventOfType<'session.languageChosen'>

export const languageMachine = setup({
  types: {
    context: {} as LanguageContext,
    events: {} as LanguageEvent,
    emitted: {} as EventOfType<'session.languageApplied'>,
  },
  delays: { languageSwitch: SESSION_DELAYS.languageSwitch },
  guards: {
    offered: ({ context, event }) => event.type === 'session.languageChosen' && context.languages.includes(event.language),
  },
  actions: {
    takeSite: assign(({ event }) => (event.type === 'site.ready' ? { languages: event.languages, language: event.language } : {})),
    startSwitch: assign(({ event }) => (event.type === 'session.languageChosen' ? { next: event.language } : {})),
    apply: enqueueActions(({ context, enqueue }) => {
      const language = context.next ?? context.language
      enqueue.assign({ language, next: null })
      enqueue.emit({ type: 'session.languageApplied', language })
    }),
  },
}).createMachine({
  id: 'language',
  context: { languages: [], language: 'en_US', next: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'site.ready': { actions: 'takeSite' },
        'session.languageChosen': { guard: 'offered', target: 'switching', actions: 'startSwitch' },
      },
    },
    switching: {
      after: { languageSwitch: { target: 'idle', actions: 'apply' } },
    },
  },
})
