import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { depositActor, payChannelsActor } from '../../../actors/pay'
import { PAY_TABS, type PayTab } from '../../models/pay'
import { useActor, useQuery, useSend } from '../../system-react'
import { Modal } from '../../ui/Modal'
import { Tabs, buttonTab } from '../../ui/Tabs'
import { DepositForm } from './DepositForm'
import { OrderPanel } from './OrderPanel'
import { PayRecords } from './PayRecords'
import './pay.css'

/**
 * The pay popup (screens §2 global popup pay; calls §7.5): the currencies the site offers, the
 * methods of the chosen currency with their bonus, the channels with their limits, fee and bonus
 * rates, and the amount by the money rules (spec §5) with the channel's quick amounts. The order
 * is signed with the site's deposit key (MD5, src/models/pay.ts) and made by the `deposit` command; its answer says
 * how to pay: the provider's page (online), an address with its QR code (crypto) or the bank
 * details with confirm and cancel (offline). Its state follows the socket's notices; the balance
 * is the wallet's, which takes the paid order's notice.
 */
export const PayPopup = ({ open, showCloseButton, onClose }: { open: boolean; showCloseButton: boolean; onClose: (() => void) | undefined }) => {
  const { t } = useTranslation('pay')
  const send = useSend()
  const channels = useQuery(payChannelsActor)
  const deposit = useActor('deposit', depositActor.view)
  const [tab, setTab] = useState<PayTab>('deposit')
  const close = () => {
    for (const command of ['deposit', 'transferconfirm', 'transfercancel']) send({ type: 'command.reset', command })
    onClose?.()
  }
  return (
    <Modal open={open} title={t('title')} showCloseButton={showCloseButton} onClose={onClose === undefined ? undefined : close} closeLabel={t('close')} className="pay">
      <Tabs label={t('title')} className="pay__tabs" items={PAY_TABS.map((x) => ({ key: x, label: t(`tabs.${x}`) }))} selected={tab} onSelect={setTab} tabClassName={buttonTab}>
        {tab === 'records' ? (
          <PayRecords />
        ) : deposit.status === 'succeeded' && deposit.result !== null ? (
          <OrderPanel order={deposit.result} onAgain={() => send({ type: 'command.reset', command: 'deposit' })} />
        ) : channels.status === 'failed' ? (
          <div className="pay__state">
            <p role="alert">{t('loadFailed')}</p>
            <button type="button" className="button button--primary" onClick={() => send({ type: 'query.refreshRequested', query: 'paychannels' })}>
              {t('retry')}
            </button>
          </div>
        ) : channels.data === null ? (
          <p className="pay__state" role="status">{t('loading')}</p>
        ) : channels.data.length === 0 ? (
          <p className="pay__state">{t('noChannels')}</p>
        ) : (
          <DepositForm platforms={channels.data} />
        )}
      </Tabs>
    </Modal>
  )
}
