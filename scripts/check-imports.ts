/**
 * The import graph rule of docs/ARCHITECTURE ("Who may import whom"), checked in `npm test`.
 *
 * Walks schemas/, actors/, src/ and server/, reads every import and re-export (static, dynamic
 * `import('...')`, `import type`, `import x = require('...')`), resolves relative specifiers the
 * way the bundler does, and reports forbidden imports and import cycles.
 *
 * There is no compiler API for TypeScript 7, so sources are read by a small tokenizer that knows
 * comments, strings, template literals, regular expression literals and JSX text. It only needs to
 * find the tokens that form import and export-from statements, not to understand the program.
 *
 * Usage: `tsx scripts/check-imports.ts [root]` (exit 0 and one summary line when clean).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** Directories (relative to the root) whose sources are checked. */
export const SCANNED_DIRS = ['schemas', 'actors', 'src', 'server'] as const

/** How a dependency was written. `type` covers `import type` and `export type ... from`. */
export type ImportKind = 'static' | 'type' | 'side-effect' | 'reexport' | 'dynamic' | 'require'

/** One import or re-export as it appears in a source file. */
export interface ImportRef {
  readonly specifier: string
  readonly kind: ImportKind
  readonly line: number
}

/** A dependency of a scanned file, resolved. `target` is a root-relative path for project files. */
export interface Edge extends ImportRef {
  readonly from: string
  /** Root-relative, `/`-separated path of the target file; undefined for packages. */
  readonly target?: string
  /** npm package name (`effect`, `@xstate/react`) or `node:fs` for built-ins. */
  readonly pkg?: string
}

/** A broken rule. */
export type Problem =
  | { readonly type: 'forbidden'; readonly edge: Edge; readonly rule: string }
  | { readonly type: 'unresolved'; readonly edge: Edge }
  | { readonly type: 'cycle'; readonly cycle: readonly Edge[]; readonly size: number }

/** The outcome of a check: what was read and what is wrong. */
export interface CheckResult {
  readonly root: string
  readonly files: readonly string[]
  readonly edges: readonly Edge[]
  readonly problems: readonly Problem[]
}

// ---------------------------------------------------------------------------------------------
// Tokenizer

type TokKind = 'id' | 'str' | 'tpl' | 'num' | 'punct'
interface Tok {
  readonly kind: TokKind
  /** Identifier name, punctuator, or the cooked value of a string / plain template literal. */
  readonly value: string
  readonly pos: number
  /** Templates only: true when the template has `${}` substitutions (no static value). */
  readonly dynamic?: boolean
}

class JsxFail extends Error {}

const ID_START = /[A-Za-z_$\u0080-\uffff]/
const ID_PART = /[A-Za-z0-9_$\u0080-\uffff]/
/** Keywords after which an expression (so a regex literal or a JSX element) may start. */
const EXPR_KEYWORDS = new Set([
  'return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do',
  'else', 'yield', 'await', 'extends', 'default',
])
const PUNCTUATORS = [
  '>>>=', '...', '===', '!==', '**=', '<<=', '>>=', '>>>', '&&=', '||=', '??=',
  '=>', '==', '!=', '<=', '>=', '&&', '||', '??', '?.', '++', '--', '+=', '-=', '*=', '/=', '%=',
  '&=', '|=', '^=', '**', '<<', '>>',
]

/**
 * Splits TypeScript source into significant tokens (no comments, no whitespace, no JSX text).
 * Errors in the source never throw: an unterminated literal just ends the token stream.
 */
export function tokenize(src: string, jsx: boolean): Tok[] {
  const toks: Tok[] = []
  let i = 0

  const prevAllowsExpression = (): boolean => {
    const p = toks[toks.length - 1]
    if (!p) return true
    if (p.kind === 'punct') return p.value !== ')' && p.value !== ']'
    if (p.kind === 'id') return EXPR_KEYWORDS.has(p.value)
    return false
  }

  const skipComment = (): boolean => {
    if (src[i] !== '/') return false
    if (src[i + 1] === '/') {
      const end = src.indexOf('\n', i)
      i = end === -1 ? src.length : end
      return true
    }
    if (src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2)
      i = end === -1 ? src.length : end + 2
      return true
    }
    return false
  }

  const readString = (quote: string): string => {
    const start = i
    i++
    let out = ''
    while (i < src.length && src[i] !== quote) {
      if (src[i] === '\\') {
        out += src[i + 1] ?? ''
        i += 2
        continue
      }
      if (src[i] === '\n') break // unterminated
      out += src[i]
      i++
    }
    i++
    toks.push({ kind: 'str', value: out, pos: start })
    return out
  }

  const readTemplate = (): void => {
    const start = i
    i++
    let out = ''
    let dynamic = false
    while (i < src.length && src[i] !== '`') {
      if (src[i] === '\\') {
        out += src[i + 1] ?? ''
        i += 2
      } else if (src[i] === '$' && src[i + 1] === '{') {
        dynamic = true
        i += 2
        scanCode(true)
      } else {
        out += src[i]
        i++
      }
    }
    i++
    toks.push({ kind: 'tpl', value: out, pos: start, dynamic })
  }

  /** At a `/` where an expression may start: consume a regex literal, or return false. */
  const readRegex = (): boolean => {
    let j = i + 1
    let inClass = false
    while (j < src.length) {
      const c = src[j]
      if (c === '\n') return false
      if (c === '\\') j += 2
      else {
        if (c === '[') inClass = true
        else if (c === ']') inClass = false
        else if (c === '/' && !inClass) break
        j++
      }
    }
    if (j >= src.length) return false
    j++
    while (j < src.length && ID_PART.test(src[j]!)) j++
    toks.push({ kind: 'num', value: src.slice(i, j), pos: i }) // an operand, like a number
    i = j
    return true
  }

  const readJsxName = (): string => {
    const start = i
    while (i < src.length && /[A-Za-z0-9_$.:\-]/.test(src[i]!)) i++
    return src.slice(start, i)
  }

  const skipJsxSpace = (): void => {
    for (;;) {
      while (i < src.length && /\s/.test(src[i]!)) i++
      if (!skipComment()) return
    }
  }

  /** At `<` that starts a JSX element or fragment; throws JsxFail when it is not one. */
  const readJsxElement = (): void => {
    i++ // <
    skipJsxSpace()
    const name = src[i] === '>' ? '' : readJsxName()
    if (name && !ID_START.test(name[0]!)) throw new JsxFail()
    // Attributes.
    for (;;) {
      skipJsxSpace()
      if (i >= src.length) throw new JsxFail()
      const c = src[i]!
      if (c === '/' && src[i + 1] === '>') {
        if (!name) throw new JsxFail()
        i += 2
        return
      }
      if (c === '>') {
        i++
        break
      }
      if (c === '{') {
        i++
        scanCode(true)
      } else if (c === '"' || c === "'") {
        const end = src.indexOf(c, i + 1)
        if (end === -1) throw new JsxFail()
        i = end + 1
      } else if (c === '=' || ID_PART.test(c) || c === '-' || c === ':') {
        // `<T,>` and `<T extends U>` are type parameters of a generic arrow, not JSX.
        if (src.startsWith('extends', i) && !ID_PART.test(src[i + 7] ?? '')) throw new JsxFail()
        i++
      } else if (c === '<' && name) {
        throw new JsxFail() // `<A<B>` is a type, not JSX
      } else {
        throw new JsxFail()
      }
    }
    // Children.
    for (;;) {
      if (i >= src.length) throw new JsxFail()
      const c = src[i]!
      if (c === '{') {
        i++
        scanCode(true)
      } else if (c === '<') {
        let j = i + 1
        while (j < src.length && /\s/.test(src[j]!)) j++
        if (src[j] === '/') {
          i = j + 1
          skipJsxSpace()
          const closing = src[i] === '>' ? '' : readJsxName()
          skipJsxSpace()
          if (closing !== name || src[i] !== '>') throw new JsxFail()
          i++
          return
        }
        readJsxElement()
      } else {
        i++
      }
    }
  }

  /** Scans code; with `untilBrace`, returns after the `}` that closes the current `{`/`${`. */
  function scanCode(untilBrace: boolean): void {
    let depth = 0
    while (i < src.length) {
      const c = src[i]!
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v') {
        i++
        continue
      }
      if (skipComment()) continue
      if (c === '"' || c === "'") {
        readString(c)
        continue
      }
      if (c === '`') {
        readTemplate()
        continue
      }
      if (c === '/' && prevAllowsExpression() && readRegex()) continue
      if (
        c === '<' &&
        jsx &&
        prevAllowsExpression() &&
        (src[i + 1] === '>' || ID_START.test(src[i + 1] ?? ''))
      ) {
        const savedI = i
        const savedLen = toks.length
        try {
          readJsxElement()
          toks.push({ kind: 'num', value: '<jsx>', pos: savedI }) // an element is an operand
          continue
        } catch (e) {
          if (!(e instanceof JsxFail)) throw e
          i = savedI
          toks.length = savedLen
        }
      }
      if (ID_START.test(c)) {
        const start = i
        while (i < src.length && ID_PART.test(src[i]!)) i++
        toks.push({ kind: 'id', value: src.slice(start, i), pos: start })
        continue
      }
      if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(src[i + 1] ?? ''))) {
        const start = i
        while (i < src.length && /[0-9A-Za-z_.]/.test(src[i]!)) i++
        toks.push({ kind: 'num', value: src.slice(start, i), pos: start })
        continue
      }
      if (c === '{') depth++
      if (c === '}') {
        if (untilBrace && depth === 0) {
          i++
          return
        }
        depth--
      }
      const p = PUNCTUATORS.find((q) => src.startsWith(q, i)) ?? c
      toks.push({ kind: 'punct', value: p, pos: i })
      i += p.length
    }
  }

  scanCode(false)
  return toks
}

/** Reads the imports and re-exports of one TypeScript (or TSX, with `jsx`) source. */
export function scanImports(src: string, jsx = false): ImportRef[] {
  const toks = tokenize(src, jsx)
  const lineStarts: number[] = [0]
  for (let k = 0; k < src.length; k++) if (src[k] === '\n') lineStarts.push(k + 1)
  const lineOf = (pos: number): number => {
    let lo = 0
    let hi = lineStarts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (lineStarts[mid]! <= pos) lo = mid
      else hi = mid - 1
    }
    return lo + 1
  }
  const out: ImportRef[] = []
  const isStr = (t: Tok | undefined): t is Tok =>
    t !== undefined && (t.kind === 'str' || (t.kind === 'tpl' && !t.dynamic))
  const isP = (t: Tok | undefined, v: string): boolean => t?.kind === 'punct' && t.value === v
  const isId = (t: Tok | undefined, v?: string): boolean =>
    t?.kind === 'id' && (v === undefined || t.value === v)
  /**
   * From index k, skips an import or export clause (`x`, `x, { a as b }`, `* as ns`, `{ a }`) and
   * returns the index of the `from` that precedes the module string, or -1 when there is none.
   */
  const findFrom = (k: number): number => {
    for (; k < toks.length; k++) {
      const t = toks[k]!
      if (isId(t, 'from') && isStr(toks[k + 1])) return k
      if (isP(t, '{')) {
        while (k < toks.length && !isP(toks[k], '}')) k++
        if (!isId(toks[k + 1], 'from') || !isStr(toks[k + 2])) return -1
        continue
      }
      if (t.kind === 'id' && t.value !== 'import' && t.value !== 'export') continue
      if (isP(t, ',') || isP(t, '*')) continue
      return -1
    }
    return -1
  }

  for (let k = 0; k < toks.length; k++) {
    const t = toks[k]!
    if (t.kind !== 'id' || (t.value !== 'import' && t.value !== 'export')) continue
    const before = toks[k - 1]
    if (isP(before, '.') || isP(before, '?.')) continue // x.import, x.export
    const next = toks[k + 1]
    if (isP(next, ':')) continue // object key or label
    const line = lineOf(t.pos)

    if (t.value === 'import') {
      if (isP(next, '(')) {
        // import('x') in code or in a type position (`typeof import('x')`, `import('x').T`).
        const arg = toks[k + 2]
        if (isStr(arg) && (isP(toks[k + 3], ')') || isP(toks[k + 3], ','))) {
          const inType = isId(before, 'typeof') || isP(toks[k + 4], '.')
          out.push({ specifier: arg.value, kind: inType ? 'type' : 'dynamic', line })
        }
        continue
      }
      if (isP(next, '.')) continue // import.meta
      if (isStr(next)) {
        out.push({ specifier: next.value, kind: 'side-effect', line })
        continue
      }
      // import x = require('y') / import type x = require('y')
      let n = k + 1
      let typeOnly = false
      if (isId(toks[n], 'type') && !isP(toks[n + 1], ',') && !isId(toks[n + 1], 'from')) {
        typeOnly = true
        n++
      }
      if (isId(toks[n]) && isP(toks[n + 1], '=')) {
        if (isId(toks[n + 2], 'require') && isP(toks[n + 3], '(') && isStr(toks[n + 4])) {
          out.push({ specifier: toks[n + 4]!.value, kind: typeOnly ? 'type' : 'require', line })
        }
        continue
      }
      const f = findFrom(n)
      if (f !== -1) {
        out.push({ specifier: toks[f + 1]!.value, kind: typeOnly ? 'type' : 'static', line })
        k = f + 1
      }
      continue
    }

    // export ... from 'x'
    let n = k + 1
    let typeOnly = false
    if (isId(toks[n], 'type')) {
      typeOnly = true
      n++
    }
    if (!isP(toks[n], '*') && !isP(toks[n], '{')) continue
    const f = findFrom(n)
    if (f !== -1) {
      out.push({ specifier: toks[f + 1]!.value, kind: typeOnly ? 'type' : 'reexport', line })
      k = f + 1
    }
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// Files and resolution

const SOURCE_EXT = /\.(ts|tsx)$/
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', 'coverage'])

const toPosix = (p: string): string => p.split(path.sep).join('/')

/** Every .ts/.tsx file under the scanned directories, root-relative, sorted. */
export function listSources(root: string): string[] {
  const out: string[] = []
  const walk = (dir: string): void => {
    let entries
    try {
      entries = readdirSync(dir, { withFileTypes: true })
    } catch {
      return
    }
    for (const e of entries) {
      if (e.name.startsWith('.') || SKIP_DIRS.has(e.name)) continue
      const full = path.join(dir, e.name)
      if (e.isDirectory()) walk(full)
      else if (e.isFile() && SOURCE_EXT.test(e.name)) out.push(toPosix(path.relative(root, full)))
    }
  }
  for (const d of SCANNED_DIRS) walk(path.join(root, d))
  return out.sort()
}

const isFile = (p: string): boolean => {
  try {
    return statSync(p).isFile()
  } catch {
    return false
  }
}

/** Resolves a relative specifier the way Vite and `moduleResolution: Bundler` do. */
export function resolveRelative(root: string, fromFile: string, specifier: string): string | undefined {
  const base = path.resolve(root, path.dirname(fromFile), specifier.split('?')[0]!)
  const candidates: string[] = []
  const ext = path.extname(base)
  // TypeScript ESM style: './x.js' names './x.ts'.
  if (ext === '.js') candidates.push(base.slice(0, -3) + '.ts', base.slice(0, -3) + '.tsx')
  if (ext === '.jsx') candidates.push(base.slice(0, -4) + '.tsx')
  if (ext === '.mjs') candidates.push(base.slice(0, -4) + '.mts')
  candidates.push(base)
  for (const e of ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mts', '.json']) candidates.push(base + e)
  for (const e of ['index.ts', 'index.tsx', 'index.js']) candidates.push(path.join(base, e))
  const hit = candidates.find(isFile)
  return hit === undefined ? undefined : toPosix(path.relative(root, hit))
}

/** npm package name of a bare specifier: `effect/Schema` → `effect`, `@a/b/c` → `@a/b`. */
export function packageName(specifier: string): string {
  if (specifier.startsWith('node:')) return specifier
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!
}

// ---------------------------------------------------------------------------------------------
// Zones and rules

const actorFolder = (file: string): string | undefined => {
  const m = /^actors\/([^/]+)\//.exec(file)
  return m ? m[1] : undefined
}
/**
 * An actor's public surface: its folder's index file, or a shared file at the root of actors/
 * (`actors/index.ts`, the list of all actors, and `actors/spec.ts`, which belong to no one actor).
 */
const isActorPublic = (file: string): boolean =>
  /^actors\/[^/]+\/index\.tsx?$/.test(file) || /^actors\/[^/]+\.tsx?$/.test(file)
const under = (file: string, dir: string): boolean => file.startsWith(dir + '/')
const CORE = ['src/bus', 'src/effects', 'src/store']

/** The rule an edge breaks, or undefined when it is allowed. */
export function forbiddenRule(edge: Edge): string | undefined {
  const from = edge.from
  const target = edge.target
  const pkg = edge.pkg

  // Rules about the target, whoever imports it.
  if (target !== undefined) {
    if (under(target, 'server') && !under(from, 'server')) {
      return 'only server/** (and tests) may import server/**'
    }
    const folder = actorFolder(target)
    if (folder !== undefined && !isActorPublic(target) && actorFolder(from) !== folder) {
      return `an actor's internals are private: import actors/${folder}/index.ts instead`
    }
  }

  if (under(from, 'schemas')) {
    if (target !== undefined ? !under(target, 'schemas') : pkg !== 'effect') {
      return 'schemas/** may import only schemas/** and effect'
    }
    return undefined
  }

  if (under(from, 'actors')) {
    const ok =
      target !== undefined
        ? under(target, 'schemas') || (under(target, 'actors') && actorFolder(target) === actorFolder(from)) ||
          isActorPublic(target)
        : pkg === 'xstate'
    return ok ? undefined : 'actors/** may import only schemas/**, xstate, files of its own folder, and other actors through actors/<name>/index.ts'
  }

  if (CORE.some((d) => under(from, d))) {
    if (target === undefined) return undefined // npm packages
    const ok = under(target, 'schemas') || isActorPublic(target) || CORE.some((d) => under(target, d))
    return ok
      ? undefined
      : 'src/bus, src/effects and src/store may import only schemas/**, actors/<name>/index.ts, each other and npm packages (never src/views, src/ui, src/devtools)'
  }

  if (under(from, 'src/views') || under(from, 'src/ui')) {
    if (target !== undefined && (under(target, 'src/effects') || under(target, 'src/store'))) {
      return 'src/views and src/ui never import src/effects or src/store: go through src/system hooks and actors'
    }
    return undefined
  }

  if (under(from, 'server')) {
    const ok = target === undefined || under(target, 'server') || under(target, 'schemas')
    return ok ? undefined : 'server/** may import only server/**, schemas/** and npm packages'
  }
  return undefined
}

// ---------------------------------------------------------------------------------------------
// Cycles

/** Strongly connected components with a cycle (size > 1 or a self import), Tarjan's algorithm. */
function cyclicComponents(nodes: readonly string[], out: Map<string, Edge[]>): string[][] {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const onStack = new Set<string>()
  const stack: string[] = []
  const result: string[][] = []

  // Iterative, so a long chain of imports cannot overflow the call stack.
  for (const start of nodes) {
    if (index.has(start)) continue
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }]
    index.set(start, counter)
    low.set(start, counter++)
    stack.push(start)
    onStack.add(start)
    while (work.length > 0) {
      const frame = work[work.length - 1]!
      const edges = out.get(frame.node) ?? []
      if (frame.next < edges.length) {
        const w = edges[frame.next++]!.target!
        if (!index.has(w)) {
          index.set(w, counter)
          low.set(w, counter++)
          stack.push(w)
          onStack.add(w)
          work.push({ node: w, next: 0 })
        } else if (onStack.has(w)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(w)!))
        }
        continue
      }
      work.pop()
      const parent = work[work.length - 1]
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!))
      if (low.get(frame.node) === index.get(frame.node)) {
        const comp: string[] = []
        let w: string
        do {
          w = stack.pop()!
          onStack.delete(w)
          comp.push(w)
        } while (w !== frame.node)
        const selfLoop = comp.length === 1 && edges.some((e) => e.target === frame.node)
        if (comp.length > 1 || selfLoop) result.push(comp.sort())
      }
    }
  }
  return result
}

/** A shortest cycle through the first file of a component, as the edges that form it. */
function cycleIn(comp: readonly string[], out: Map<string, Edge[]>): Edge[] {
  const members = new Set(comp)
  const start = comp[0]!
  const via = new Map<string, Edge>()
  const queue: string[] = [start]
  for (let q = 0; q < queue.length; q++) {
    const node = queue[q]!
    for (const e of out.get(node) ?? []) {
      const w = e.target!
      if (!members.has(w)) continue
      if (w === start) {
        const path: Edge[] = [e]
        let cur = node
        while (cur !== start) {
          const back = via.get(cur)!
          path.unshift(back)
          cur = back.from
        }
        return path
      }
      if (!via.has(w)) {
        via.set(w, e)
        queue.push(w)
      }
    }
  }
  return []
}

// ---------------------------------------------------------------------------------------------
// The check

/** Reads the project under `root` and checks the import rules and cycles. */
export function checkImports(root: string): CheckResult {
  const files = listSources(root)
  const edges: Edge[] = []
  const problems: Problem[] = []
  for (const file of files) {
    const src = readFileSync(path.join(root, file), 'utf8')
    for (const ref of scanImports(src, file.endsWith('.tsx'))) {
      const spec = ref.specifier
      let edge: Edge
      if (spec.startsWith('.') || spec.startsWith('/')) {
        const target = resolveRelative(root, file, spec)
        if (target === undefined) {
          problems.push({ type: 'unresolved', edge: { ...ref, from: file } })
          continue
        }
        edge = { ...ref, from: file, target }
      } else {
        edge = { ...ref, from: file, pkg: packageName(spec) }
      }
      edges.push(edge)
      const rule = forbiddenRule(edge)
      if (rule !== undefined) problems.push({ type: 'forbidden', edge, rule })
    }
  }

  const scanned = new Set(files)
  const out = new Map<string, Edge[]>()
  for (const e of edges) {
    if (e.target === undefined || !scanned.has(e.target)) continue
    const list = out.get(e.from) ?? []
    if (!list.some((x) => x.target === e.target)) list.push(e)
    out.set(e.from, list)
  }
  for (const comp of cyclicComponents(files, out)) {
    problems.push({ type: 'cycle', cycle: cycleIn(comp, out), size: comp.length })
  }
  return { root, files, edges, problems }
}

const describeKind = (k: ImportKind): string => (k === 'static' || k === 'side-effect' ? '' : ` (${k})`)

/** A person-readable report: the problem list, or the one-line summary when clean. */
export function formatReport(result: CheckResult): string {
  const internal = result.edges.filter((e) => e.target !== undefined).length
  const packages = result.edges.length - internal
  const summary = `${result.files.length} files, ${result.edges.length} edges (${internal} internal, ${packages} to packages)`
  if (result.problems.length === 0) return `check-imports: ok, ${summary}, no forbidden imports, no cycles`
  const lines = [`check-imports: ${result.problems.length} problem(s) in ${summary}`]
  for (const p of result.problems) {
    if (p.type === 'forbidden') {
      lines.push(`  forbidden   ${p.edge.from}:${p.edge.line} imports '${p.edge.specifier}'${describeKind(p.edge.kind)}`)
      lines.push(`              ${p.rule}`)
    } else if (p.type === 'unresolved') {
      lines.push(`  unresolved  ${p.edge.from}:${p.edge.line} imports '${p.edge.specifier}': no such file`)
    } else {
      const chain = p.cycle.map((e) => `${e.from}:${e.line}${describeKind(e.kind)}`)
      const first = p.cycle[0]?.from ?? '?'
      lines.push(`  cycle       ${[...chain, first].join(' -> ')}`)
      if (p.size > p.cycle.length) lines.push(`              (${p.size} files are tangled in this cycle group)`)
    }
  }
  return lines.join('\n')
}

function main(): void {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'))
  if (!existsSync(root)) {
    console.error(`check-imports: no such directory ${root}`)
    process.exit(2)
  }
  const result = checkImports(root)
  const report = formatReport(result)
  if (result.problems.length > 0) {
    console.error(report)
    process.exit(1)
  }
  console.log(report)
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main()
