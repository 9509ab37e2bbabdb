// Word tokens with character offsets; the same rule for lexicon phrases and for text,
// so a phrase matches whatever punctuation or case the speaker's words carry.
export interface Token {
  /** Lower-case, curly apostrophes straightened. */
  norm: string;
  start: number;
  end: number;
}

const WORD = /[A-Za-z0-9]+(?:['’][A-Za-z]+)*/g;

export function tokenize(text: string, from = 0, to = text.length): Token[] {
  const out: Token[] = [];
  const re = new RegExp(WORD.source, 'g');
  re.lastIndex = from;
  for (let m = re.exec(text); m && m.index < to; m = re.exec(text)) {
    const end = m.index + m[0].length;
    if (end > to) break;
    out.push({ norm: m[0].toLowerCase().replace('’', "'"), start: m.index, end });
  }
  return out;
}

export function phraseTokens(phrase: string): string[] {
  return tokenize(phrase).map((t) => t.norm);
}
