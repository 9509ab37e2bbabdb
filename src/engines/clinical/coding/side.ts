// The side (laterality) a mention refers to, and the words that name one; shared by
// mentions.ts (finding the side) and specify.ts (coding by side), so neither imports the other.

export type Side = 'R' | 'L' | 'B' | 'U';

/** Words naming a side: right, left, and both sides ("bilateral", "both"). */
export const SIDE_WORDS: Readonly<Record<string, Side>> = { right: 'R', left: 'L', bilateral: 'B', both: 'B' };
