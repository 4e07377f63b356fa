import type { ReactNode } from 'react'

/**
 * The console's tables. On a desktop a plain table; at phone width (support.css) each row becomes
 * a card whose cells name their column (data-label). The roles are spelled out because a table
 * laid out as blocks loses its table semantics in some browsers; with them, screen readers still
 * read rows, columns and headers.
 */
export const Table = ({ label, head, children }: { label: string; head: ReadonlyArray<string>; children: ReactNode }) => (
  <table className="sc-table" aria-label={label} role="table">
    <thead role="rowgroup">
      <tr role="row">
        {head.map((h) => (
          <th key={h} role="columnheader" scope="col">
            {h}
          </th>
        ))}
      </tr>
    </thead>
    <tbody role="rowgroup">{children}</tbody>
  </table>
)

/** A row of a Table. */
export const Row = ({ className, children }: { className?: string; children: ReactNode }) => (
  <tr role="row" className={className}>
    {children}
  </tr>
)

/** A cell of a Table; `label` is its column's heading, shown beside it at phone width. */
export const Cell = ({ label, className, children }: { label: string; className?: string; children: ReactNode }) => (
  <td role="cell" data-label={label} className={className}>
    {children}
  </td>
)
