import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowser, type Size } from './support/browser'
import { lookAt } from './support/shots'

/**
 * The support console's sign-in is guarded as players' are (issue 24, "Guessing is stopped"):
 * after repeated wrong passwords for a username the hall asks a human check, and the console's
 * form shows the hall's image of digits with a field for them. The test reads the digits through
 * the test hall's control surface (as a person reads the image), types them with the right
 * password, and is signed in. Each test fails its own support account (made by the seeded lead
 * through the console's API), so no other test's sign-in is locked; the control surface's reset
 * clears the failures after each test.
 */

const kit = useBrowser()
const hallUrl = kit.hallUrl

/** A support agent of this test's own, made by the seeded lead: its username and generated password. */
const newAgent = async (size: Size): Promise<{ username: string; password: string }> => {
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(`${hallUrl}/support/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
      body: JSON.stringify(body),
    })
    return (await res.json()) as Record<string, unknown>
  }
  const lead = await post('login', { username: 'support', password: 'support-dev' })
  expect(lead['ok']).toBe(true)
  const username = `guard.${size}.${Date.now().toString(36)}`
  const made = await post('accounts', { username, role: 'agent' }, lead['token'] as string)
  expect(made['ok']).toBe(true)
  return { username, password: made['password'] as string }
}

const signInForm = (page: Page) => page.getByRole('form', { name: 'Sign in' })

const submit = async (page: Page, username: string, password: string) => {
  const form = signInForm(page)
  await form.getByLabel('Username').fill(username)
  await form.getByLabel('Password').fill(password)
  await form.getByRole('button', { name: 'Sign in' }).click()
}

describe.each(['desktop', 'phone'] as const)('the support console sign-in at %s size', (size: Size) => {
  it('asks the human check after repeated wrong passwords; the digits of its image and the right password sign in', async () => {
    const agent = await newAgent(size)
    const { page, errors } = await kit.open(size)
    await page.goto(`${hallUrl}/support`)
    const form = signInForm(page)
    const alert = form.getByRole('alert')
    await submit(page, agent.username, 'not-the-password')
    await expect.poll(() => alert.textContent()).toBe('wrong username or password')
    expect(await form.getByRole('group', { name: 'Human check' }).count()).toBe(0)
    await submit(page, agent.username, 'still-not-it')
    await submit(page, agent.username, 'nor-this-one')
    await expect.poll(() => alert.textContent()).toBe('wrong username or password; solve the human check to try again')
    const check = form.getByRole('group', { name: 'Human check' })
    await check.getByRole('img', { name: 'Human check: digits to type' }).waitFor()
    await lookAt(page, `support-guard-${size}`)

    // The digits as a person reads them off the image (the key the console was given is the newest).
    const { key } = (await kit.control('last-challenge')) as { key: string }
    const { answer } = (await kit.control('challenge-answer', { key })) as { answer: string }
    expect(answer).toMatch(/^\d{4}$/)
    // Typed from the keyboard: the digits' field is labelled and follows the password.
    await check.getByLabel('Digits in the image').focus()
    await page.keyboard.type(answer)
    await form.getByLabel('Password').fill(agent.password)
    await form.getByLabel('Password').press('Enter')
    await page.getByRole('navigation', { name: 'Console' }).waitFor()
    expect(errors.filter((e) => !e.includes('401'))).toEqual([])
  })

  it('refuses a wrong reading of the image with a new one, then locks with the wait', async () => {
    const agent = await newAgent(size)
    const { page } = await kit.open(size)
    await page.goto(`${hallUrl}/support`)
    const form = signInForm(page)
    const alert = form.getByRole('alert')
    for (const guess of ['guess-one', 'guess-two', 'guess-three']) await submit(page, agent.username, guess)
    await expect.poll(() => alert.textContent()).toBe('wrong username or password; solve the human check to try again')
    const image = form.getByRole('group', { name: 'Human check' }).getByRole('img')
    const first = await image.getAttribute('src')
    const { key } = (await kit.control('last-challenge')) as { key: string }
    const { answer } = (await kit.control('challenge-answer', { key })) as { answer: string }
    await form.getByLabel('Digits in the image').fill(answer === '0000' ? '0001' : '0000')
    await submit(page, agent.username, agent.password)
    await expect.poll(() => alert.textContent()).toBe('the human check was not passed')
    await expect.poll(() => image.getAttribute('src')).not.toBe(first)
    // The new image read right, the password wrong: the fifth failure locks the username, with the wait in seconds.
    const next = (await kit.control('last-challenge')) as { key: string }
    const digits = ((await kit.control('challenge-answer', { key: next.key })) as { answer: string }).answer
    await form.getByLabel('Digits in the image').fill(digits)
    await submit(page, agent.username, 'guess-five')
    await expect.poll(() => alert.textContent()).toMatch(/too many failed sign-ins for this username: try again in \d+ s$/)
  })
})
