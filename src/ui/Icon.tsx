import type { SVGProps } from 'react'
import { ICON_PATHS, type IconName } from './icon-paths'

export type { IconName }

/** One of the lobby's line icons (icon-paths.ts), decorative by default. */
export const Icon = ({ name, ...rest }: { name: IconName } & SVGProps<SVGSVGElement>) => (
  <svg
    viewBox="0 0 24 24"
    width="1em"
    height="1em"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
    {...rest}
  >
    <path d={ICON_PATHS[name]} />
  </svg>
)
