import { useCallback, useEffect, useState, type ReactNode } from 'react'
import { api, utc } from '../api'
import { Cell, Row, Table } from '../Table'

/** A form field's text ('' when it has none). */
const field = (f: FormData, name: string): string => {
  const v = f.get(name)
  return typeof v === 'string' ? v : ''
}


interface Activity {
  readonly id: number
  readonly template: string
  readonly type: number
  readonly title: string
  readonly status: number
  readonly start: string
  readonly end: string
  readonly tiers: ReadonlyArray<{ readonly id: number; readonly need: string; readonly value: string }>
}

interface RedActivity {
  readonly id: number
  readonly title: string
  readonly action: string
  readonly status: number
  readonly amount: string
  readonly packets: number
}

interface Code {
  readonly code: string
  readonly amount: string
  readonly currency: string
  readonly maxUses: number
  readonly used: number
  readonly needPhone: boolean
  readonly active: boolean
  readonly createdAt: string
}

interface Message {
  readonly id: string
  readonly type: 1 | 2 | 3
  readonly title: string
  readonly content: string
  readonly publishAt: string
  readonly state: 'scheduled' | 'published' | 'withdrawn'
  readonly by: string
}

interface Banner {
  readonly id?: number
  readonly title: string
  readonly subtitle?: string
  readonly colourFrom?: string
  readonly colourTo?: string
  readonly locationType: number
  readonly locationValue?: string
}

const ACTIVITY_STATUS: Readonly<Record<number, string>> = { 0: 'draft', 1: 'on', 2: 'over', 3: 'off', 4: 'expired' }
const MESSAGE_TYPES = [
  [1, 'Notice'],
  [2, 'Announcement'],
  [3, 'Marquee line'],
] as const
const TYPE_NAME: Readonly<Record<number, string>> = { 1: 'Notice', 2: 'Announcement', 3: 'Marquee line' }

type Said = { readonly ok: boolean; readonly text: string } | null

const Outcome = ({ said }: { said: Said }) => (
  <>
    <div role="status" className="sc-note">
      {said?.ok === true ? <p>{said.text}</p> : null}
    </div>
    {said?.ok === false ? (
      <p role="alert" className="sc-error">
        {said.text}
      </p>
    ) : null}
  </>
)

const Part = ({ title, children }: { title: string; children: ReactNode }) => (
  <section className="sc-part" aria-label={title}>
    <h2>{title}</h2>
    {children}
  </section>
)

/** A date input's value as an ISO instant (the console works in UTC). */
const isoOf = (local: string): string => `${local}:00Z`

/**
 * Promotions and content of the operator's console (marketing; docs/operations-players-content.md),
 * one site at a time: activities (on or off, dates, tier amounts), discount codes (a batch, turn one
 * off), notices, announcements and marquee lines (now or at a time, withdraw), web push to the site
 * or a player, and the home banners. Signed-in players see a change without reloading.
 */
export const ContentView = ({ onOut }: { onOut: () => void }) => {
  const [sites, setSites] = useState<ReadonlyArray<{ code: string; name: string; currency: string }>>([])
  const [site, setSite] = useState('')
  const [activities, setActivities] = useState<ReadonlyArray<Activity>>([])
  const [reds, setReds] = useState<ReadonlyArray<RedActivity>>([])
  const [codes, setCodes] = useState<ReadonlyArray<Code>>([])
  const [messages, setMessages] = useState<ReadonlyArray<Message>>([])
  const [banners, setBanners] = useState<ReadonlyArray<Banner>>([])
  const [said, setSaid] = useState<Said>(null)
  const [made, setMade] = useState<ReadonlyArray<string>>([])
  const [busy, setBusy] = useState(false)

  const fail = useCallback((status: number, error: string | undefined) => {
    if (status === 401) return onOut()
    setSaid({ ok: false, text: status === 403 ? `Only a marketing account can change promotions and content (${error ?? 'refused'}).` : (error ?? 'the hall refused') })
  }, [onOut])

  useEffect(() => {
    void api<{ sites: Array<{ code: string; name: string; currency: string }> }>('ops/sites').then((r) => {
      if (!r.body.ok) return fail(r.status, r.body.error)
      setSites(r.body.sites ?? [])
      setSite((s) => (s === '' ? (r.body.sites?.[0]?.code ?? '') : s))
    })
  }, [fail])

  const load = useCallback(async () => {
    if (site === '') return
    const q = `site=${encodeURIComponent(site)}`
    const [a, red, c, m, b] = await Promise.all([
      api<{ activities: Activity[] }>(`ops/activities?${q}`),
      api<{ activities: RedActivity[] }>(`ops/red-activities?${q}`),
      api<{ codes: Code[] }>(`ops/discount-codes?${q}`),
      api<{ messages: Message[] }>(`ops/messages?${q}`),
      api<{ banners: Banner[] }>(`ops/banners?${q}`),
    ])
    for (const r of [a, red, c, m, b]) if (!r.body.ok) return fail(r.status, r.body.error)
    setActivities(a.body.activities ?? [])
    setReds(red.body.activities ?? [])
    setCodes(c.body.codes ?? [])
    setMessages(m.body.messages ?? [])
    setBanners(b.body.banners ?? [])
  }, [site, fail])
  useEffect(() => {
    void load()
  }, [load])

  /** Sends a change; says what was done, or why not; reads the site's content again. */
  const change = async (path: string, body: Record<string, unknown>, done: string): Promise<Record<string, unknown> | undefined> => {
    setBusy(true)
    setSaid(null)
    try {
      const r = await api<Record<string, unknown>>(`ops/${path}`, { siteCode: site, ...body })
      if (!r.body.ok) {
        fail(r.status, r.body.error)
        return undefined
      }
      setSaid({ ok: true, text: done })
      await load()
      return r.body
    } finally {
      setBusy(false)
    }
  }

  return (
    <main className="sc-page">
      <h1>Promotions and content</h1>
      <form aria-label="Site" className="sc-form" onSubmit={(e) => e.preventDefault()}>
        <label>
          Site{' '}
          <select value={site} onChange={(e) => setSite(e.target.value)}>
            {sites.map((s) => (
              <option key={s.code} value={s.code}>
                {s.code} {s.name}
              </option>
            ))}
          </select>
        </label>
      </form>
      <Outcome said={said} />

      <Part title="Activities">
        <p className="sc-note">An activity turned off leaves the event centre at once; its rewards already paid stay paid.</p>
        <Table label="Activities" head={['Activity', 'Status', 'Dates (UTC)', 'Tiers (need → reward)', 'Change']}>
          {activities.map((a) => (
            <Row key={a.id}>
              <Cell label="Activity">
                <span>
                  {a.title} <span className="sc-note">({a.template}, {a.id})</span>
                </span>
              </Cell>
              <Cell label="Status">{ACTIVITY_STATUS[a.status] ?? a.status}</Cell>
              <Cell label="Dates (UTC)">
                {utc(a.start)} to {utc(a.end)}
              </Cell>
              <Cell label="Tiers (need → reward)">{a.tiers.length === 0 ? '—' : a.tiers.map((t) => `${t.need} → ${t.value}`).join('; ')}</Cell>
              <Cell label="Change">
                <div>
                <div className="sc-actions">
                  <button type="button" disabled={busy} onClick={() => void change(`activities/${a.id}/switch`, { on: a.status !== 1 }, `${a.title} is ${a.status === 1 ? 'off' : 'on'}.`)}>
                    {a.status === 1 ? `Turn off ${a.title}` : `Turn on ${a.title}`}
                  </button>
                </div>
                <details className="sc-edit">
                  <summary>Edit {a.title}</summary>
                  <form
                    aria-label={`Dates and amounts of ${a.title}`}
                    className="sc-form"
                    onSubmit={(e) => {
                      e.preventDefault()
                      const f = new FormData(e.currentTarget)
                      const tiers = a.tiers.map((t) => ({ id: t.id, need: field(f, `need-${t.id}`), value: field(f, `value-${t.id}`) }))
                      void change(`activities/${a.id}`, { start: isoOf(field(f, 'start')), end: isoOf(field(f, 'end')), tiers }, `${a.title} changed.`)
                    }}
                  >
                    <label>
                      Starts (UTC) <input type="datetime-local" name="start" defaultValue={a.start.slice(0, 16)} required />
                    </label>
                    <label>
                      Ends (UTC) <input type="datetime-local" name="end" defaultValue={a.end.slice(0, 16)} required />
                    </label>
                    {a.tiers.map((t, i) => (
                      <fieldset key={t.id} className="sc-tier">
                        <legend>Tier {i + 1}</legend>
                        <label>
                          Needs <input name={`need-${t.id}`} defaultValue={t.need} inputMode="decimal" required pattern="\d+(\.\d+)?" />
                        </label>
                        <label>
                          Reward <input name={`value-${t.id}`} defaultValue={t.value} inputMode="decimal" required pattern="\d+(\.\d+)?" />
                        </label>
                      </fieldset>
                    ))}
                    <button type="submit" disabled={busy}>
                      Save {a.title}
                    </button>
                  </form>
                </details>
                </div>
              </Cell>
            </Row>
          ))}
        </Table>
      </Part>

      {reds.length === 0 ? null : (
        <Part title="Red packets">
          <Table label="Red-packet activities" head={['Red packets', 'Status', 'Amount', 'Change']}>
            {reds.map((r) => (
              <Row key={r.id}>
                <Cell label="Red packets">
                  <span>
                    {r.title} <span className="sc-note">({r.action}, {r.id})</span>
                  </span>
                </Cell>
                <Cell label="Status">{ACTIVITY_STATUS[r.status] ?? r.status}</Cell>
                <Cell label="Amount">
                  {r.amount} × {r.packets}
                </Cell>
                <Cell label="Change">
                  <button type="button" disabled={busy} onClick={() => void change(`red-activities/${r.id}/switch`, { on: r.status !== 1 }, `${r.title} (${r.id}) is ${r.status === 1 ? 'off' : 'on'}.`)}>
                    {r.status === 1 ? `Turn off ${r.title} ${r.id}` : `Turn on ${r.title} ${r.id}`}
                  </button>
                </Cell>
              </Row>
            ))}
          </Table>
        </Part>
      )}

      <Part title="Notices and marquee">
        <form
          aria-label="New notice or marquee line"
          className="sc-form"
          onSubmit={(e) => {
            e.preventDefault()
            const form = e.currentTarget
            const f = new FormData(form)
            const type = Number(f.get('type'))
            const at = field(f, 'publishAt')
            void change(
              'messages',
              { type, title: field(f, 'title'), content: field(f, 'content'), ...(at === '' ? {} : { publishAt: isoOf(at) }) },
              at === '' ? `${TYPE_NAME[type] ?? 'Message'} published.` : `${TYPE_NAME[type] ?? 'Message'} scheduled for ${at.replace('T', ' ')} UTC.`,
            ).then((r) => (r === undefined ? undefined : form.reset()))
          }}
        >
          <label>
            Kind{' '}
            <select name="type" defaultValue="1">
              {MESSAGE_TYPES.map(([v, label]) => (
                <option key={v} value={v}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label>
            Title (not shown for a marquee line) <input name="title" maxLength={200} />
          </label>
          <label>
            Text <textarea name="content" required maxLength={20000} rows={3} />
          </label>
          <label>
            Publish at (UTC, empty: now) <input type="datetime-local" name="publishAt" />
          </label>
          <button type="submit" disabled={busy}>
            Publish
          </button>
        </form>
        {messages.length === 0 ? (
          <p role="status">No message written here yet.</p>
        ) : (
          <Table label="Notices and marquee lines" head={['Kind', 'Title and text', 'Publish (UTC)', 'State', 'By', 'Withdraw']}>
            {messages.map((m) => (
              <Row key={m.id}>
                <Cell label="Kind">{TYPE_NAME[m.type]}</Cell>
                <Cell label="Title and text">
                  <span>
                    {m.type === 3 ? null : <strong>{m.title}: </strong>}
                    {m.content}
                  </span>
                </Cell>
                <Cell label="Publish (UTC)">{utc(m.publishAt)}</Cell>
                <Cell label="State">{m.state}</Cell>
                <Cell label="By">{m.by}</Cell>
                <Cell label="Withdraw">
                  {m.state === 'withdrawn' ? (
                    '—'
                  ) : (
                    <button type="button" disabled={busy} onClick={() => void change(`messages/${m.id}/withdraw`, {}, `${TYPE_NAME[m.type]} withdrawn.`)} aria-label={`Withdraw ${m.type === 3 ? m.content : m.title}`}>
                      Withdraw
                    </button>
                  )}
                </Cell>
              </Row>
            ))}
          </Table>
        )}
      </Part>

      <Part title="Discount codes">
        <form
          aria-label="New discount codes"
          className="sc-form"
          onSubmit={(e) => {
            e.preventDefault()
            const f = new FormData(e.currentTarget)
            void change(
              'discount-codes',
              { prefix: field(f, 'prefix'), count: Number(f.get('count')), amount: field(f, 'amount'), maxUses: Number(f.get('maxUses')), needPhone: f.get('needPhone') === 'on' },
              'Codes made.',
            ).then((r) => setMade((r?.['codes'] as string[] | undefined) ?? []))
          }}
        >
          <label>
            Prefix <input name="prefix" pattern="[A-Za-z0-9]{0,12}" maxLength={12} autoCapitalize="characters" />
          </label>
          <label>
            How many <input name="count" type="number" min={1} max={200} defaultValue={10} required />
          </label>
          <label>
            Amount ({sites.find((s) => s.code === site)?.currency ?? ''}) <input name="amount" inputMode="decimal" pattern="\d+(\.\d+)?" required />
          </label>
          <label>
            Uses of each <input name="maxUses" type="number" min={1} defaultValue={1} required />
          </label>
          <label>
            <input name="needPhone" type="checkbox" /> Needs a bound phone
          </label>
          <button type="submit" disabled={busy}>
            Make codes
          </button>
        </form>
        {made.length === 0 ? null : (
          <p className="sc-secret" aria-label="Codes just made">
            {made.map((c) => (
              <code key={c}>{c}</code>
            ))}
          </p>
        )}
        {codes.length === 0 ? null : (
          <Table label="Discount codes" head={['Code', 'Amount', 'Used', 'Phone', 'State', 'Turn off']}>
            {codes.map((c) => (
              <Row key={c.code}>
                <Cell label="Code">
                  <code>{c.code}</code>
                </Cell>
                <Cell label="Amount">
                  {c.amount} {c.currency}
                </Cell>
                <Cell label="Used">
                  {c.used} of {c.maxUses}
                </Cell>
                <Cell label="Phone">{c.needPhone ? 'needed' : '—'}</Cell>
                <Cell label="State">{c.active ? 'on' : 'off'}</Cell>
                <Cell label="Turn off">
                  {c.active ? (
                    <button type="button" disabled={busy} onClick={() => void change(`discount-codes/${encodeURIComponent(c.code)}/off`, {}, `${c.code} is off.`)} aria-label={`Turn off ${c.code}`}>
                      Turn off
                    </button>
                  ) : (
                    '—'
                  )}
                </Cell>
              </Row>
            ))}
          </Table>
        )}
      </Part>

      <Part title="Web push">
        <form
          aria-label="Web push"
          className="sc-form"
          onSubmit={(e) => {
            e.preventDefault()
            const form = e.currentTarget
            const f = new FormData(form)
            const username = field(f, 'username').trim()
            void change(
              'push',
              { title: field(f, 'title'), body: field(f, 'body'), url: field(f, 'url') || '/', ...(username === '' ? {} : { username }) },
              username === '' ? 'Push sent to the players of the site who allowed it.' : `Push sent to ${username}.`,
            ).then((r) => (r === undefined ? undefined : form.reset()))
          }}
        >
          <label>
            Player (empty: the whole site) <input name="username" autoCapitalize="none" autoComplete="off" />
          </label>
          <label>
            Title <input name="title" required maxLength={100} />
          </label>
          <label>
            Text <input name="body" required maxLength={1000} />
          </label>
          <label>
            Opens <input name="url" defaultValue="/" pattern="/.*" />
          </label>
          <button type="submit" disabled={busy}>
            Send push
          </button>
        </form>
      </Part>

      <Part title="Banners">
        <form
          aria-label="Banners"
          className="sc-form sc-banners"
          onSubmit={(e) => {
            e.preventDefault()
            const f = new FormData(e.currentTarget)
            const list = banners.map((b, i) => ({
              ...(b.id === undefined ? {} : { id: b.id }),
              title: field(f, `title-${i}`),
              subtitle: field(f, `subtitle-${i}`),
              colourFrom: b.colourFrom ?? '#1e6cff',
              colourTo: b.colourTo ?? '#7b3fe4',
              locationType: Number(field(f, `link-${i}`) || b.locationType),
              ...(b.locationValue === undefined ? {} : { locationValue: b.locationValue }),
            }))
            void change('banners', { banners: list }, 'Banners saved.')
          }}
        >
          {banners.map((b, i) => (
            <fieldset key={`${b.id ?? 'new'}-${i}`} className="sc-tier">
              <legend>Banner {i + 1}</legend>
              <label>
                Title <input name={`title-${i}`} defaultValue={b.title} required maxLength={80} />
              </label>
              <label>
                Subtitle <input name={`subtitle-${i}`} defaultValue={b.subtitle ?? ''} maxLength={200} />
              </label>
              <label>
                Link type (1 to 10) <input name={`link-${i}`} type="number" min={1} max={10} defaultValue={b.locationType} required />
              </label>
              <button type="button" onClick={() => setBanners(banners.filter((_, j) => j !== i))}>
                Remove banner {i + 1}
              </button>
            </fieldset>
          ))}
          <div className="sc-actions">
            <button type="button" onClick={() => setBanners([...banners, { title: 'New banner', locationType: 3 }])}>
              Add a banner
            </button>
            <button type="submit" disabled={busy}>
              Save banners
            </button>
          </div>
        </form>
      </Part>
    </main>
  )
}
