// The one clean-up of a spoken sentence for a note: ASR spacing, fillers, stutters, openers and closing tags.
import { spokenNumbersToDigits } from '../numbers/index.ts';
import { cleanUtterance } from './fillers.ts';
import { alternation, languageData, runAlternation } from './data.ts';
import { writtenOut } from './written.ts';

interface TidyData { leadingWords: string[]; leadingBeforeComma: string[]; closingTags: string[]; closingAfterComma: string[]; }
interface FillerData { fillers: string[]; }

const d = languageData<TidyData>('discourse');
const f = languageData<FillerData>('fillers');

// Each alternative is a literal; a repetition must consume a word and its separator (linear time).
// Only at a word's start (after a space, a comma or the start), so a run of spaces is not tried from every position.
const FILLERS = new RegExp(`(?<![^\\s,])(?:${alternation(f.fillers)})\\s*(?=[\\s,.?!]|$)`, 'gi');
const LEADING = new RegExp(`^(?:(?:${runAlternation(d.leadingWords)})\\b[\\s,]*)+`, 'i');
// "Right, so…" is an opener; "right knee" is not: these go only before a comma.
const LEADING_COMMA = new RegExp(`^(?:${alternation(d.leadingBeforeComma)})\\s*,\\s*`, 'i');
const CLOSING = new RegExp(`(?<![\\s,]),?\\s*\\b(?:${alternation(d.closingTags)})\\s*([.?!]?)$`, 'i');
// "…on the left, right?" is a tag; "pain on the right" is not.
const CLOSING_COMMA = new RegExp(`,\\s*(?:${alternation(d.closingAfterComma)})\\s*([.?!]?)$`, 'i');

/** Drops a repeated run of two or three words ("for the past for the past week"), by tokens rather than a backreference. */
function collapseRepeats(text: string): string {
  const words = text.split(' ');
  const out: string[] = [];
  for (const w of words) {
    out.push(w);
    for (const n of [3, 2]) {
      if (out.length < 2 * n) continue;
      const a = out.slice(-2 * n, -n);
      const b = out.slice(-n);
      if (a.every((x, i) => /^\w+$/.test(x) && x.toLowerCase() === b[i]!.toLowerCase())) { out.length -= n; break; }
    }
  }
  return out.join(' ');
}

/** Undoes ASR tokenisation ("pain , and it 's"), drops fillers, stutters, openers and closing tags ("…, okay?"). */
export function tidy(text: string): string {
  let t = ` ${text} `.replace(/\s+(n't|'s|'re|'ve|'ll|'d|'m)\b/gi, '$1').replace(FILLERS, ' ');
  t = cleanUtterance(t)
    .replace(/\bgon na\b/gi, 'going to').replace(/\bwan na\b/gi, 'want to').replace(/\bgot ta\b/gi, 'got to')
    .replace(/\b(?:kind|sort) of\s+/gi, '').replace(/\blike,\s*/gi, '')
    .replace(/(\d)\s+-\s*(?=(?:years?|months?|weeks?|days?)\b)/gi, '$1-').replace(/\s+([,.?!;:%])/g, '$1').replace(/,(?=\S)(?!(?<=\d,)\d{3}(?!\d))/g, ', ').replace(/,\s*,/g, ',')
    .replace(/\s+/g, ' ').trim();
  t = collapseRepeats(t);
  for (let i = 0; i < 3; i++) t = t.replace(CLOSING, '$1').replace(CLOSING_COMMA, '$1').trim();
  t = t.replace(LEADING, '').replace(LEADING_COMMA, '').replace(LEADING, '').replace(/^[,\s]+/, '').replace(/[,\s]+$/, '');
  return t.trim();
}

/** A clause as a sentence: capital first letter, full stop ("?" becomes "."), trailing commas gone. */
export function sentenceCase(text: string): string {
  const t = text.trim().replace(/[,;:\s]+$/, '').replace(/\bi\b/g, 'I').replace(/\bi'(m|ve|ll|d)\b/g, "I'$1");
  if (!t) return t;
  const cased = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.?!]$/.test(cased) ? cased.replace(/\?$/, '.') : `${cased}.`;
}

/** What was said, as a note sentence: tidied, numbers as digits, written register, capitalised and closed. */
export function noteSentence(text: string): string {
  const t = writtenOut(tidy(spokenNumbersToDigits(text)));
  return t ? sentenceCase(t) : '';
}
