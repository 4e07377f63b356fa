import { Component, lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { BootScreen } from '../boot/BootScreen'

/**
 * A screen loaded when it is first shown (its own chunk, outside the first route's JavaScript).
 * A load that fails (offline, or a chunk of an older build that is gone: the version runner then
 * offers the upgrade) can be tried again: the next attempt imports the module afresh, where
 * React.lazy alone would keep the failure for the life of the page.
 */
export interface LazyView<P> {
  (props: P): ReactNode
  /** Forgets a failed load, so the next render imports the module again. */
  readonly retry: () => void
}

export const lazyView = <P extends object>(load: () => Promise<ComponentType<P>>): LazyView<P> => {
  let failed = false
  const make = () =>
    lazy(async () => {
      try {
        return { default: await load() }
      } catch (e) {
        failed = true
        throw e
      }
    })
  let Current = make()
  const View = (props: P): ReactNode => <Current {...props} />
  return Object.assign(View, {
    retry: () => {
      if (!failed) return
      failed = false
      Current = make()
    },
  })
}

/** Every lazy view of the lobby, so one "Try again" retries whichever failed. */
const views: Array<LazyView<never>> = []

/** lazyView for a module's named export, registered for retries. */
type PropsOf<C> = C extends ComponentType<infer P> ? P & object : never

export const lazyNamed = <M, K extends keyof M>(load: () => Promise<M>, name: K): LazyView<PropsOf<M[K]>> => {
  const view = lazyView(async () => (await load())[name] as unknown as ComponentType<PropsOf<M[K]>>)
  views.push(view)
  return view
}

const retryAll = (): void => {
  for (const v of views) v.retry()
}

/** What a screen that could not load shows in its place: why, and a way to try again. */
const ViewFailed = ({ onRetry, inline }: { onRetry: () => void; inline: boolean }) => {
  const { t } = useTranslation('shell')
  return (
    <div className={inline ? 'view-failed view-failed--inline' : 'view-failed'} role="alert">
      <p>{t('status.viewFailed')}</p>
      <button type="button" className="btn btn--primary" onClick={onRetry}>{t('status.retry')}</button>
    </div>
  )
}

interface BoundaryProps {
  readonly children: ReactNode
  readonly onRetry: () => void
  readonly inline: boolean
}

class ViewBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children
    return <ViewFailed inline={this.props.inline} onRetry={() => this.props.onRetry()} />
  }
}

/** A Suspense fallback that counts, while it is shown, in `waiting`: the boundary knows it is waiting. */
const Waiting = ({ waiting, children }: { waiting: RefObject<number>; children: ReactNode }) => {
  useLayoutEffect(() => {
    waiting.current += 1
    return () => {
      waiting.current -= 1
    }
  }, [waiting])
  return children
}

/**
 * Where lazy views render: a loading state while a chunk arrives (the boot spinner for a page,
 * nothing for a popup), the failure and "Try again" if it cannot. `inline` is for popups. A
 * screen's words are chunks too (src/i18n: `useTranslation` suspends until its namespace is
 * fetched); when one cannot be fetched while this boundary waits for it, i18next reports
 * 'failedLoading' and the boundary shows the same failure instead of a screen of bare keys;
 * "Try again" fetches it again and shows the screen once it has its words.
 */
export const LazyViews = ({ children, inline = false }: { children: ReactNode; inline?: boolean }) => {
  const { i18n } = useTranslation('shell')
  // A new boundary (a new key) after a retry: the failed subtree starts over.
  const [attempt, setAttempt] = useState(0)
  const [unloaded, setUnloaded] = useState<ReadonlyArray<readonly [string, string]>>([])
  const waiting = useRef(0)
  useEffect(() => {
    const failed = (lng: string, ns: string) => {
      if (waiting.current > 0) setUnloaded((u) => [...u, [lng, ns] as const])
    }
    i18n.on('failedLoading', failed)
    return () => i18n.off('failedLoading', failed)
  }, [i18n])
  const retry = () => {
    retryAll()
    if (unloaded.length === 0) {
      setAttempt((n) => n + 1)
      return
    }
    let again = false
    const failedAgain = () => {
      again = true
    }
    i18n.on('failedLoading', failedAgain)
    void i18n.reloadResources([...new Set(unloaded.map(([lng]) => lng))], [...new Set(unloaded.map(([, ns]) => ns))]).then(() => {
      i18n.off('failedLoading', failedAgain)
      if (again) return
      setUnloaded([])
      setAttempt((n) => n + 1)
    })
  }
  if (unloaded.length > 0) return <ViewFailed inline={inline} onRetry={retry} />
  return (
    <ViewBoundary key={attempt} inline={inline} onRetry={retry}>
      <Suspense fallback={<Waiting waiting={waiting}>{inline ? null : <BootScreen />}</Waiting>}>{children}</Suspense>
    </ViewBoundary>
  )
}
