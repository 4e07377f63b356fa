/**
 * The payment provider's page (docs/hall.md "Deposits"), served by the hall on its own origin like
 * the game page: an online fiat order's pay_url opens it. The player pays, the payment fails, or
 * the player abandons it (the order then waits until it expires). Paying or failing sends the
 * provider's signed callback (providerCallback, the same one POST PROVIDER_NOTIFY_PATH takes from
 * outside), so the page goes through the very check a real provider's server does.
 */
import type { Db } from '../db'
import { PROVIDER_PAGE_PATH, orderByProviderRef, providerCallback, providerSign } from '../calls/pay'
import type { SocketHub } from '../ws'

/** Where the provider's callback arrives (JSON {order_no, status, amount, sign}). */
export const PROVIDER_NOTIFY_PATH = '/provider/notify'

const escape = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const shell = (title: string, body: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0; padding: 24px 16px; background: #f4f6fb; color: #1b2233; }
main { max-width: 420px; margin: 0 auto; background: #fff; border-radius: 12px; padding: 20px; box-shadow: 0 2px 12px #0001; }
h1 { font-size: 1.3rem; margin: 0 0 12px; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; }
dt { color: #5b6478; } dd { margin: 0; font-weight: 600; }
form { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 16px; }
button { font: inherit; padding: 10px 16px; border-radius: 8px; border: 1px solid #223; background: #fff; cursor: pointer; }
button[value=paid] { background: #1f7a4d; color: #fff; border-color: #1f7a4d; }
</style></head><body><main>${body}</main></body></html>`

const STATUS_TEXT: Readonly<Record<number, string>> = {
  0: 'Waiting for payment',
  1: 'Paid',
  2: 'Payment failed',
  3: 'Cancelled',
  4: 'Expired',
  5: 'Under review',
}

const details = (o: { orderNo: string; amount: string; currency: string; channelName: string; status: number }): string => `
<dl>
  <dt>Order</dt><dd>${escape(o.orderNo)}</dd>
  <dt>Method</dt><dd>${escape(o.channelName)}</dd>
  <dt>Amount</dt><dd>${escape(o.amount)} ${escape(o.currency)}</dd>
  <dt>Status</dt><dd id="status">${escape(STATUS_TEXT[o.status] ?? String(o.status))}</dd>
</dl>`

/** GET PROVIDER_PAGE_PATH/:ref: the order and, while it waits, the buttons. */
export const providerPage = async (db: Db, ref: string, now: number): Promise<{ status: number; html: string }> => {
  const found = await orderByProviderRef(db, ref, now)
  if (found === undefined) return { status: 404, html: shell('Payment', '<h1>Payment</h1><p role="alert">This payment does not exist.</p>') }
  const o = found.order
  const open = o.status === 0 && !o.expired
  const body = `<h1>Lobby Pay</h1>${details(o)}
${open
    ? `<form method="post" action="${PROVIDER_PAGE_PATH}/${escape(ref)}">
  <button type="submit" name="outcome" value="paid">Pay ${escape(o.amount)} ${escape(o.currency)}</button>
  <button type="submit" name="outcome" value="failed">Decline payment</button>
  <button type="submit" name="outcome" value="abandon">Abandon</button>
</form>`
    : `<p role="status">${o.expired && o.status === 0 ? 'This payment has expired.' : 'This payment is closed.'} You can close this page.</p>`}`
  return { status: 200, html: shell('Lobby Pay', body) }
}

/** POST PROVIDER_PAGE_PATH/:ref with outcome paid, failed or abandon. */
export const providerAction = async (db: Db, socket: SocketHub | undefined, ref: string, outcome: string, now: number): Promise<{ status: number; html: string }> => {
  const found = await orderByProviderRef(db, ref, now)
  if (found === undefined) return { status: 404, html: shell('Payment', '<h1>Payment</h1><p role="alert">This payment does not exist.</p>') }
  const o = found.order
  if (outcome === 'abandon') {
    return { status: 200, html: shell('Lobby Pay', `<h1>Lobby Pay</h1>${details(o)}<p role="status">You left the payment. You can close this page.</p>`) }
  }
  if (outcome !== 'paid' && outcome !== 'failed') return { status: 400, html: shell('Payment', '<p role="alert">Unknown action.</p>') }
  const callback = { order_no: o.orderNo, status: outcome, amount: o.amount }
  const r = await providerCallback(db, socket, { ...callback, sign: providerSign(callback, found.providerKey) }, now)
  const after = (await orderByProviderRef(db, ref, now))?.order ?? o
  const message = r.status !== 200 ? 'The payment could not be completed.' : r.body['changed'] !== true ? 'This payment is already closed.' : after.status === 1 ? 'Payment complete. You can close this page and return to the lobby.' : after.status === 2 ? 'The payment was declined.' : 'This payment is closed.'
  return { status: 200, html: shell('Lobby Pay', `<h1>Lobby Pay</h1>${details(after)}<p role="status">${escape(message)}</p>`) }
}
