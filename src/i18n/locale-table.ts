
/**
 * The loader of every locale file not bundled with the first route: each is its own chunk
 * (`locale-<code>-<namespace>-<hash>.js`). This table is itself a chunk, imported by src/i18n the
 * first time a namespace is fetched (issue 41: about 600 loaders, 9 KiB gzipped, that the first
 * screen never runs). The glob's exclusion is the first route's list in src/i18n/index.ts (a glob
 * must be a literal; tests/unit/i18n/first-route.test.ts checks the two agree).
 */
const lazy = import.meta.glob<Record<string, string>>(
  [
    './locales/*/*.json',
    '!./locales/en_US/{account,auth,errors,games,home,layout,lines,messages,music,realtime,redpackets,service,shell,signin,toast,ui,upgrade,verify,yuebao}.json',
  ],
  { import: 'default' },
)

/** A file's language and namespace. */
const parseLocaleFile = (file: string): { lng: string; ns: string } | null => {
  const m = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file)
  return m === null ? null : { lng: m[1]!, ns: m[2]! }
}

/** Each lazy file's loader, by language and namespace (`<code>/<namespace>`). */
export const loaders: ReadonlyMap<string, () => Promise<Record<string, string>>> = new Map(
  Object.entries(lazy).flatMap(([file, load]) => {
    const p = parseLocaleFile(file)
    return p === null ? [] : [[`${p.lng}/${p.ns}`, load] as const]
  }),
)

/** Every namespace (every locale has the same ones, and every other language's are all here; the i18n test checks it). */
export const NAMESPACES: ReadonlyArray<string> = [...new Set([...loaders.keys()].map((k) => k.slice(k.indexOf('/') + 1)))].sort()
