/**
 * The hall's edge: what every request meets before the hall reads it (docs/hall.md, "The edge").
 *
 * - a per-address request rate limit (a token bucket per client address), answered 429 with the
 *   envelope `{code: 4290}` and a `retry-after`, before anything of the request is read;
 * - a URL limit (414, 4140) and Node's header limit answered with the envelope (431, 4310) instead
 *   of Node's bare status line;
 * - a body limit enforced while the body streams in: a declared length over the limit is refused
 *   before a byte is read, and a streamed body is cut the moment it passes the limit (413, 4130),
 *   the connection closed; no more than the limit is ever held in memory;
 * - slow-request timeouts: headers must arrive within `headersTimeoutMs` and the whole request
 *   within `requestTimeoutMs` (408, 4080).
 *
 * The body read here is handed to the application as the request's `rawBody`, which
 * @hono/node-server takes as the body, so nothing downstream reads the socket again.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, RequestListener, Server, ServerOptions, ServerResponse } from 'node:http'
import { isIP } from 'node:net'
import type { Socket } from 'node:net'
import { EdgeCode } from '../schemas/hall/protocol'

/** The edge's limits; every one has a default (EDGE_DEFAULTS). */
export interface EdgeOptions {
  /** Largest request body, in bytes. */
  readonly maxBodyBytes: number
  /** Longest request target (path and query), in bytes. */
  readonly maxUrlBytes: number
  /** Largest request line and headers together, in bytes (Node's maxHeaderSize). */
  readonly maxHeaderBytes: number
  /** The rate limit per client address: a bucket of `burst` requests, refilled at `perSecond`. */
  readonly rateLimit: { readonly perSecond: number; readonly burst: number }
  /** Time allowed to receive the request line and headers. */
  readonly headersTimeoutMs: number
  /** Time allowed to receive the whole request, body included. */
  readonly requestTimeoutMs: number
  /**
   * Addresses of reverse proxies whose `X-Forwarded-For` is believed: a request from one of them
   * counts against the address the proxy names (the right-most one that is not itself a trusted
   * proxy). Empty (the default): the peer address of the connection, whatever the header says.
   */
  readonly trustProxy: ReadonlyArray<string>
  /** The limiter's clock (ms); tests give a fixed one so a burst is exactly one bucket. */
  readonly now: () => number
}

/** The edge's defaults: 1 MB bodies, 8 KB URLs, 16 KB headers, 100 requests a second per address (bursts of 400), 10 s for headers, 30 s per request. */
export const EDGE_DEFAULTS: EdgeOptions = {
  maxBodyBytes: 1_000_000,
  maxUrlBytes: 8 * 1024,
  maxHeaderBytes: 16 * 1024,
  rateLimit: { perSecond: 100, burst: 400 },
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  trustProxy: [],
  now: () => performance.now(),
}

/** How long a refused connection may still drain what the client already sent before it is cut. */
const LINGER_MS = 1_000
/** At most this much of a refused body is read (and dropped) while the answer goes out. */
const LINGER_BYTES = 64 * 1024

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Content Too Large',
  414: 'URI Too Long',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
}

const envelopeText = (code: number, msg: string): string => JSON.stringify({ code, msg, data: null })

/** The client address a request counts against, set by the edge for the application to read. */
const CLIENT_ADDRESS = Symbol('lobby.clientAddress')

type EdgeRequest = IncomingMessage & { [CLIENT_ADDRESS]?: string; rawBody?: Buffer }

/** The client address of a request as the edge resolved it (the peer, or the trusted proxy's client). */
export const clientAddressOf = (req: IncomingMessage): string =>
  (req as EdgeRequest)[CLIENT_ADDRESS] ?? normalizeAddress(req.socket.remoteAddress ?? '')

/** IPv4 addresses in IPv6 form (::ffff:127.0.0.1) as plain IPv4. */
export const normalizeAddress = (a: string): string => (a.startsWith('::ffff:') && isIP(a.slice(7)) === 4 ? a.slice(7) : a)

/** The address a request counts against: the peer, or what a trusted proxy says the client is. */
export const resolveClient = (peer: string, forwardedFor: string | undefined, trusted: ReadonlySet<string>): string => {
  const address = normalizeAddress(peer)
  if (!trusted.has(address) || forwardedFor === undefined) return address
  const hops = forwardedFor.split(',').map((h) => normalizeAddress(h.trim())).filter((h) => isIP(h) !== 0)
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] as string
    if (!trusted.has(hop)) return hop
  }
  return address
}

/**
 * A token bucket per key: `burst` requests at once, refilled at `perSecond`. Buckets that are full
 * again are forgotten when the map grows, so memory stays bounded by the addresses active lately.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>()

  constructor(
    private readonly limit: EdgeOptions['rateLimit'],
    private readonly now: () => number,
  ) {}

  /** Takes one request for `key`: 0 when allowed, else the seconds until one would be. */
  take(key: string): number {
    const now = this.now()
    const b = this.buckets.get(key)
    const tokens = b === undefined ? this.limit.burst : Math.min(this.limit.burst, b.tokens + ((now - b.at) / 1000) * this.limit.perSecond)
    if (tokens < 1) {
      this.buckets.set(key, { tokens, at: now })
      return Math.max(1, Math.ceil((1 - tokens) / this.limit.perSecond))
    }
    if (this.buckets.size > 10_000) this.sweep(now)
    this.buckets.set(key, { tokens: tokens - 1, at: now })
    return 0
  }

  private sweep(now: number): void {
    for (const [key, b] of this.buckets) {
      if (b.tokens + ((now - b.at) / 1000) * this.limit.perSecond >= this.limit.burst) this.buckets.delete(key)
    }
  }
}

/**
 * Answers a refusal with the envelope and closes the connection: whatever the client is still
 * sending is not read beyond a small linger (so it sees the answer rather than a reset), then the
 * socket is destroyed.
 */
const refuse = (req: IncomingMessage, res: ServerResponse, status: number, code: number, msg: string, headers: Record<string, string> = {}): void => {
  const body = envelopeText(code, msg)
  res.shouldKeepAlive = false
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close', ...headers })
  res.end(body)
  const socket = req.socket
  let read = 0
  const cut = () => {
    clearTimeout(timer)
    socket.destroy()
  }
  const timer = setTimeout(cut, LINGER_MS)
  timer.unref()
  res.once('finish', () => {
    if (req.readableEnded) return cut()
    req.on('data', (chunk: Buffer) => {
      read += chunk.length
      if (read > LINGER_BYTES) cut()
    })
    req.once('end', cut)
    req.resume()
  })
  socket.once('close', () => clearTimeout(timer))
}

/** Writes an envelope answer straight to a socket Node's parser gave up on (no response object exists). */
const answerSocket = (socket: Socket, status: number, code: number, msg: string): void => {
  if (!socket.writable) {
    socket.destroy()
    return
  }
  const body = envelopeText(code, msg)
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\ncontent-type: application/json; charset=utf-8\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  )
  setTimeout(() => socket.destroy(), LINGER_MS).unref()
}

/**
 * Reads the body within the limit and hands the request on with it as `rawBody`; a body over the
 * limit is refused as soon as it passes it.
 */
const readBody = (req: EdgeRequest, res: ServerResponse, limit: number, next: () => void): void => {
  const chunks: Buffer[] = []
  let size = 0
  let done = false
  const onData = (chunk: Buffer) => {
    if (done) return
    size += chunk.length
    if (size > limit) {
      done = true
      req.off('data', onData)
      req.pause()
      chunks.length = 0
      refuse(req, res, 413, EdgeCode.bodyTooLarge, `request body over ${limit} bytes`)
      return
    }
    chunks.push(chunk)
  }
  req.on('data', onData)
  req.once('end', () => {
    if (done) return
    done = true
    req.rawBody = Buffer.concat(chunks, size)
    next()
  })
  req.once('error', () => {
    done = true
    req.socket.destroy()
  })
}

const declaredLength = (req: IncomingMessage): number | undefined => {
  const v = req.headers['content-length']
  return v === undefined || !/^\d+$/.test(v) ? undefined : Number(v)
}

/**
 * Wraps the application's request listener with the edge's rate limit, URL and body limits. `log`
 * hears when an address starts being refused by the rate limit (once, until it is served again).
 */
export const edgeListener = (app: RequestListener, o: EdgeOptions, log: (line: string) => void = () => undefined): RequestListener => {
  const limiter = new RateLimiter(o.rateLimit, o.now)
  const trusted = new Set(o.trustProxy.map(normalizeAddress))
  const limited = new Set<string>()
  const traceMs = edgeTraceMs()
  return (incoming, res) => {
    const req = incoming as EdgeRequest
    if (traceMs !== undefined) traceRequest(req, res, traceMs, log)
    const forwarded = req.headers['x-forwarded-for']
    const client = resolveClient(req.socket.remoteAddress ?? '', Array.isArray(forwarded) ? forwarded.join(',') : forwarded, trusted)
    req[CLIENT_ADDRESS] = client
    const wait = limiter.take(client)
    if (wait > 0 && !limited.has(client) && limited.size < 10_000) {
      limited.add(client)
      log(`edge: rate limit reached by ${client} (${o.rateLimit.perSecond}/s, bursts of ${o.rateLimit.burst}); refusing with ${EdgeCode.rateLimited}`)
    }
    if (wait === 0) limited.delete(client)
    if (wait > 0) return refuse(req, res, 429, EdgeCode.rateLimited, `too many requests from ${client}; try again in ${wait} s`, { 'retry-after': String(wait) })
    if (Buffer.byteLength(req.url ?? '') > o.maxUrlBytes) return refuse(req, res, 414, EdgeCode.urlTooLong, `request URL over ${o.maxUrlBytes} bytes`)
    const length = declaredLength(req)
    if (length !== undefined && length > o.maxBodyBytes) return refuse(req, res, 413, EdgeCode.bodyTooLarge, `request body over ${o.maxBodyBytes} bytes`)
    if (req.method === 'GET' || req.method === 'HEAD' || length === 0) return app(req, res)
    readBody(req, res, o.maxBodyBytes, () => app(req, res))
  }
}

/** LOBBY_STORE_TRACE (ms): the edge logs requests slower than that, and where their time went (docs/hall.md "Under load"). */
const edgeTraceMs = (): number | undefined => {
  const n = Number(process.env['LOBBY_STORE_TRACE'])
  return Number.isFinite(n) && n > 0 ? n : undefined
}

/** When the hall accepted a connection (performance.now()), and how many requests it carried. */
const ACCEPTED = Symbol('lobby.accepted')
type TracedSocket = Socket & { [ACCEPTED]?: { at: number; requests: number } }

/**
 * The trace of one request at the edge: from the connection's accept (for its first request) to
 * the request's arrival here, and from there to the answer's last byte handed to the system.
 */
const traceRequest = (req: IncomingMessage, res: ServerResponse, traceMs: number, log: (line: string) => void): void => {
  const arrived = performance.now()
  const accepted = (req.socket as TracedSocket)[ACCEPTED]
  const first = accepted !== undefined && accepted.requests === 0
  if (accepted !== undefined) accepted.requests += 1
  const sinceAccept = first ? arrived - accepted.at : 0
  res.once('finish', () => {
    const answered = performance.now() - arrived
    if (answered > traceMs || sinceAccept > traceMs) {
      log(`edge: ${req.method ?? ''} ${(req.url ?? '').split('?')[0] ?? ''} ${res.statusCode} answered ${Math.round(answered)} ms after it arrived${first ? `, which was ${Math.round(sinceAccept)} ms after its connection was accepted` : ''}`)
    }
  })
}

/** Node's parser errors that get an envelope answer: the header limit and the slow-request timeout. */
const onClientError = (err: Error & { code?: string }, socket: Socket): void => {
  const message = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage
  if (message?.headersSent === true) {
    socket.destroy()
    return
  }
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return answerSocket(socket, 431, EdgeCode.headersTooLarge, 'request line and headers too large')
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return answerSocket(socket, 408, EdgeCode.requestTimeout, 'the request did not arrive in time')
    case 'ECONNRESET':
    case 'EPIPE':
      return void socket.destroy()
    default:
      return answerSocket(socket, 400, EdgeCode.badRequest, 'malformed HTTP request')
  }
}

/**
 * The `createServer` for @hono/node-server's `serve`: a Node HTTP server with the edge's header
 * limit and timeouts, its listener wrapped by edgeListener, and envelope answers for the parser's
 * refusals.
 */
export const edgeServer = (o: EdgeOptions, log?: (line: string) => void): typeof createServer => {
  // @hono/node-server calls it as createServer(serverOptions, listener).
  const make = (options: ServerOptions, listener?: RequestListener): Server => {
    const server = createServer(
      {
        ...options,
        maxHeaderSize: o.maxHeaderBytes,
        headersTimeout: o.headersTimeoutMs,
        requestTimeout: o.requestTimeoutMs,
        // How often Node checks the two timeouts; its default (30 s) would stretch them.
        connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(o.headersTimeoutMs / 4))),
      },
      listener === undefined ? undefined : edgeListener(listener, o, log),
    )
    server.on('clientError', onClientError)
    if (edgeTraceMs() !== undefined) server.on('connection', (socket: TracedSocket) => void (socket[ACCEPTED] = { at: performance.now(), requests: 0 }))
    return server
  }
  return make as typeof createServer
}
