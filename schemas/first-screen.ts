/**
 * What the build hands the hall for the home page's first screen (dist/first-screen.json, written
 * by scripts/first-screen.ts): the words it shows in every interface language and the icons it
 * draws, so the hall paints the same header, categories and tab bar as the lobby before the lobby
 * starts (server/first-screen.ts).
 */
export interface FirstScreenKit {
  /** Icon name to its 24×24 path (src/ui/icon-paths.ts). */
  readonly icons: Readonly<Record<string, string>>
  /** Language code to `namespace:key` to the words (only the keys of FIRST_SCREEN_TEXTS). */
  readonly texts: Readonly<Record<string, Readonly<Record<string, string>>>>
}

/** The file of the build that holds the kit. */
export const FIRST_SCREEN_KIT_FILE = 'first-screen.json'

/** The locale keys the first screen shows: `namespace:prefix`, a prefix taking every key under it. */
export const FIRST_SCREEN_TEXTS: ReadonlyArray<string> = [
  'shell:header.logo',
  'shell:header.login',
  'shell:header.register',
  'shell:header.openMenu',
  'shell:menu.label',
  'shell:menu.expand',
  'shell:category.',
  'shell:tab.',
  'shell:route.vip',
  'shell:game.categories',
  'shell:game.welcome',
  'shell:skipToContent',
  'layout:tab.',
  'games:loading',
  'games:gameList',
  'games:games',
  'layout:download.',
  'layout:promo.',
  'layout:pwa.label',
  'layout:pwa.text',
  'layout:pwa.add',
  'layout:pwa.never',
  'layout:pwa.close',
]
