// The same tokens as tokens.css, for the few places that need them in code (inline styles, tour).
export const theme = {
  colors: {
    accent: '#6366f1',
    accentStrong: '#4f46e5',
    success: '#0f766e',
    error: '#b91c1c',
    text: '#1f2937',
    overlay: 'rgba(0, 0, 0, 0.5)',
  },
  bottomNavigationHeight: 70,
} as const;
