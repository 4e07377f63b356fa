/**
 * The four layouts (spec §1) and what each does differently (spec §2), shared by the lobby and the
 * hall, which paints the home page's first screen from the same rules before the lobby starts.
 */

/** The four layouts, by site info's skinTypeValue (schemas/hall/calls/site.ts SkinType). */
export type LayoutName = 'classic' | 'europeanAmerican' | 'simpleEuropeanAmerican' | 'cyanBlue'
const LAYOUT_BY_SKIN: Readonly<Record<number, LayoutName>> = { 1: 'classic', 2: 'europeanAmerican', 3: 'simpleEuropeanAmerican', 4: 'cyanBlue' }

/** The layout of a skinTypeValue; classic for anything else. */
export const layoutOfSkin = (skin: unknown): LayoutName => (typeof skin === 'number' ? LAYOUT_BY_SKIN[skin] : undefined) ?? 'classic'

/** The colour theme id 1-7 (spec §9) of a themeTypeWeb; blue (1) for anything else. */
export const themeOf = (theme: unknown): number => (typeof theme === 'number' && Number.isInteger(theme) && theme >= 1 && theme <= 7 ? theme : 1)

/**
 * What each layout does differently (spec §1, §2). Everything else is shared: the differences
 * live here, once, and the views ask.
 */
export interface LayoutTraits {
  /** Recent and collect in the desktop menu (spec §2: European-American only; phones always). */
  readonly recentCollectOnDesktop: boolean
  /** Every category goes to the game list (spec §2: cyan-blue); otherwise only hot, demo, collect, recent. */
  readonly allCategoriesToList: boolean
  /** The 'earn R$ 75' promo banner on the phone home (spec §2: simple European-American). */
  readonly promoBanner: boolean
  /** How the desktop menu shows: an icon rail that expands on hover, an open panel, or a bar under the header. */
  readonly desktopMenu: 'rail' | 'panel' | 'bar'
}

export const LAYOUT_TRAITS: Readonly<Record<LayoutName, LayoutTraits>> = {
  classic: { recentCollectOnDesktop: false, allCategoriesToList: false, promoBanner: false, desktopMenu: 'rail' },
  europeanAmerican: { recentCollectOnDesktop: true, allCategoriesToList: false, promoBanner: false, desktopMenu: 'panel' },
  simpleEuropeanAmerican: { recentCollectOnDesktop: false, allCategoriesToList: false, promoBanner: true, desktopMenu: 'bar' },
  cyanBlue: { recentCollectOnDesktop: false, allCategoriesToList: true, promoBanner: false, desktopMenu: 'rail' },
}
