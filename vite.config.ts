import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The lobby is built into dist/ and served by the reference hall (npm start), which injects the
// site configuration into index.html. In development (npm run dev) Vite serves the sources and
// proxies the hall paths to a hall started beside it.
const hallTarget = process.env['LOBBY_HALL_URL'] ?? 'http://127.0.0.1:8081'

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true, target: 'es2022' },
  server: {
    host: '127.0.0.1',
    port: 8080,
    strictPort: true,
    proxy: { '/hall': hallTarget, '/__control': hallTarget },
  },
})
