/**
 * Renders the worked example of docs/hall-protocol.md from its inputs block with the client's own
 * code, block by block, so worked-example.test.ts can compare the document with what the code
 * produces byte for byte.
 */
import { Result } from 'effect'
import Hex from 'crypto-js/enc-hex'
import type { HallCall } from '../../../../schemas/hall/call'
import { checkUsername, musicList } from '../../../../schemas/hall/calls'
import { deriveKey, encrypt } from '../../../../src/effects/hall/cipher'
import { buildHallRequest, readHallResponse } from '../../../../src/effects/hall/client'
import type { HallContext, HallRequest } from '../../../../src/effects/hall/client'

/** The inputs block of the POST example. */
export interface ExampleInputs {
  readonly call: string
  readonly context: HallContext
  readonly timestamp: number
  readonly nonce: string
  readonly payload: unknown
  readonly response: {
    readonly status: number
    readonly nonce: string
    readonly requestId: string
    readonly envelope: unknown
  }
}

const calls: Readonly<Record<string, HallCall>> = { checkUsername, musicList }

const callOf = (name: string): HallCall => {
  const call = calls[name]
  if (call === undefined) throw new Error(`the worked example uses an unknown call: ${name}`)
  return call
}

const ok = <A, E>(r: Result.Result<A, E>): A => {
  if (Result.isFailure(r)) throw new Error(`worked example: ${String(r.failure)}`)
  return r.success
}

/** The request the client builds for the inputs. */
export const exampleRequest = (i: Pick<ExampleInputs, 'call' | 'context' | 'timestamp' | 'nonce' | 'payload'>): HallRequest =>
  ok(buildHallRequest(callOf(i.call), i.payload as never, i.context, { timestamp: i.timestamp, nonce: i.nonce }))

const header = (name: string, value: string): string => (value === '' ? `${name}:` : `${name}: ${value}`)

/**
 * The request as it goes on the wire: request line, host, the client's headers in the order it
 * sets them, and for a POST content-length, a blank line and the body.
 */
export const renderRequest = (r: HallRequest): string => {
  const url = new URL(r.url)
  const lines = [`${r.method} ${url.pathname}${url.search} HTTP/1.1`, header('host', url.host)]
  for (const [k, v] of Object.entries(r.headers)) lines.push(header(k, v))
  if (r.method === 'GET') return lines.join('\n')
  lines.push(header('content-length', String(Buffer.byteLength(r.body, 'utf8'))))
  return [...lines, '', r.body].join('\n')
}

const STATUS_TEXT: Readonly<Record<number, string>> = { 200: 'OK', 401: 'Unauthorized' }

/** The response envelope as the hall serialises it. */
export const responsePlaintext = (i: ExampleInputs): string => JSON.stringify(i.response.envelope)

/** The encrypted response body: the envelope under the same key material, IV = the response nonce. */
export const responseBody = (i: ExampleInputs): string =>
  ok(encrypt(i.context.keyMaterial, i.response.nonce, responsePlaintext(i)))

/** The response headers the hall sets on an encrypted answer (transport headers aside). */
export const responseHeaders = (i: ExampleInputs): Record<string, string> => ({
  'content-type': 'text/plain; charset=utf-8',
  'content-length': String(Buffer.byteLength(responseBody(i), 'utf8')),
  nonce: i.response.nonce,
  'x-encrypted': '1',
  'x-request-id': i.response.requestId,
})

/** The response on the wire: status line, headers, blank line, body. */
export const renderResponse = (i: ExampleInputs): string =>
  [
    `HTTP/1.1 ${i.response.status} ${STATUS_TEXT[i.response.status] ?? ''}`.trimEnd(),
    ...Object.entries(responseHeaders(i)).map(([k, v]) => header(k, v)),
    '',
    responseBody(i),
  ].join('\n')

/** What the client reads from that response: the decoded `data`, as JSON. */
export const responseData = (i: ExampleInputs): string => {
  const data = ok(
    readHallResponse(
      callOf(i.call),
      { status: i.response.status, headers: responseHeaders(i), text: responseBody(i) },
      i.context.keyMaterial,
      'unused',
    ),
  )
  return JSON.stringify(data)
}

/** The AES key (SHA-256 of the key material) and the IV (the nonce's bytes), in hex. */
export const keyAndIv = (i: Pick<ExampleInputs, 'context' | 'nonce'>): string =>
  [`key = ${deriveKey(i.context.keyMaterial).toString(Hex)}`, `iv  = ${i.nonce}`].join('\n')

/** Every rendered block of the document, by its example name. */
export const renderAll = (post: ExampleInputs, get: Pick<ExampleInputs, 'call' | 'context' | 'timestamp' | 'nonce' | 'payload'>): Record<string, string> => {
  const req = exampleRequest(post)
  const getReq = exampleRequest(get)
  return {
    plaintext: req.plaintext,
    'key-iv': keyAndIv(post),
    body: req.body,
    canonical: req.canonical,
    signature: req.headers['signature'] ?? '',
    request: renderRequest(req),
    'response-plaintext': responsePlaintext(post),
    'response-body': responseBody(post),
    response: renderResponse(post),
    'response-data': responseData(post),
    'get-plaintext': getReq.plaintext,
    'get-data': getReq.query['data'] ?? '',
    // A GET's canonical string ends with the empty body, i.e. with a newline: shown as a JSON string.
    'get-canonical': JSON.stringify(getReq.canonical),
    'get-signature': getReq.headers['signature'] ?? '',
    'get-request': renderRequest(getReq),
  }
}
