import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon } from '../../ui/Icon'
import { useNavigate } from '../routing/nav-hooks'

/** A page's frame: a way back to the lobby, its title, and its content. */
export const PageFrame = ({ title, children }: { title: string; children?: ReactNode }) => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <section className="page" aria-labelledby="page-title">
      <div className="page__bar">
        <button type="button" className="button button--ghost button--small" onClick={() => navigate('game')}>
          <Icon name="arrowLeft" />
          {t('page.back')}
        </button>
      </div>
      <h1 id="page-title" className="page__title">
        {title}
      </h1>
      {children}
    </section>
  )
}
