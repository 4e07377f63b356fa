import { useEffect } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { siteMachine } from '../../../actors/site'
import {
  selectBettingProviderName,
  selectBrandLogo,
  selectInjectedBanners,
  selectLayoutLists,
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
import { useActor } from '../../system-react'

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

/** The hall's layout lists (tab bar, header). */
export const useLayoutLists = (): LayoutListsView => useSite(selectLayoutLists)
export const useBrandLogo = () => useSite(selectBrandLogo)
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
