import { useEffect } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { siteMachine } from '../../../actors/site'
import {
  bootBrandActor,
  bootCurrenciesActor,
  bootLayoutActor,
  brandLogoOf,
  layoutListsOf,
  selectBettingProviderName,
  selectInjectedBanners,
  selectInjectedCurrencies,
  selectLayoutName,
  selectSiteCode,
  selectSiteDescription,
  selectSiteKeywords,
  selectStandIns,
  selectSysSwitches,
  selectThemeId,
  type LayoutListsView,
  type LayoutName,
} from '../../../actors/site'
import { useActor, useQuery } from '../../system-react'

type SiteRef = ActorRefFrom<typeof siteMachine>
const useSite = <T,>(selector: (s: ReturnType<SiteRef['getSnapshot']>) => T): T => useActor('site', selector)

import { LAYOUT_TRAITS, type LayoutTraits } from '../../../schemas/layouts'

export type { LayoutName }
export { LAYOUT_TRAITS, type LayoutTraits }

/** The site's layout name and traits. */
export const useLayout = (): { readonly name: LayoutName; readonly traits: LayoutTraits } => {
  const name = useSite(selectLayoutName)
  return { name, traits: LAYOUT_TRAITS[name] }
}

/**
 * The hall's layout lists (tab bar, header): getLayout's answer where the lobby asked it at boot
 * (a hall profile `boot: 'call'`, actors/site/boot.ts), the injected copy otherwise.
 */
export const useLayoutLists = (): LayoutListsView => {
  const asked = useQuery(bootLayoutActor).data
  const injected = useSite((s) => s.context.config?.injected?.['layout'])
  return layoutListsOf(asked ?? injected)
}
/** The brand logo info: getBrandLogoUse's answer where the lobby asked it at boot, the injected copy otherwise. */
export const useBrandLogo = () => {
  const asked = useQuery(bootBrandActor).data
  const injected = useSite((s) => s.context.config?.injected?.['brandLogo'])
  return brandLogoOf(asked ?? injected)
}
/** Each currency's display name (getAllCurrency's answer where asked at boot, the injected copy otherwise), by code. */
export const useCurrencyNames = (): ReadonlyMap<string, string> => {
  const asked = useQuery(bootCurrenciesActor).data
  const injected = useSite(selectInjectedCurrencies)
  return currencyNamesOf(asked ?? injected)
}
const currencyNames = new WeakMap<object, ReadonlyMap<string, string>>()
const NO_NAMES: ReadonlyMap<string, string> = new Map()
const currencyNamesOf = (list: unknown): ReadonlyMap<string, string> => {
  if (!Array.isArray(list)) return NO_NAMES
  let names = currencyNames.get(list)
  if (names === undefined) {
    names = new Map(
      list.flatMap((c: { currencyCode?: unknown; currencyDisplay?: unknown }) =>
        typeof c.currencyCode === 'string' && typeof c.currencyDisplay === 'string' ? [[c.currencyCode, c.currencyDisplay] as const] : [],
      ),
    )
    currencyNames.set(list, names)
  }
  return names
}
/** The home banners the page was written with (the first screen's), or null. */
export const useInjectedBanners = () => useSite(selectInjectedBanners)
export const useSiteCode = (): string => useSite(selectSiteCode)
/** Whether the hall runs its stand-ins in production (a demo hall): the shell shows its banner. */
export const useStandIns = (): boolean => useSite(selectStandIns)
export const useBettingProviderName = (): string => useSite(selectBettingProviderName)
/** Whether a system-info switch is open (vip_status, agentDisplayEntrance, kfOnlineStatus, musicShow). */
export const useSysSwitch = (name: string): boolean => useSite(selectSysSwitches).split(' ').includes(name)

const setMeta = (name: string, content: string): void => {
  if (content === '') return
  let el = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)
  if (el === null) {
    el = document.createElement('meta')
    el.name = name
    document.head.append(el)
  }
  el.content = content
}

/**
 * Applies the site's look to the document: data-theme (themeTypeWeb, spec §9 ids 1-7, default
 * blue) and data-layout (skinTypeValue) on <html>, so every surface, popups included, follows
 * the tokens of src/ui/themes.css; and the description and keywords of site info (the hall
 * injects them with the title, favicon and manifest before the lobby starts; this keeps them
 * right when site info answers differently from the injected copy).
 */
export const useSiteLook = (): void => {
  const theme = useSite(selectThemeId)
  const layout = useSite(selectLayoutName)
  const description = useSite(selectSiteDescription)
  const keywords = useSite(selectSiteKeywords)
  useEffect(() => {
    document.documentElement.dataset['theme'] = String(theme)
    document.documentElement.dataset['layout'] = layout
  }, [theme, layout])
  useEffect(() => {
    setMeta('description', description)
    setMeta('keywords', keywords)
  }, [description, keywords])
}
