// Letters spelled out one by one ("C O P D", "U R I") read as the abbreviation they spell.
import type { Token } from '../lexicon/index.ts';

// One capital letter said on its own: transcripts write a spelled abbreviation this way.
const LETTER = /^[A-Z]$/;

/**
 * The tokens with each run of two or more single capital letters, one space apart, joined into
 * one token whose norm is the abbreviation ("C O P D" → "copd") and whose span covers the run,
 * so the lexicon and the index read "C O P D" as they read "COPD".
 */
export function joinSpelledLetters(text: string, tokens: readonly Token[]): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < tokens.length) {
    let j = i;
    while (j < tokens.length && tokens[j]!.end - tokens[j]!.start === 1 && LETTER.test(text[tokens[j]!.start]!)
      && (j === i || tokens[j]!.start === tokens[j - 1]!.end + 1 && text[tokens[j - 1]!.end] === ' ')) j++;
    if (j - i >= 2) {
      out.push({ norm: tokens.slice(i, j).map((t) => t.norm).join(''), start: tokens[i]!.start, end: tokens[j - 1]!.end });
      i = j;
    } else {
      out.push(tokens[i]!);
      i++;
    }
  }
  return out;
}
