import { useTranslation } from 'react-i18next'
import type { RouteName } from '../../../schemas/routes'
import { Icon } from '../../ui/Icon'
import { PageFrame } from './PageFrame'

/** A page whose screen arrives with a later issue: its translated title and a way back. */
export const PlaceholderPage = ({ name }: { name: RouteName }) => {
  const { t } = useTranslation()
  return (
    <PageFrame title={t(`route.${name}`)}>
      <div className="empty">
        <span className="empty__icon">
          <Icon name="compass" />
        </span>
        <p className="empty__text">{t('page.comingSoon')}</p>
      </div>
    </PageFrame>
  )
}
