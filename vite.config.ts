import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { compressBuild } from './scripts/compress.ts'
import { firstScreen } from './scripts/first-screen.ts'
import { LAZY_CALL_AREAS } from './schemas/hall/calls/lazy-areas.ts'
import { serviceWorker } from './scripts/service-worker.ts'

// The lobby is built into dist/ and served by the reference hall (npm start), which injects the
// site configuration into index.html. In development (npm run dev) Vite serves the sources,
// proxies the hall paths to a hall started beside it, and takes the site configuration from
// that hall's page, pointed at the dev server's origin so calls go through the proxy.
const hallTarget = process.env['LOBBY_HALL_URL'] ?? 'http://127.0.0.1:8081'
const devPort = 8080

/** The call areas of lazy domains (schemas/hall/calls/lazy-areas.ts): each goes with its domain's chunk. */
const LAZY_CALL_MODULE = new RegExp(`[\\\\/]schemas[\\\\/]hall[\\\\/]calls[\\\\/](${LAZY_CALL_AREAS.join('|')})\\.ts$`)

const siteConfigFromHall = (): Plugin => ({
  name: 'lobby-site-config',
  apply: 'serve',
  async transformIndexHtml(html, ctx) {
    const query = ctx.originalUrl?.includes('?') ? ctx.originalUrl.slice(ctx.originalUrl.indexOf('?')) : ''
    const page = await fetch(`${hallTarget}/${query}`, { headers: { accept: 'text/html' } }).then((r) => r.text())
    const tag = page.match(/<script[^>]*>window\.__LOBBY_SITE__ = [\s\S]*?<\/script>/)?.[0]
    if (tag === undefined) throw new Error(`the hall at ${hallTarget} served no site configuration`)
    return html.replace('<script', `${tag.split(hallTarget).join(`http://127.0.0.1:${devPort}`)}<script`)
  },
})

export default defineConfig(({ command, mode }) => {
  // A build is decided here, at build time, by Vite's --mode (production unless `--mode development`),
  // never by the shell's NODE_ENV: Vitest sets NODE_ENV=test, and Vite takes any NODE_ENV other than
  // 'production' for a development build (import.meta.env.DEV true, React's development bundle),
  // which put the test hooks and the throwing bus into dist/. Vite reads NODE_ENV after this file.
  if (command === 'build') process.env['NODE_ENV'] = mode === 'development' ? 'development' : 'production'
  return {
    plugins: [react(), siteConfigFromHall(), firstScreen(), serviceWorker(), compressBuild()],
    build: {
      outDir: 'dist',
      // Maps are written for support and the replay tools, but no script names its map and the hall
      // never serves *.map to the public (docs/hall.md, "Source maps").
      sourcemap: 'hidden',
      target: 'es2022',
      // The lobby, the devtools (timeline of a local log; ?frame is the screen inside it) and the support console.
      rollupOptions: {
        input: { index: 'index.html', devtools: 'devtools.html', support: 'support.html' },
        output: {
          // The schemas of the first route (the event catalogue and the calls of the domains started at
          // boot: the bus, the recorder and the hall runner read them) in one chunk, rather than a small
          // chunk for each module a lazily started domain shares with the first route. The call areas
          // only lazy domains use (schemas/hall/calls/first-route.ts) stay out of it: each goes with
          // its domain's chunk, loaded before its actors start (issue 41).
          codeSplitting: { groups: [{ name: 'schemas', test: (id: string) => /[\\/]schemas[\\/]/.test(id) && !LAZY_CALL_MODULE.test(id) }] },
          // A locale file's chunk is named for its language and namespace (locale-pt_PT-withdraw-<hash>.js):
          // every language has a withdraw.json, and a name alone would not say whose words a request fetches.
          chunkFileNames: (chunk) => {
            const m = chunk.facadeModuleId === null ? null : /\/src\/i18n\/locales\/([^/]+)\/([^/]+)\.json$/.exec(chunk.facadeModuleId)
            return m === null ? 'assets/[name]-[hash].js' : `assets/locale-${m[1]}-${m[2]}-[hash].js`
          },
        },
      },
    },
    server: {
      host: '127.0.0.1',
      port: devPort,
      strictPort: true,
      proxy: { '/hall': hallTarget, '/__control': hallTarget },
    },
  }
})
