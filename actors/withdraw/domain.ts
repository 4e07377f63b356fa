import { defineDomain } from '../domain'
import { withdrawEvents } from '../../schemas/events/withdraw'
import { withdrawInfoActor, withdrawClosedActor, banksActor, cryptoNetworksActor, withdrawOrderActor, auditActor, withdrawRecordsActor, auditRecordsActor, withdrawCashCommand, bindCardCommand, bindCryptoCommand, deleteAccountCommand, setDefaultCommand, withdrawFeeCommand, walletsActor, eWalletsActor, bindEwalletCommand, bindWalletAppCommand, uploadProofCommand, verifyPinCommand, walletAppActor } from '.'

/** The withdraw domain (docs/architecture.md, "How a domain is registered"). */
export const withdrawDomain = defineDomain({
  name: 'withdraw',
  actors: [withdrawInfoActor, withdrawClosedActor, banksActor, cryptoNetworksActor, withdrawOrderActor, auditActor, withdrawRecordsActor, auditRecordsActor, withdrawCashCommand, bindCardCommand, bindCryptoCommand, deleteAccountCommand, setDefaultCommand, withdrawFeeCommand, walletsActor, eWalletsActor, bindEwalletCommand, bindWalletAppCommand, uploadProofCommand, verifyPinCommand, walletAppActor],
  events: withdrawEvents,
  routes: ['withdraw', 'withdrawDetails', 'auditDetails'],
  namespaces: ['withdraw'],
})
