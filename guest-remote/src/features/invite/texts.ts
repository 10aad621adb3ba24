// The invite link's Portuguese strings.
// Spec texts exactly as the specification writes them; where it elides a sentence's end ('...'), the
// ending is ours; `{x}` placeholders are filled with formatText from design-kit.
export const texts = {
  resolvingInvite: 'Abrindo convite...',
} as const;
