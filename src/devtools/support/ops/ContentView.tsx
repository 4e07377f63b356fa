import { useCallback, useEffect, useState, type ReactNode } from 'react'
import { api } from '../api'
import { useConsole } from '../i18n'
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

const MESSAGE_TYPES = [1, 2, 3] as const

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
  const { t, money, dateTime } = useConsole()
  const activityStatus = (n: number) => t(`content.activityStatus.${n}`, { defaultValue: String(n) })
  const typeName = (n: number) => t(`content.type.${n}`, { defaultValue: t('content.message') })
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
    setSaid({ ok: false, text: status === 403 ? t('content.marketingOnly', { why: error ?? t('refused') }) : (error ?? t('content.refused')) })
  }, [onOut, t])

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
      <h1>{t('content.title')}</h1>
      <form aria-label={t('content.site')} className="sc-form" onSubmit={(e) => e.preventDefault()}>
        <label>
          {t('content.site')}{' '}
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

      <Part title={t('content.activities')}>
        <p className="sc-note">{t('content.activitiesNote')}</p>
        <Table label={t('content.activities')} head={[t('content.col.activity'), t('content.col.status'), t('content.col.dates'), t('content.col.tiers'), t('content.col.change')]}>
          {activities.map((a) => (
            <Row key={a.id}>
              <Cell label={t('content.col.activity')}>
                <span>
                  {a.title} <span className="sc-note">({a.template}, {a.id})</span>
                </span>
              </Cell>
              <Cell label={t('content.col.status')}>{activityStatus(a.status)}</Cell>
              <Cell label={t('content.col.dates')}>
                {t('content.fromTo', { from: dateTime(a.start), to: dateTime(a.end) })}
              </Cell>
              <Cell label={t('content.col.tiers')}>{a.tiers.length === 0 ? '—' : a.tiers.map((x) => `${money(x.need)} → ${money(x.value)}`).join('; ')}</Cell>
              <Cell label={t('content.col.change')}>
                <div>
                <div className="sc-actions">
                  <button type="button" disabled={busy} onClick={() => void change(`activities/${a.id}/switch`, { on: a.status !== 1 }, t(a.status === 1 ? 'content.isOff' : 'content.isOn', { title: a.title }))}>
                    {t(a.status === 1 ? 'content.turnOff' : 'content.turnOn', { title: a.title })}
                  </button>
                </div>
                <details className="sc-edit">
                  <summary>{t('content.edit', { title: a.title })}</summary>
                  <form
                    aria-label={t('content.datesOf', { title: a.title })}
                    className="sc-form"
                    onSubmit={(e) => {
                      e.preventDefault()
                      const f = new FormData(e.currentTarget)
                      const tiers = a.tiers.map((x) => ({ id: x.id, need: field(f, `need-${x.id}`), value: field(f, `value-${x.id}`) }))
                      void change(`activities/${a.id}`, { start: isoOf(field(f, 'start')), end: isoOf(field(f, 'end')), tiers }, t('content.changed', { title: a.title }))
                    }}
                  >
                    <label>
                      {t('content.starts')} <input type="datetime-local" name="start" defaultValue={a.start.slice(0, 16)} required />
                    </label>
                    <label>
                      {t('content.ends')} <input type="datetime-local" name="end" defaultValue={a.end.slice(0, 16)} required />
                    </label>
                    {a.tiers.map((x, i) => (
                      <fieldset key={x.id} className="sc-tier">
                        <legend>{t('content.tier', { n: i + 1 })}</legend>
                        <label>
                          {t('content.needs')} <input name={`need-${x.id}`} defaultValue={x.need} inputMode="decimal" required pattern="\d+(\.\d+)?" />
                        </label>
                        <label>
                          {t('content.reward')} <input name={`value-${x.id}`} defaultValue={x.value} inputMode="decimal" required pattern="\d+(\.\d+)?" />
                        </label>
                      </fieldset>
                    ))}
                    <button type="submit" disabled={busy}>
                      {t('content.save', { title: a.title })}
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
        <Part title={t('content.redPackets')}>
          <Table label={t('content.redActivities')} head={[t('content.redPackets'), t('content.col.status'), t('content.col.amount'), t('content.col.change')]}>
            {reds.map((r) => (
              <Row key={r.id}>
                <Cell label={t('content.redPackets')}>
                  <span>
                    {r.title} <span className="sc-note">({r.action}, {r.id})</span>
                  </span>
                </Cell>
                <Cell label={t('content.col.status')}>{activityStatus(r.status)}</Cell>
                <Cell label={t('content.col.amount')}>
                  {money(r.amount)} × {r.packets}
                </Cell>
                <Cell label={t('content.col.change')}>
                  <button type="button" disabled={busy} onClick={() => void change(`red-activities/${r.id}/switch`, { on: r.status !== 1 }, t(r.status === 1 ? 'content.isOff' : 'content.isOn', { title: `${r.title} (${r.id})` }))}>
                    {t(r.status === 1 ? 'content.turnOff' : 'content.turnOn', { title: `${r.title} ${r.id}` })}
                  </button>
                </Cell>
              </Row>
            ))}
          </Table>
        </Part>
      )}

      <Part title={t('content.messages')}>
        <form
          aria-label={t('content.newMessage')}
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
              at === '' ? t('content.published', { kind: typeName(type) }) : t('content.scheduled', { kind: typeName(type), at: dateTime(isoOf(at)) }),
            ).then((r) => (r === undefined ? undefined : form.reset()))
          }}
        >
          <label>
            {t('content.kind')}{' '}
            <select name="type" defaultValue="1">
              {MESSAGE_TYPES.map((v) => (
                <option key={v} value={v}>
                  {typeName(v)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('content.messageTitle')} <input name="title" maxLength={200} />
          </label>
          <label>
            {t('content.text')} <textarea name="content" required maxLength={20000} rows={3} />
          </label>
          <label>
            {t('content.publishAt')} <input type="datetime-local" name="publishAt" />
          </label>
          <button type="submit" disabled={busy}>
            {t('content.publish')}
          </button>
        </form>
        {messages.length === 0 ? (
          <p role="status">{t('content.noMessage')}</p>
        ) : (
          <Table label={t('content.messagesTable')} head={[t('content.col.kind'), t('content.col.titleText'), t('content.col.publish'), t('content.col.state'), t('content.col.by'), t('content.col.withdraw')]}>
            {messages.map((m) => (
              <Row key={m.id}>
                <Cell label={t('content.col.kind')}>{typeName(m.type)}</Cell>
                <Cell label={t('content.col.titleText')}>
                  <span>
                    {m.type === 3 ? null : <strong>{m.title}: </strong>}
                    {m.content}
                  </span>
                </Cell>
                <Cell label={t('content.col.publish')}>{dateTime(m.publishAt)}</Cell>
                <Cell label={t('content.col.state')}>{t(`content.messageState.${m.state}`)}</Cell>
                <Cell label={t('content.col.by')}>{m.by}</Cell>
                <Cell label={t('content.col.withdraw')}>
                  {m.state === 'withdrawn' ? (
                    '—'
                  ) : (
                    <button type="button" disabled={busy} onClick={() => void change(`messages/${m.id}/withdraw`, {}, t('content.withdrawn', { kind: typeName(m.type) }))} aria-label={t('content.withdrawLabel', { what: m.type === 3 ? m.content : m.title })}>
                      {t('content.withdraw')}
                    </button>
                  )}
                </Cell>
              </Row>
            ))}
          </Table>
        )}
      </Part>

      <Part title={t('content.codes')}>
        <form
          aria-label={t('content.newCodes')}
          className="sc-form"
          onSubmit={(e) => {
            e.preventDefault()
            const f = new FormData(e.currentTarget)
            void change(
              'discount-codes',
              { prefix: field(f, 'prefix'), count: Number(f.get('count')), amount: field(f, 'amount'), maxUses: Number(f.get('maxUses')), needPhone: f.get('needPhone') === 'on' },
              t('content.codesMade'),
            ).then((r) => setMade((r?.['codes'] as string[] | undefined) ?? []))
          }}
        >
          <label>
            {t('content.prefix')} <input name="prefix" pattern="[A-Za-z0-9]{0,12}" maxLength={12} autoCapitalize="characters" />
          </label>
          <label>
            {t('content.howMany')} <input name="count" type="number" min={1} max={200} defaultValue={10} required />
          </label>
          <label>
            {t('content.amount', { currency: sites.find((s) => s.code === site)?.currency ?? '' })} <input name="amount" inputMode="decimal" pattern="\d+(\.\d+)?" required />
          </label>
          <label>
            {t('content.uses')} <input name="maxUses" type="number" min={1} defaultValue={1} required />
          </label>
          <label>
            <input name="needPhone" type="checkbox" /> {t('content.needPhone')}
          </label>
          <button type="submit" disabled={busy}>
            {t('content.makeCodes')}
          </button>
        </form>
        {made.length === 0 ? null : (
          <p className="sc-secret" aria-label={t('content.justMade')}>
            {made.map((c) => (
              <code key={c}>{c}</code>
            ))}
          </p>
        )}
        {codes.length === 0 ? null : (
          <Table label={t('content.codes')} head={[t('content.col.code'), t('content.col.amount'), t('content.col.used'), t('content.col.phone'), t('content.col.state'), t('content.col.turnOff')]}>
            {codes.map((c) => (
              <Row key={c.code}>
                <Cell label={t('content.col.code')}>
                  <code>{c.code}</code>
                </Cell>
                <Cell label={t('content.col.amount')}>
                  {money(c.amount, c.currency)}
                </Cell>
                <Cell label={t('content.col.used')}>
                  {t('content.usedOf', { used: c.used, max: c.maxUses })}
                </Cell>
                <Cell label={t('content.col.phone')}>{c.needPhone ? t('content.needed') : '—'}</Cell>
                <Cell label={t('content.col.state')}>{c.active ? t('content.on') : t('content.off')}</Cell>
                <Cell label={t('content.col.turnOff')}>
                  {c.active ? (
                    <button type="button" disabled={busy} onClick={() => void change(`discount-codes/${encodeURIComponent(c.code)}/off`, {}, t('content.isOff', { title: c.code }))} aria-label={t('content.turnOff', { title: c.code })}>
                      {t('content.col.turnOff')}
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

      <Part title={t('content.push')}>
        <form
          aria-label={t('content.push')}
          className="sc-form"
          onSubmit={(e) => {
            e.preventDefault()
            const form = e.currentTarget
            const f = new FormData(form)
            const username = field(f, 'username').trim()
            void change(
              'push',
              { title: field(f, 'title'), body: field(f, 'body'), url: field(f, 'url') || '/', ...(username === '' ? {} : { username }) },
              username === '' ? t('content.pushedSite') : t('content.pushedTo', { username }),
            ).then((r) => (r === undefined ? undefined : form.reset()))
          }}
        >
          <label>
            {t('content.pushPlayer')} <input name="username" autoCapitalize="none" autoComplete="off" />
          </label>
          <label>
            {t('content.pushTitle')} <input name="title" required maxLength={100} />
          </label>
          <label>
            {t('content.text')} <input name="body" required maxLength={1000} />
          </label>
          <label>
            {t('content.opens')} <input name="url" defaultValue="/" pattern="/.*" />
          </label>
          <button type="submit" disabled={busy}>
            {t('content.sendPush')}
          </button>
        </form>
      </Part>

      <Part title={t('content.banners')}>
        <form
          aria-label={t('content.banners')}
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
            void change('banners', { banners: list }, t('content.bannersSaved'))
          }}
        >
          {banners.map((b, i) => (
            <fieldset key={`${b.id ?? 'new'}-${i}`} className="sc-tier">
              <legend>{t('content.banner', { n: i + 1 })}</legend>
              <label>
                {t('content.pushTitle')} <input name={`title-${i}`} defaultValue={b.title} required maxLength={80} />
              </label>
              <label>
                {t('content.subtitle')} <input name={`subtitle-${i}`} defaultValue={b.subtitle ?? ''} maxLength={200} />
              </label>
              <label>
                {t('content.linkType')} <input name={`link-${i}`} type="number" min={1} max={10} defaultValue={b.locationType} required />
              </label>
              <button type="button" onClick={() => setBanners(banners.filter((_, j) => j !== i))}>
                {t('content.removeBanner', { n: i + 1 })}
              </button>
            </fieldset>
          ))}
          <div className="sc-actions">
            <button type="button" onClick={() => setBanners([...banners, { title: t('content.newBanner'), locationType: 3 }])}>
              {t('content.addBanner')}
            </button>
            <button type="submit" disabled={busy}>
              {t('content.saveBanners')}
            </button>
          </div>
        </form>
      </Part>
    </main>
  )
}
