/**
 * docs/hall-protocol.md carries a worked example, block by block. This test reads the document's
 * fenced blocks marked `example=<name>`, renders the same blocks from the inputs block with the
 * client's code, and requires them to be identical byte for byte, so the document cannot drift
 * from the code. The request and response are also checked with node:crypto alone, independently
 * of crypto-js.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { renderAll } from './worked-example'
import type { ExampleInputs } from './worked-example'

const DOC = fileURLToPath(new URL('../../../../docs/hall-protocol.md', import.meta.url))

/** The fenced blocks of the document whose info string has `example=<name>`, by name. */
const exampleBlocks = (markdown: string): Map<string, string> => {
  const blocks = new Map<string, string>()
  const fence = /^```[\w-]* example=([\w-]+)\n([\s\S]*?)\n```$/gm
  for (const m of markdown.matchAll(fence)) {
    const [, name, body] = m
    if (name === undefined || body === undefined) continue
    if (blocks.has(name)) throw new Error(`two blocks named ${name}`)
    blocks.set(name, body)
  }
  return blocks
}

const markdown = readFileSync(DOC, 'utf8')
const blocks = exampleBlocks(markdown)
const block = (name: string): string => {
  const b = blocks.get(name)
  if (b === undefined) throw new Error(`docs/hall-protocol.md has no example=${name} block`)
  return b
}
const post = JSON.parse(block('inputs')) as ExampleInputs
const get = JSON.parse(block('get-inputs')) as Pick<ExampleInputs, 'call' | 'context' | 'timestamp' | 'nonce' | 'payload'>
const rendered = renderAll(post, get)

describe('docs/hall-protocol.md worked example', () => {
  it('has exactly the blocks the code renders, plus the two inputs', () => {
    expect([...blocks.keys()].sort()).toEqual([...Object.keys(rendered), 'inputs', 'get-inputs'].sort())
  })

  for (const [name, text] of Object.entries(rendered)) {
    it(`block ${name} is what the client produces`, () => {
      expect(block(name)).toBe(text)
    })
  }

  it('agrees with an independent node:crypto implementation of the protocol', () => {
    const key = (material: string) => createHash('sha256').update(material, 'utf8').digest()
    const aes = (material: string, nonce: string, text: string) => {
      const c = createCipheriv('aes-256-cbc', key(material), Buffer.from(nonce, 'hex'))
      return Buffer.concat([c.update(text, 'utf8'), c.final()]).toString('base64')
    }
    const hmac = (material: string, text: string) => createHmac('sha256', material).update(text, 'utf8').digest('hex')
    const site = post.context.keyMaterial
    expect(aes(site, post.nonce, block('plaintext'))).toBe(block('body'))
    expect(hmac(site, block('canonical'))).toBe(block('signature'))
    expect(block('key-iv')).toContain(key(site).toString('hex'))
    const d = createDecipheriv('aes-256-cbc', key(site), Buffer.from(post.response.nonce, 'hex'))
    const envelope = Buffer.concat([d.update(Buffer.from(block('response-body'), 'base64')), d.final()]).toString('utf8')
    expect(envelope).toBe(block('response-plaintext'))
    expect(JSON.parse(envelope).data).toEqual(JSON.parse(block('response-data')))
    const session = get.context.keyMaterial
    expect(aes(session, get.nonce, block('get-plaintext'))).toBe(block('get-data'))
    expect(hmac(session, JSON.parse(block('get-canonical')) as string)).toBe(block('get-signature'))
  })
})
