import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { RouteName } from '../../../schemas/routes'
import { Icon } from '../../ui/Icon'
import { PageFrame } from './PageFrame'

/**
 * A page whose screen arrives with a later issue: its translated title and a way back, and
 * what the page already offers (`children`, e.g. the diagnostics entry of feedback and settings).
 */
export const PlaceholderPage = ({ name, children }: { name: RouteName; children?: ReactNode }) => {
  const { t } = useTranslation()
  return (
    <PageFrame title={t(`route.${name}`)}>
      <div className="empty">
        <span className="empty__icon">
          <Icon name="compass" />
        </span>
        <p className="empty__text">{t('page.comingSoon')}</p>
      </div>
      {children}
    </PageFrame>
  )
}
