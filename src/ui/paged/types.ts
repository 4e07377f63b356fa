/**
 * What the paged table and the infinite list render: a paged list's view model and its intents
 * (actors/kit/paged.ts makes both; src/views binds them). The controls hold no business state:
 * the page, its size, the lock of the next page and the clamping of a chosen page are the actor's.
 */
export interface PagedView<Row> {
  readonly rows: ReadonlyArray<Row>
  readonly total: number
  readonly page: number
  readonly size: number
  readonly sizes: ReadonlyArray<number>
  readonly status: 'idle' | 'loading' | 'ready' | 'failed'
  readonly hasMore: boolean
}

export interface PagedIntents {
  /** Go to a page (the pager, or go-to-page on Enter); the list clamps it to 1..ceil(total/size). */
  readonly goTo: (page: number) => void
  readonly setSize: (size: number) => void
  /** The next page (mobile: the list was scrolled past 95%). */
  readonly next: () => void
  readonly retry: () => void
}

/** A column of a paged table. */
export interface Column<Row> {
  readonly key: string
  readonly header: string
  readonly cell: (row: Row) => React.ReactNode
  readonly align?: 'start' | 'end'
}
