// Spoken-sentence clean-up for the note: ASR spacing, discourse openers, capitals, full stops.
import { spokenNumbersToDigits } from '../numbers/index.ts';

const OPENERS = /^(?:(?:so|okay|ok|and|yeah|yes|well|alright|all right|now|um|uh|but|right|you know|like|oh|i mean|anyway|great|good|perfect|sure|no|hmm)\b[\s,]*)+/i;

export function tidy(text: string): string {
  let t = text
    .replace(/\s+n't\b/g, "n't").replace(/\s+'(s|re|ve|ll|d|m)\b/g, "'$1")
    .replace(/\bgon na\b/g, 'going to').replace(/\bwan na\b/g, 'want to').replace(/\bgot ta\b/g, 'got to')
    .replace(/\s*,\s*/g, ', ').replace(/\s+([.?!;:%])/g, '$1')
    .replace(/\byou know,?\s*/gi, '').replace(/\bkind of\s+|\bsort of\s+/gi, '').replace(/\blike,\s*/gi, '');
  t = t.replace(/,?\s*\b(?:is that correct|is that right|does that sound (?:like a plan|good|okay)|does that make sense|sound good|any questions)\s*(?:([.?!])\s*)?$/i, '$1')
    .replace(/,?\s*\b(?:okay|ok|all right|alright|right)\s*(?:([.?!])\s*)?$/i, '$1').replace(/\bi\b/g, 'I').replace(/\bi'(m|ve|ll|d)\b/g, "I'$1");
  t = spokenNumbersToDigits(t);
  t = t.replace(OPENERS, '').replace(/^[,\s]+/, '').replace(/[,\s]+$/, '').trim();
  if (!t) return '';
  t = t.charAt(0).toUpperCase() + t.slice(1);
  if (!/[.?!]$/.test(t)) t += '.';
  return t.replace(/\?$/, '.');
}
