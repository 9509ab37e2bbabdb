// Follow-up said inside a plan sentence ("start albuterol…, and see her back in 2 weeks"): split
// off so the note gives it its own line, as clinicians write it.
import { RUN_OPENER_WORDS } from '../language/index.ts';

// A follow-up clause in note voice (after clinicianToNote and tidy).
const FOLLOW_UP = /\b(?:(?:we will|I will|(?:she|he|the patient|they) (?:should|will|can|needs to))\s+)?(?:(?:have (?:her|him|the patient|them) )?(?:follow[- ]?up\b(?! (?:on|of) (?:the|her|his|your|their) (?:results?|labs?|tests?))|come back (?:in|to see|for|after|and see)\b|return (?:in|to (?:clinic|the clinic|the office|see)|for)\b|check back\b)|see (?:her|him|the patient|them) (?:back|again|in)\b)/i;
const JOIN = /(?:,\s*|\s+)(?:and then|and|then)\s*$|[,;]\s*$/i;
const INTERVAL = /^(.*?)\bin (?:about |approximately |around )?((?:\d+|a|one|a couple of|a few)(?:\s*(?:-|to|or)\s*\d+)? (?:days?|weeks?|months?|years?))\s*[.]?$/i;
const OPENERS = new RegExp(`^(?:(?:${RUN_OPENER_WORDS})\\b[\\s,]*)*$`, 'i');

export interface FollowUpSplit {
  /** The rest of the sentence, when it said more than the follow-up. */
  rest?: string;
  /** The follow-up as a sentence of its own. */
  followUp: string;
}

const sentence = (s: string): string => {
  const t = s.trim().replace(/[,;\s]+$/, '');
  return t.charAt(0).toUpperCase() + t.slice(1) + (/[.!?]$/.test(t) ? '' : '.');
};

/** Splits a note sentence into its plan and its follow-up, or undefined when it names no follow-up. */
export function splitFollowUp(text: string): FollowUpSplit | undefined {
  const m = FOLLOW_UP.exec(text);
  if (!m) return undefined;
  const before = text.slice(0, m.index);
  if (OPENERS.test(before.trim())) return { followUp: text };
  const join = JOIN.exec(before);
  if (!join) return undefined; // follow-up inside a clause we cannot cut cleanly: leave the sentence whole
  const rest = sentence(before.slice(0, join.index));
  const clause = text.slice(m.index).replace(/[.!?]\s*$/, '');
  const interval = INTERVAL.exec(clause);
  // "see the patient back in 2 weeks" → "Follow up in 2 weeks." when nothing else was said.
  const followUp = interval && FOLLOW_UP.test(interval[1]!) && interval[1]!.replace(FOLLOW_UP, '').trim() === '' ? `Follow up in ${interval[2]}.` : sentence(clause);
  return { rest, followUp };
}
