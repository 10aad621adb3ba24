// Icons of the bottom navigations (inline SVG: no icon library in the bundle). Decorative: the
// BottomNavigation renders them aria-hidden next to the visible label.
const common = { viewBox: '0 0 24 24', width: 24, height: 24, fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export const AlbumIcon = () => (
  <svg {...common}>
    <rect x="3" y="3" width="7" height="7" rx="1.5" />
    <rect x="14" y="3" width="7" height="7" rx="1.5" />
    <rect x="3" y="14" width="7" height="7" rx="1.5" />
    <rect x="14" y="14" width="7" height="7" rx="1.5" />
  </svg>
);

export const CameraIcon = () => (
  <svg {...common}>
    <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
    <circle cx="12" cy="13" r="3.5" />
  </svg>
);

export const FilterIcon = () => (
  <svg {...common}>
    <path d="M4 5h16l-6 8v6l-4-2v-4z" />
  </svg>
);

export const ShareIcon = () => (
  <svg {...common}>
    <circle cx="18" cy="5" r="2.5" />
    <circle cx="6" cy="12" r="2.5" />
    <circle cx="18" cy="19" r="2.5" />
    <path d="M8.2 10.8l7.6-4.4M8.2 13.2l7.6 4.4" />
  </svg>
);
