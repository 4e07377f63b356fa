import { useTranslation } from 'react-i18next'
import { selectQuery } from '../../../actors/nav'
import { useActor } from '../../system-react'
import { Tabs, buttonTab } from '../../ui/Tabs'
import { PageFrame } from '../pages/PageFrame'
import { useNavigate } from '../routing/nav-hooks'
import { AccountDetails, BettingRecord, PersonalStatement } from './RecordLists'

/** The betting record of the system menu (screens §2 /home/records). */
export const RecordsPage = () => {
  const { t } = useTranslation('account')
  return (
    <PageFrame title={t('personal.bettingRecord')}>
      <BettingRecord />
    </PageFrame>
  )
}

/** The report tabs, by the spec's `current` (0 account details, 1 betting record, 2 personal statement). */
const TABS = [
  { current: '0', label: 'personal.accountDetails', view: () => <AccountDetails /> },
  { current: '1', label: 'personal.bettingRecord', view: () => <BettingRecord /> },
  { current: '2', label: 'personal.statement', view: () => <PersonalStatement /> },
] as const

/**
 * The reports (screens §2 /home/report, query current): account details, betting record and
 * personal statement as tabs; the query says which is open, so a link or the back button opens
 * the same tab.
 */
export const ReportPage = () => {
  const { t } = useTranslation('account')
  const { t: records } = useTranslation('records')
  const navigate = useNavigate()
  const current = useActor('nav', selectQuery)['current']
  const tab = TABS.find((x) => x.current === current) ?? TABS[0]
  return (
    <PageFrame title={records('tabs')}>
      <Tabs
        label={records('tabs')}
        className="records__tabs"
        items={TABS.map((x) => ({ key: x.current, label: t(x.label) }))}
        selected={tab.current}
        onSelect={(current) => navigate('report', { query: { current }, replace: true })}
        tabClassName={buttonTab}
      >
        {tab.view()}
      </Tabs>
    </PageFrame>
  )
}
