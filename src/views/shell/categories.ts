// The game category menu (spec §2) lives in schemas/categories.ts: the hall paints it too, in the home page's first screen.
export { CATEGORIES, CATEGORY, PLATFORM_SUFFIX, categoryTarget, visibleCategories, type CategoryEntry } from '../../../schemas/categories'
