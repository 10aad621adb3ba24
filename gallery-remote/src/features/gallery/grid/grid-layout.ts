/** Grid rules (spec §2: 2 to 4 columns by width). Plain functions, tested without React. */
export const gridLayout = {
  gapPx: 6,
  /** Below this width: 2 columns (phones). */
  threeColumnsFromPx: 600,
  /** From this width: 4 columns (tablets in landscape, desktops). */
  fourColumnsFromPx: 960,
} as const;

export function columnsForWidth(width: number): 2 | 3 | 4 {
  if (width >= gridLayout.fourColumnsFromPx) return 4;
  if (width >= gridLayout.threeColumnsFromPx) return 3;
  return 2;
}

/** Square tiles: the row height is known before any image loads, so nothing shifts. */
export function tileSizeFor(width: number, columns: number, gap: number = gridLayout.gapPx): number {
  if (width <= 0) return 0;
  return Math.max(1, Math.floor((width - gap * (columns - 1)) / columns));
}

export function rowCountFor(items: number, columns: number): number {
  return Math.ceil(items / columns);
}
