// Contractions a transcription tool split into two words ("you 're", "it 's") joined again for matching.
import { languageData, spokenAlternation } from './data.ts';

interface SplitContractions { splitContractions: { suffixes: string[] } }

const suffixes = languageData<SplitContractions>('voice').splitContractions.suffixes;
// A word, a space, then a contraction's suffix that ends a word: "you 're" → "you're", "do n't" → "don't".
const SPLIT = new RegExp(`(\\w)\\s+(${spokenAlternation(suffixes)})(?![\\w'’])`, 'gi');

/**
 * Text with split contractions joined ("you 're 95 percent" → "you're 95 percent"), so a cue list
 * written "you're" matches it; the text is for matching only, its offsets no longer the source's.
 */
export function joinSplitContractions(text: string): string {
  return text.replace(SPLIT, '$1$2');
}
