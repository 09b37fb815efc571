import type { REACTION_EMOJIS } from '@parley/protocol';

type EmojiName =
  | 'reactions.names.thumbs_up'
  | 'reactions.names.heart'
  | 'reactions.names.smile'
  | 'reactions.names.eyes'
  | 'reactions.names.thumbs_down'
  | 'reactions.names.party'
  | 'reactions.names.frown'
  | 'reactions.names.rocket';

/** The eight reactions of SPEC §9, each with its spoken name (a key of the `actions` namespace). */
export const EMOJIS: readonly { emoji: (typeof REACTION_EMOJIS)[number]; name: EmojiName }[] = [
  { emoji: '👍', name: 'reactions.names.thumbs_up' },
  { emoji: '❤️', name: 'reactions.names.heart' },
  { emoji: '😄', name: 'reactions.names.smile' },
  { emoji: '👀', name: 'reactions.names.eyes' },
  { emoji: '👎', name: 'reactions.names.thumbs_down' },
  { emoji: '🎉', name: 'reactions.names.party' },
  { emoji: '🙁', name: 'reactions.names.frown' },
  { emoji: '🚀', name: 'reactions.names.rocket' },
];

/** Names as one readable list in the reader's language ("Ann, Bea and Cleo"). */
export function joinNames(names: readonly string[], locale: string): string {
  try {
    return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(names);
  } catch {
    return names.join(', ');
  }
}
