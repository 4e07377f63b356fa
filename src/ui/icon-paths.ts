/**
 * The lobby's line icons (24×24, stroke in currentColor). Decorative by default: the control
 * that holds an icon carries the accessible name. Plain data: the build hands the first screen's
 * icons to the hall (scripts/first-screen.ts), which draws them the same way before the lobby starts.
 */
export const ICON_PATHS = {
  home: 'M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z',
  sport: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 4 3.8 2.8-1.4 4.5H9.6L8.2 9.8zM12 3v4m3.8 2.8L20.5 8M14.4 14.3l2.6 4.4M9.6 14.3 7 18.7M8.2 9.8 3.5 8',
  wallet: 'M3 7a2 2 0 0 1 2-2h13v4M3 7v11a2 2 0 0 0 2 2h15V9H5a2 2 0 0 1-2-2zm13 7h.01',
  userPlus: 'M15 20v-1.5A4.5 4.5 0 0 0 10.5 14h-4A4.5 4.5 0 0 0 2 18.5V20M8.5 10.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM19 8v6m3-3h-6',
  headset: 'M4 14v-2a8 8 0 0 1 16 0v2M4 14a2 2 0 0 1 2-2h1v7H6a2 2 0 0 1-2-2zm16 0a2 2 0 0 0-2-2h-1v7h1a2 2 0 0 0 2-2zm-3 5c0 1.5-2 2-5 2',
  user: 'M20 21v-1.5A4.5 4.5 0 0 0 15.5 15h-7A4.5 4.5 0 0 0 4 19.5V21M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6 6 18',
  refresh: 'M20 11a8 8 0 0 0-14.9-3.5M4 4v4h4m-4 5a8 8 0 0 0 14.9 3.5M20 20v-4h-4',
  globe: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z',
  chevronDown: 'M6 9l6 6 6-6',
  chevronLeft: 'M15 6l-6 6 6 6',
  chevronRight: 'M9 6l6 6-6 6',
  logout: 'M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l-5-5 5-5M5 12h11',
  fire: 'M12 21c4 0 7-2.8 7-6.6 0-3.3-2.3-5.4-3.6-7.4-.4 1.6-1.3 2.8-2.6 3.4.3-3.2-1.2-6-3.8-7.4.2 3-1.8 5-3.3 7C4.6 11.7 5 12.8 5 14.4 5 18.2 8 21 12 21z',
  search: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zm9 16-4-4',
  clock: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 4v5l3 2',
  star: 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z',
  play: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm-2 5.5v7l6-3.5z',
  pause: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM10 8.5v7m4-7v7',
  club: 'M12 4a3.2 3.2 0 0 0-3 4.3A3.2 3.2 0 1 0 10.5 14H11l-1 6h4l-1-6h.5A3.2 3.2 0 1 0 15 8.3 3.2 3.2 0 0 0 12 4z',
  friends: 'M16 20v-1.5a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4V20M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zm13 9v-1.5a4 4 0 0 0-3-3.9M16 4.1a3.5 3.5 0 0 1 0 6.8',
  cards: 'M8 4h9a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm4.5 4.5c-1.2 1.4-2.5 2.3-2.5 3.6a1.5 1.5 0 0 0 2.5 1.1 1.5 1.5 0 0 0 2.5-1.1c0-1.3-1.3-2.2-2.5-3.6zM12.5 13v2.5M3 7v11',
  fish: 'M3 12c2.5-4 6-6 10-6 3.5 0 6 2.5 8 6-2 3.5-4.5 6-8 6-4 0-7.5-2-10-6zm0 0-1-4m1 4-1 4m14-5h.01',
  slot: 'M5 4h11a2 2 0 0 1 2 2v13H3V6a2 2 0 0 1 2-2zm-1 5h13M7 13h1m3 0h1m3 0h1M18 9h2l1-3m-3 7h3',
  live: 'M3 7a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zm14 3 4-3v10l-4-3',
  trophy: 'M8 4h8v5a4 4 0 0 1-8 0zM8 6H4v1a4 4 0 0 0 4 4m8-5h4v1a4 4 0 0 1-4 4m-4 2v4m-4 3h8m-6-3h4',
  rooster: 'M7 20h10M9 20l1-4m4 4-1-4M6 11c0-3.3 2.7-6 6-6 2.2 0 3 1.4 3 3l3 1-3 1c0 3.5-1.8 6-5 6-2.3 0-4-2.2-4-5zm3-6-1-2m3 1 0-2',
  ticket: 'M4 7h16v3a2 2 0 0 0 0 4v3H4v-3a2 2 0 0 0 0-4zm10 0v10',
  cube: 'M12 3l8 4.5v9L12 21l-8-4.5v-9zm0 0v18M4 7.5l8 4.5 8-4.5',
  plus: 'M12 5v14M5 12h14',
  copy: 'M9 9h11v11H9zM5 15H4V4h11v1',
  share: 'M12 3v12M8 7l4-4 4 4M7 10H5v10h14V10h-2',
  vault: 'M4 5h16v13H4zM4 18v2m16-2v2M12 9a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zm0 0V7',
  arrowUp: 'M12 19V5m-6 6 6-6 6 6',
  arrowLeft: 'M19 12H5m6-6-6 6 6 6',
  alert: 'M12 3 2 20h20zM12 10v4m0 3h.01',
  tools: 'M14.5 6.5a4 4 0 0 0-5.4 5L4 16.6V20h3.4l5.1-5.1a4 4 0 0 0 5-5.4l-2.6 2.6-2.4-.6-.6-2.4z',
  lock: 'M6 11h12v9H6zm2 0V8a4 4 0 0 1 8 0v3',
  compass: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm3.5 5.5-2 5-5 2 2-5z',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  sparkle: 'M12 3v4m0 10v4M3 12h4m10 0h4M6 6l2.5 2.5m7 7L18 18M6 18l2.5-2.5m7-7L18 6',
  check: 'M4.5 12.5 9.5 17.5 19.5 6.5',
  paste: 'M9 4h6v3H9zM8 5.5H5V21h14V5.5h-3M9 12h6m-6 4h4',
} as const

export type IconName = keyof typeof ICON_PATHS

