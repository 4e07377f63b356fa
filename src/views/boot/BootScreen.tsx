import { useTranslation } from 'react-i18next'

/** While the site initialises (or a private page waits for the sign-in to settle). */
export const BootScreen = ({ label }: { label?: string }) => {
  const { t } = useTranslation()
  return (
    <div className="boot" aria-busy="true">
      <div className="boot__spinner" role="status" aria-label={label ?? t('loading')} />
    </div>
  )
}
