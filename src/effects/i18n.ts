import type { Bus } from '../bus/bus'

/**
 * The i18n runner: applies the interface language the actors decided to i18next and to the
 * document (spec §4 language switch: set language, set document lang). On `app.started` it
 * applies the stored language (or the site's own) at once, so the boot and error pages speak
 * it before the site is ready; then `site.ready` and `session.languageApplied` decide.
 * i18next itself is given by the composition root (src/effects may not import src/i18n).
 */

/** What the runner changes. */
export interface I18nPort {
  /** Whether the lobby has translations for this code. */
  supports(code: string): boolean
  changeLanguage(code: string): void
  setDocumentLang(lang: string): void
}

/** The HTML lang attribute of an interface language code: en_US → en-US. */
export const htmlLang = (code: string): string => code.replace('_', '-')

export const startI18nRunner = (bus: Bus, port: I18nPort): (() => void) => {
  const apply = (code: string): void => {
    if (!port.supports(code)) return
    port.changeLanguage(code)
    port.setDocumentLang(htmlLang(code))
  }
  const sub = bus.records$.subscribe(({ event }) => {
    if (event.type === 'app.started') apply(event.storedLanguage ?? event.site.languageCode)
    else if (event.type === 'site.ready' || event.type === 'session.languageApplied') apply(event.language)
  })
  return () => sub.unsubscribe()
}
