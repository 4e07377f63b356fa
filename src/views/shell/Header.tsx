import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { selectChargeRate } from '../../../actors/badges'
import { selectOfferedCurrencies, selectOfferedLanguages, selectSiteName } from '../../../actors/site'
import { selectIsSwitchingLanguage, selectLanguage } from '../../../actors/session'
import { isLanguage, LANGUAGE_NAMES, type Language } from '../../i18n'
import { useActor, useSend } from '../../system-react'
import { Badge } from '../../ui/Badge'
import { useBadges } from './badge-hooks'
import { Icon } from '../../ui/Icon'
import { formatAmount } from '../../ui/amount'
import { MoneyText } from '../../ui/MoneyText'
import { Tooltip } from '../../ui/Tooltip'
import { Popover } from '../../ui/Popover'
import { LineButton } from '../lines/LineButton'
import { MusicButton } from '../music/MusicButton'
import { ProfileChip } from '../account/ProfileChip'
import { RedPacketPopup } from '../redpackets/RedPacketPopup'
import { SocketStatus } from '../realtime/SocketStatus'
import { useNavigate } from '../routing/nav-hooks'
import { PersonalMenu } from './PersonalMenu'
import { useSessionView, useSignedIn } from './session-view'
import { useBrandLogo, useCurrencyNames } from './site-look'
import { useWithdraw } from './withdraw'
import { SavingsHeaderEntry } from '../yuebao/SavingsEntry'


/** The site's name, for the logo and the page title. */
export const useSiteName = (): string => useActor('site', selectSiteName) || 'Lobby'

/** The logo: the site's name; goes to the game page (spec §2). */
const Logo = () => {
  const { t } = useTranslation()
  const name = useSiteName()
  const brand = useBrandLogo()
  const navigate = useNavigate()
  return (
    <button type="button" className="logo" aria-label={t('header.logo', { site: name })} onClick={() => navigate('game')}>
      {brand !== null && brand.hallLogo !== '' ? (
        <img className="logo__image" src={brand.hallLogo} alt="" width={34} height={34} />
      ) : (
        <span className="logo__mark" aria-hidden="true">
          <Icon name="sparkle" />
        </span>
      )}
      <span className="logo__text">{name}</span>
    </button>
  )
}

/** The language switch: the site's languages, each named in itself (spec §2; the list scrolls beyond 6). */
export const LanguageSwitch = ({ compact = false }: { compact?: boolean }) => {
  const { t } = useTranslation()
  const send = useSend()
  const offered = useActor('site', selectOfferedLanguages)
  const chosen = useActor('language', selectLanguage)
  const switching = useActor('language', selectIsSwitchingLanguage)
  const languages = offered.filter(isLanguage)
  const current: Language = isLanguage(chosen) ? chosen : 'en_US'
  return (
    <Popover
      busy={switching}
      className="lang-switch"
      label={`${t('header.language')}: ${LANGUAGE_NAMES[current]}`}
      panelLabel={t('header.chooseLanguage')}
      trigger={
        <>
          <Icon name="globe" />
          {!compact && <span className="chip__text">{LANGUAGE_NAMES[current]}</span>}
          <Icon name="chevronDown" className="chip__caret" />
        </>
      }
    >
      {(close) => (
        <ul className="options" role="list">
          {(languages.length > 0 ? languages : [current]).map((code) => (
            <li key={code}>
              <button
                type="button"
                className="option"
                lang={code.replace('_', '-')}
                aria-current={code === current ? 'true' : undefined}
                onClick={() => {
                  if (code !== current) send({ type: 'session.languageChosen', language: code })
                  close()
                }}
              >
                {LANGUAGE_NAMES[code]}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Popover>
  )
}

/** The currency switch, shown only when logged out (spec §2). */
export const CurrencySwitch = () => {
  const { t } = useTranslation()
  const send = useSend()
  const offered = useActor('site', selectOfferedCurrencies)
  const names = useCurrencyNames()
  const current = useSessionView().currency
  return (
    <Popover
      className="currency-switch"
      label={`${t('header.currency')}: ${current}`}
      panelLabel={t('header.chooseCurrency')}
      trigger={
        <>
          <span className="chip__text chip__text--code">{current}</span>
          <Icon name="chevronDown" className="chip__caret" />
        </>
      }
    >
      {(close) => (
        <ul className="options" role="list">
          {(offered.length > 0 ? offered : [current]).map((code) => (
            <li key={code}>
              <button
                type="button"
                className="option option--code"
                title={names.get(code)}
                aria-current={code === current ? 'true' : undefined}
                onClick={() => {
                  if (code !== current) send({ type: 'session.currencyChosen', currency: code })
                  close()
                }}
              >
                {code}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Popover>
  )
}

/** Formats an amount of a currency for the balance: 2 decimals in the interface language. */
export const formatMoney = (amount: number | null, language: string): string =>
  amount === null ? '—' : formatAmount(String(amount), language, 2)

/**
 * After a failed balance refresh, the balance shown may be out of date: a warning mark with that
 * as its accessible name, until a newer balance arrives.
 */
export const BalanceStaleMark = ({ stale }: { stale: boolean }) => {
  const { t } = useTranslation()
  if (!stale) return null
  const label = t('header.balanceStale')
  return (
    <span className="balance__stale" role="img" aria-label={label} title={label}>
      <Icon name="alert" aria-hidden="true" />
    </span>
  )
}

/** The balance with its refresh button (logged in). */
const Balance = () => {
  const { t } = useTranslation()
  const send = useSend()
  const session = useSessionView()
  const refreshing = session.refreshing
  return (
    <div className="balance" role="group" aria-label={t('header.balance')}>
      <span className="balance__currency">{session.currency}</span>
      <span className="balance__amount">{session.inGame ? t('header.moneyInGame') : <MoneyText value={session.balance === null ? '—' : String(session.balance)} />}</span>
      <BalanceStaleMark stale={session.stale} />
      <Tooltip text={t('header.refreshBalance')}>
        <button
          type="button"
          className="icon-button icon-button--small"
          aria-label={t('header.refreshBalance')}
          aria-busy={refreshing}
          data-refreshing={refreshing || undefined}
          data-stale={session.stale || undefined}
          onClick={() => send({ type: 'wallet.refreshRequested' })}
        >
          <Icon name="refresh" />
        </button>
      </Tooltip>
    </div>
  )
}

/**
 * The header's children that take no props, made once: each reads what it shows itself, so a
 * re-render of the header (its sign-in state, the charge rate, a language's words arriving) does
 * not re-render them too (issue 41, the boot: the header rendered 6 times in one boot and every
 * child with it).
 */
const LOGO = <Logo />
const LANGUAGE_SWITCH = <LanguageSwitch />
const MUSIC_BUTTON = <MusicButton />
const LINE_BUTTON = <LineButton />
const RED_PACKET_POPUP = <RedPacketPopup />
const CURRENCY_SWITCH = <CurrencySwitch />
const BALANCE = <Balance />
const SOCKET_STATUS = <SocketStatus />
const SAVINGS_HEADER_ENTRY = <SavingsHeaderEntry />
const PERSONAL_MENU = <PersonalMenu />

/**
 * The header (spec §2), web and mobile. Its recharge button carries the site's highest charge rate
 * as a badge, like the recharge tab; its withdraw checks the bound phone and the withdraw password.
 */
export const Header = memo(function Header({ desktop, onOpenMenu, menuOpen }: { desktop: boolean; onOpenMenu: () => void; menuOpen: boolean }) {
  const { t } = useTranslation()
  const { t: layoutT } = useTranslation('layout')
  const send = useSend()
  const session = useSignedIn()
  const chargeRate = useBadges(selectChargeRate)
  const withdraw = useWithdraw(true)
  const rateBadge = chargeRate === null ? null : <Badge text={`+${chargeRate}%`} label={layoutT('badge.bonus', { rate: chargeRate })} />
  return (
    <header className="header" role="banner">
      {!desktop && (
        <button type="button" className="icon-button" aria-label={t('header.openMenu')} aria-expanded={menuOpen} onClick={onOpenMenu}>
          <Icon name="menu" />
        </button>
      )}
      {LOGO}
      <div className="header__spacer" />
      <div className="header__actions">
        {/* On phones the secondary tools live in the drawer (SideMenu.tsx MenuDrawer). */}
        {desktop && LANGUAGE_SWITCH}
        {desktop && MUSIC_BUTTON}
        {desktop && LINE_BUTTON}
        {RED_PACKET_POPUP}
        {desktop && !session.signedIn && CURRENCY_SWITCH}
        {/* Phones: a guest's header has room for the sign-in buttons, not the trial balance. */}
        {session.signedIn && (desktop || session.real) && BALANCE}
        {SOCKET_STATUS}
        {session.real &&
          (desktop ? (
            <button type="button" className="button button--accent header__recharge" onClick={() => send({ type: 'popup.openRequested', popup: 'pay' })}>
              <Icon name="wallet" />
              {t('header.recharge')}
              {rateBadge}
            </button>
          ) : (
            <button
              type="button"
              className="icon-button icon-button--accent header__recharge"
              aria-label={chargeRate === null ? t('header.recharge') : `${t('header.recharge')}, ${layoutT('badge.bonus', { rate: chargeRate })}`}
              onClick={() => send({ type: 'popup.openRequested', popup: 'pay' })}
            >
              <Icon name="plus" />
              {rateBadge}
            </button>
          ))}
        {session.real && desktop && (
          <button type="button" className="button button--ghost" onClick={withdraw}>
            {t('header.withdraw')}
          </button>
        )}
        {/* Phones: the savings entry lives in the drawer's system menu, with the other secondary entries. */}
        {session.real && desktop && SAVINGS_HEADER_ENTRY}
        {session.real && <ProfileChip desktop={desktop} />}
        {session.real && desktop && PERSONAL_MENU}
        {/* A guest (trial) account is not logged in (spec §4): it can still log in or sign up. */}
        {!session.real && (
          <>
            <button type="button" className="button button--ghost" onClick={() => send({ type: 'popup.openRequested', popup: 'login' })}>
              <span className="button__text">{t('header.login')}</span>
            </button>
            <button type="button" className="button button--primary" onClick={() => send({ type: 'popup.openRequested', popup: 'register' })}>
              <span className="button__text">{t('header.register')}</span>
            </button>
          </>
        )}
        {session.real && !desktop && (
          <button type="button" className="icon-button" aria-label={t('header.logout')} onClick={() => send({ type: 'session.logoutRequested' })}>
            <Icon name="logout" />
          </button>
        )}
      </div>
    </header>
  )
})
