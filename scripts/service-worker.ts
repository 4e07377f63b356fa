/**
 * Build step: the lobby's service worker (src/sw/worker.ts, on Workbox) bundled into one classic script at
 * /sw.js, with this build's values: a version (a hash of the build's file names, so a new build
 * installs a new worker and drops the old caches), the first route's files to cache on install
 * (the lobby entry, the chunks it imports statically, their styles), the offline page's words in
 * every locale (shell:offline.*) and the default theme's colours (src/ui/base.css).
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build, type Plugin } from 'vite'
import { tokensIn, type OfflineTexts } from '../src/sw/offline.ts'

const LOCALES = 'src/i18n/locales'

/** shell:offline.* of every locale. */
export const offlineTexts = (root: string): Record<string, OfflineTexts> =>
  Object.fromEntries(
    readdirSync(join(root, LOCALES)).map((lang) => {
      const shell = JSON.parse(readFileSync(join(root, LOCALES, lang, 'shell.json'), 'utf8')) as { offline?: OfflineTexts }
      if (shell.offline === undefined) throw new Error(`${lang}/shell.json has no offline page words`)
      return [lang, shell.offline]
    }),
  )

/**
 * The files the lobby's page loads before anything else, as the built page names them: its module
 * entry, the chunks it preloads, its stylesheets.
 */
export const firstRouteFiles = (html: string): string[] => {
  const files = new Set<string>()
  for (const tag of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const t = tag[0]
    const url = /\b(?:src|href)="(\/assets\/[^"]+)"/.exec(t)?.[1]
    if (url === undefined) continue
    if (/^<script/.test(t) ? /type="module"/.test(t) : /rel="(?:modulepreload|stylesheet)"/.test(t)) files.add(url)
  }
  if (![...files].some((f) => f.endsWith('.js'))) throw new Error('the built page loads no module')
  return [...files].sort()
}

export const serviceWorker = (): Plugin => {
  let root = process.cwd()
  return {
    name: 'lobby-service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root
    },
    // Once the files are written, under their final names (compressed after, in closeBundle).
    async writeBundle(output, bundle) {
      const outDir = output.dir ?? join(root, 'dist')
      const precache = firstRouteFiles(readFileSync(join(outDir, 'index.html'), 'utf8'))
      const version = createHash('sha256').update(Object.keys(bundle).sort().join('\n')).digest('hex').slice(0, 16)
      const built = await build({
        configFile: false,
        root,
        logLevel: 'silent',
        define: {
          __LOBBY_SW_VERSION__: JSON.stringify(version),
          __LOBBY_SW_PRECACHE__: JSON.stringify(precache),
          __LOBBY_SW_TEXTS__: JSON.stringify(offlineTexts(root)),
          __LOBBY_SW_COLOURS__: JSON.stringify(tokensIn(readFileSync(join(root, 'src/ui/base.css'), 'utf8'))),
          // Workbox's development logging and checks stay out of the built worker (a library build leaves process.env alone).
          'process.env.NODE_ENV': JSON.stringify('production'),
        },
        build: {
          write: false,
          minify: true,
          target: 'es2022',
          sourcemap: false,
          lib: { entry: join(root, 'src/sw/worker.ts'), formats: ['iife'], name: 'lobbyServiceWorker', fileName: () => 'sw.js' },
        },
      })
      const outputs = Array.isArray(built) ? built : [built]
      const code = outputs.flatMap((o) => ('output' in o ? o.output : [])).find((o) => o.type === 'chunk')?.code
      if (code === undefined) throw new Error('the service worker was not built')
      writeFileSync(join(outDir, 'sw.js'), code)
    },
  }
}
