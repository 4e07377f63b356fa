/**
 * Build step: every compressible file of the build written beside itself as `.br` (brotli, best
 * quality) and `.gz` (gzip, best level), so the hall serves compressed assets without compressing
 * on each request (server/page.ts StaticFiles). Files under COMPRESS_MIN_BYTES are left alone:
 * their headers would outweigh the saving. A compressed copy that would not be smaller is not written.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { extname, join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

export const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest', '.wasm'])
export const COMPRESS_MIN_BYTES = 1024

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]))

/** Writes the `.br` and `.gz` copies of the files under `dir`; answers how many files were compressed. */
export const compressDir = (dir: string): number => {
  let count = 0
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.has(extname(file).toLowerCase()) || statSync(file).size < COMPRESS_MIN_BYTES) continue
    const body = readFileSync(file)
    const br = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    })
    const gz = gzipSync(body, { level: 9 })
    if (br.length < body.length) writeFileSync(`${file}.br`, br)
    if (gz.length < body.length) writeFileSync(`${file}.gz`, gz)
    count += 1
  }
  return count
}

/** The Vite plugin: compresses the output directory once the bundle is written. */
export const compressBuild = (): Plugin => {
  let outDir = 'dist'
  return {
    name: 'lobby-compress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    closeBundle() {
      compressDir(outDir)
    },
  }
}
