import { CONSOLE_LANGUAGE_NAMES, CONSOLE_LANGUAGES, setConsoleLanguage, TAGS, useConsole, type ConsoleLanguage } from './i18n'

/** The console's language switch (header and sign-in): each language named in itself. */
export const LanguageSwitch = () => {
  const { t, lng } = useConsole()
  return (
    <label className="sc-language">
      {t('language.label')}{' '}
      <select value={lng} onChange={(e) => setConsoleLanguage(e.target.value as ConsoleLanguage)}>
        {CONSOLE_LANGUAGES.map((l) => (
          <option key={l} value={l} lang={TAGS[l]}>
            {CONSOLE_LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  )
}
