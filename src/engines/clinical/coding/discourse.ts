// How a mention sits in the conversation, beyond its assertion status: whether the clinician
// frames it as a reason for the visit or a problem of the assessment, and the local readings
// a coder gives a phrase (a drug's indication, someone else's habit, a definition, a removed
// lesion, an abbreviation in its other sense).
import type { Span } from '../../ports.ts';
import { doubted, genericExperiencer, testedFor, vaccinatedAgainst } from './cue-phrases.ts';

/** Lower-case words of text[from, to), single-spaced ("do n't" kept as said). */
export function wordsBefore(text: string, from: number, to: number): string {
  return (text.slice(from, to).toLowerCase().replace(/’/g, "'").match(/[a-z0-9]+(?:'[a-z]+)*|'[a-z]+/g) ?? []).join(' ');
}

// Reason for the visit: "here for", "presents with", "here today for evaluation of", "brings you in".
const REASON = /\b(?:here (?:today |now )?(?:for|with|about|to (?:discuss|talk about|follow up on|see (?:me|us) (?:for|about)))|(?:presents?|presenting|presented|comes? in|coming in|came in|in today|seen today|seeing (?:me|us))(?: today)? (?:with|for)|complaints? of|complaining of|evaluation of|follow ?up (?:of|on|for)|brings? (?:you|her|him) in (?:for|with)?)\b/g;
const REASON_REACH = 12; // words from the trigger to the mention ("…with chf and copd")
// A problem of the assessment: "for your first problem, your…", "in terms of your…", "as for the…".
const HEADING =
  /\b(?:for|as for|regarding|with regards? to|in terms of|moving on to|on to|onto)\s+(?:your|her|his|the|this|that)\s+(?:(?:(?:first|second|third|fourth|fifth|next|last|final|other|ish|main|primary)\s+)+(?:problem|issue|concern|complaint|diagnosis|thing)s?\s+(?:(?:of|is|was|with|here)\s+)?(?:(?:your|her|his|the|this|that)\s+)*)?(?:\S+\s+){0,2}$/;
const ORDINAL_PROBLEM = /\b(?:first|second|third|fourth|fifth|next|last|final)\s+(?:ish\s+)?(?:problem|issue|diagnosis|concern)s?\b(?:\s+\S+){0,4}$/;
const IMPRESSION = /\b(?:impression|assessment|diagnosis|diagnoses|diagnosed (?:you |her |him )?with)\b(?:\s+\S+){0,8}$/;
const STANDPOINT = /^\W*(?:\S+\s+)?(?:standpoint|perspective)\b/i;

// "For your…", "in terms of your…" heads a problem only where the assessment is said (the
// closing part of a conversation); earlier it is history taking.
export const ASSESSMENT_PART = 0.6;

export type Framing = 'heading' | 'impression' | 'reason';

/**
 * How a mention preceded by `lead` (words of its sentence) and followed by `tail` is framed:
 * as a problem heading of the assessment, in the clinician's impression, or in the reason
 * for the visit; undefined when it is not. `position`: where the mention lies in the text,
 * 0 (start) to 1 (end).
 */
export function framingAt(lead: string, tail: string, position: number): Framing | undefined {
  const padded = lead ? `${lead} ` : '';
  if (ORDINAL_PROBLEM.test(lead) || STANDPOINT.test(tail)) return 'heading';
  if (position >= ASSESSMENT_PART && HEADING.test(padded)) return 'heading';
  if (IMPRESSION.test(lead)) return 'impression';
  let last = -1;
  for (const m of lead.matchAll(REASON)) last = m.index + m[0].length;
  return last >= 0 && lead.slice(last).split(' ').filter(Boolean).length <= REASON_REACH ? 'reason' : undefined;
}

/** Is the mention framed at all (see framingAt)? */
export function framedAt(lead: string, tail: string, position: number): boolean {
  return framingAt(lead, tail, position) !== undefined;
}

// What a drug is for, said in general ("that helps with coronary disease"): not the
// patient's condition. With a possessive ("to treat your gout") it is.
const INDICATION = /\b(?:helps?|helped|helping|good|used|meant|works?|designed|approved) (?:with|for|to treat|against)(?: \S+){0,2}$|\b(?:to treat|treats|for treating|protects?)(?: \S+){0,2}$/;
const POSSESSIVE = /\b(?:your|my|her|his|their)\b/;
// Someone else's condition or habit: "around somebody who has been smoking".
const OTHER_PERSON = /\b(?:somebody|someone|anybody|anyone|people|others|everybody|everyone|other kids|other patients)(?: \S+)? (?:who|that|with)\b(?: \S+){0,8}$/;
// A definition: "alpha-gal, the one where a tick bites you and you get an allergic reaction".
const DEFINITION = /\b(?:the (?:one|kind|type|thing) (?:where|when|that|which)|which is (?:when|where)|that's (?:when|where)|is (?:when|where) (?:you|a|the|your))\b(?: \S+){0,12}$/;

// The clinician ruling a condition out at some length: "I don't think that this is a sign of a stroke".
const RULED_OUT = /\b(?:do n't|don't|do not|did n't|didn't) (?:think|believe)\b(?: (?!but\b|however\b|although\b|though\b|so\b|and\b)\S+){0,10}$/;

// Hedges the context triggers do not reach: "could just be something related to…".
const HEDGED = /\b(?:could|might|may|can) (?:just|also|still|well|possibly|even) (?:be|have)\b(?: \S+){0,8}$/;
// An offer for another day: "you can always come and see me about your mood, stress, anxiety".
const OFFER = /\b(?:you can always|feel free to|do n't hesitate|don't hesitate|do not hesitate|if you ever)\b(?: \S+){0,10}$/;
// The patient's fear, named after it: "brain cancer, I know that was a big worry of yours".
const WORRY_AFTER = /^\W*(?:[\w']+[^\w']+){0,6}?(?:was|is|'s|been|were|are)\s+(?:a |an |your |the |my |our )?(?:big |main |real |major |biggest |only )?(?:worry|worries|concern|fear)\b/i;
/** Words that make a sentence a question about the patient's worries. */
export const WORRY = /\b(?:worr(?:y|ied|ies|ying)|scared|afraid|frightened|fear(?:ful)?)\b/i;

// Safety-netting: the whole sentence lists what to watch for ("things to look out for would
// be worsening pain, fevers, vomiting et cetera").
const SAFETY_NET = /\b(?:look out for|watch out for|watch for|keep an eye out for|red flags?|warning signs?|come back if|return if|seek help if|call (?:us|me) if)\b/;

/**
 * Words from the start of the punctuated sentence (or line) to `to`: unpunctuated runs are
 * cut at discourse markers for assertion scopes, but a safety-netting list runs on.
 */
export function punctuatedLead(text: string, to: number): string {
  let from = to;
  const limit = Math.max(0, to - 600);
  while (from > limit) {
    const ch = text[from - 1]!;
    if (ch === '\n' || ch === '\r' || ((ch === '.' || ch === '!' || ch === '?') && /\s/.test(text[from] ?? ' '))) break;
    from--;
  }
  return wordsBefore(text, from, to);
}

/**
 * A present mention's reading from the words around it, when they say otherwise. `lead`:
 * the words of its sentence before it; `tail`: the text after it in the sentence;
 * `fullLead`: the words before it since the last sentence mark (see punctuatedLead).
 */
export function localStatus(lead: string, tail: string, fullLead = lead): 'hypothetical' | 'negated' | 'uncertain' | undefined {
  if (RULED_OUT.test(lead) || doubted(lead, tail)) return 'negated';
  if (HEDGED.test(lead) || WORRY_AFTER.test(tail) || testedFor(lead)) return 'uncertain';
  if (OFFER.test(lead) || SAFETY_NET.test(fullLead)) return 'hypothetical';
  const m = INDICATION.exec(lead);
  if (m && !POSSESSIVE.test(m[0])) return 'hypothetical';
  if (OTHER_PERSON.test(lead) || DEFINITION.test(lead) || genericExperiencer(lead)) return 'hypothetical';
  if (vaccinatedAgainst(lead, tail)) return 'hypothetical';
  return undefined;
}

// Abbreviations with another sense in the same conversations: "cva tenderness" is the
// costovertebral angle, not a stroke.
const OTHER_SENSE: Record<string, RegExp> = {
  cva: /\b(?:tender|tenderness|flank|palpat\w*|guarding|rebound|angle|percussion|costovertebral|tinnitus)\b/i,
};

/** Is the matched phrase, in this sentence, the other sense of an ambiguous abbreviation? */
export function otherSense(matched: string, sentence: string): boolean {
  const re = OTHER_SENSE[matched.toLowerCase()];
  return re !== undefined && re.test(sentence);
}

// Said as done (past participles), not planned: "had a skin cancer removed", "they removed a cataract".
const REMOVED = /\b(?:removed|excised|resected|taken out|took out|extracted)\b/i;
const PLANNED = /\b(?:will|going to|gon na|gonna|plan|planning|recommend|schedule|need to|needs to|want to|would like to|should)\b/i;
const REMOVED_REACH = 60; // characters either side, within the sentence

/** Is the mention said to have been removed ("had a skin cancer removed", "cataract removal")? */
export function removedNear(text: string, m: { start: number; end: number; sentence: Span }): boolean {
  const from = Math.max(m.sentence.start, m.start - REMOVED_REACH);
  const to = Math.min(m.sentence.end, m.end + REMOVED_REACH);
  if (PLANNED.test(text.slice(m.sentence.start, m.sentence.end))) return false;
  return REMOVED.test(text.slice(from, m.start)) || REMOVED.test(text.slice(m.end, to));
}

// A relative's condition the clinician weighs for the patient's care (screening, risk, tests).
const FAMILY_WEIGHED = /\b(?:given|because of|due to|screen\w*|risk|colonoscopy|mammogram\w*|genetic|early)\b/i;
/** Does the sentence of a family-history mention tie it to the patient's care? */
export function familyWeighed(sentence: string): boolean {
  return FAMILY_WEIGHED.test(sentence);
}

// A short follow-up placing what was just said in the past: "About five years ago."
const AGO = /\b(?:years?|months?) ago\b|\b(?:last|previous) year\b|\bin (?:19|20)\d\d\b|\bwhen i was (?:a kid|younger|little|a child)\b/i;
/** Is `next` (the following sentence) a short time-ago remark? */
export function pastFollowUp(next: string): boolean {
  return AGO.test(next) && next.split(/\s+/).filter(Boolean).length <= 8;
}

/** Words between a relative's condition and the next one that keep the same person ("and one of them had…"). */
export function sharesFamilyExperiencer(between: string): boolean {
  return /\b(?:one of them|both of them|they|he|she|them)\b/i.test(between) && !/\b(?:i|i'm|i've|me|my|you|your)\b/i.test(between);
}

// A visit that follows up an injury already treated (7th character D, subsequent encounter):
// said to be a follow-up or a recheck in its opening, and the injury said to be healing.
const FOLLOW_UP_VISIT = /\b(?:follow(?:ing)?[ -]?up|re-?check|since (?:i|we) (?:last )?saw you|last time (?:i|we) saw you|(?:at|since|from) your last visit|(?:i|we) saw you (?:\S+ ){1,3}(?:days?|weeks?|months?) ago)\b/i;
const HEALING = /\b(?:(?:is|it's|been|are|they're|has been|have been) healing|healing (?:well|nicely|up|fine|good)|(?:has|have|it's|is) (?:mostly |almost |nearly |completely |fully )?healed|healed (?:well|nicely|up))\b/i;
const OPENING_PART = 0.25;

/** Does the visit follow up a healing injury (an opening follow-up, healing said)? */
export function followsUpHealingInjury(text: string): boolean {
  return FOLLOW_UP_VISIT.test(text.slice(0, Math.max(400, Math.floor(text.length * OPENING_PART)))) && HEALING.test(text);
}
