// The words that name a side of the body, built once from data/language/en/clinical-terms.json `sides`.
import { languageData } from './data.ts';

export type Side = 'R' | 'L' | 'B' | 'U';

/** Words naming a side: right, left, and both sides ("bilateral", "both"). */
export const SIDE_WORDS: Readonly<Record<string, Side>> = languageData<{ sides: { words: Record<string, Side> } }>('clinical-terms').sides.words;
