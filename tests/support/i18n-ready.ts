/**
 * An i18next instance in one language, answered once it is initialized: every namespace the
 * lobby's instance lists is loaded for it. A view rendered to markup with a clone that is still
 * loading would suspend ("A component suspended while responding to synchronous input"); with the
 * unit project's shared module graph, an earlier file may have left a namespace loading.
 */
import type { i18n as I18n } from 'i18next'
import { i18n } from '../../src/i18n'

export const i18nIn = (lng: string): Promise<I18n> =>
  new Promise((resolve, reject) => {
    const clone: { current?: I18n } = {}
    clone.current = i18n.cloneInstance({ lng }, (error: unknown) => {
      // The callback may run before cloneInstance returns: answer on the next tick.
      queueMicrotask(() => (error === null || error === undefined ? resolve(clone.current!) : reject(error instanceof Error ? error : new Error(`${lng} could not be loaded`, { cause: error }))))
    })
  })
