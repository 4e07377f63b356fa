import type { TFunction } from 'i18next'

/** The shell's key of each game category id (spec §2 menu: chess 1, fish 2, electronic 3, real 4, sports 5, cockfighting 6, lottery 8, club 9, club friend 10, blockchain 11). */
const KEYS: Readonly<Record<number, string>> = {
  1: 'chess', 2: 'fish', 3: 'electronic', 4: 'real', 5: 'sports', 6: 'cockfighting', 8: 'lottery', 9: 'club', 10: 'clubFriend', 11: 'blockchain',
}

/** A game category's name in the interface language (the shell's category names), or its number. */
export const categoryName = (shell: TFunction, id: number): string => {
  const key = KEYS[id]
  return key === undefined ? String(id) : shell(`category.${key}`)
}
