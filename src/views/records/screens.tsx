import { recordsDomain } from '../../../actors/records/domain'
import { lazyNamed } from '../routing/lazy-view'
import { defineScreens } from '../routing/screens'

const RecordsPage = lazyNamed(() => import('./RecordPages'), 'RecordsPage')
const ReportPage = lazyNamed(() => import('./RecordPages'), 'ReportPage')

/** The records and the report. */
export const recordsScreens = defineScreens(recordsDomain, { pages: { records: () => <RecordsPage />, report: () => <ReportPage /> } })
