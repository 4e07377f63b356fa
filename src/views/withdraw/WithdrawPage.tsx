import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { selectQuery } from '../../../actors/nav'
import { WITHDRAW_TABS, withdrawTabOf } from '../../models/withdraw'
import { useActor, useSend } from '../../system-react'
import { Tabs, buttonTab } from '../../ui/Tabs'
import { PageFrame } from '../pages/PageFrame'
import { useNavigate } from '../routing/nav-hooks'
import { WalletBinding } from './WalletBinding'
import { BankCards, CryptoAddresses } from './WithdrawAccounts'
import { WithdrawForm } from './WithdrawForm'
import { AuditRecords, WithdrawRecords } from './WithdrawLists'
import './withdraw.css'

/**
 * The withdraw page (screens §2 /home/withdraw; calls §7.6): the withdrawal itself, the bank cards,
 * the e-wallets, the crypto addresses, the withdraw records and the turnover audits as tabs; the
 * query's `tab` says which is open. The rules of its forms are src/models/withdraw.ts.
 */
export const WithdrawPage = () => {
  const { t } = useTranslation('withdraw')
  const navigate = useNavigate()
  const send = useSend()
  const tab = withdrawTabOf(useActor('nav', selectQuery)['tab'])
  useEffect(() => send({ type: 'withdraw.opened' }), [send])
  return (
    <PageFrame title={t('title')}>
      <Tabs
        label={t('title')}
        className="withdraw__tabs"
        items={WITHDRAW_TABS.map((x) => ({ key: x, label: t(`tab.${x}`) }))}
        selected={tab}
        onSelect={(x) => navigate('withdraw', { query: { tab: x }, replace: true })}
        tabClassName={buttonTab}
        panelClassName="withdraw"
      >
        {tab === 'withdraw' && <WithdrawForm />}
        {tab === 'bankCard' && <BankCards />}
        {tab === 'ewallet' && <WalletBinding />}
        {tab === 'crypto' && <CryptoAddresses />}
        {tab === 'records' && <WithdrawRecords />}
        {tab === 'audit' && <AuditRecords />}
      </Tabs>
    </PageFrame>
  )
}
