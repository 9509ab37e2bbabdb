// The chief complaint: the reason for the visit as the opening of the conversation states it
// ("… is a 48 year old female here for right finger pain", "what brings you in today?" →
// "I've been having pain in my right knee"). A condition coded somewhere in the visit is only
// the fallback: the first one named is often old history ("she has congestive heart failure"),
// not why the patient came.
import type { Span } from '../../ports.ts';
import type { Sentence } from '../transcript/index.ts';
import { asksForReason, cleanUtterance } from '../language/index.ts';
import type { Said as Statement } from './types.ts';

/** Only the opening of the visit states its reason; later "here for" talk is about other things. */
const OPENING_SHARE = 0.25;
const OPENING_MIN_SENTENCES = 12;
const MAX_WORDS = 10;

// What introduces the reason, said by the clinician; group 1 is where the reason starts.
const STATED = [
  /\b(?:here|come in|comes in|coming in|came in|presents?|presenting|referred|seeing (?:me|us)|see me) (?:today |this (?:morning|afternoon) |to(?:day)? (?:the )?clinic |back )?(?:for|with) ()/gi,
  /\b(?:reason for (?:your|the|today's) (?:visit|appointment)(?: today)?|chief complaint) (?:is|of) ()/gi,
  /\b(?:you(?:'ve| have)? been having|you(?:'re| are) having|you have been having|you've got|having some) ()/gi,
];
// A body part hurt or injured, said early by either side ("you hurt your left ankle", "my big toe hurts").
const PART = String.raw`((?:(?:left|right|lower|upper|big|little|middle|index|ring)\s+){0,3}(?:knee|ankle|foot|feet|toe|hip|back|shoulder|elbow|wrist|hand|finger|thumb|arm|leg|neck|head|eye|ear|chest|stomach|belly|abdomen|throat|jaw|heel|calf|thigh)s?)\b`;
const BODY_PART = new RegExp(PART, 'i');
const WHERE = new RegExp(String.raw`^(pain|swelling|numbness|tingling|weakness|stiffness|itching|rash|bruising) (?:in|on|of|at) (?:the )?` + PART + '$', 'i');
const INJURED = new RegExp(String.raw`\byou (?:hurt|injured|twisted|sprained|banged|jammed) (?:your |that |the )?` + PART, 'gi');
const HURTING = new RegExp(String.raw`\b(?:my|this|the) ` + PART + String.raw` (?:hurts|hurt|has hurt|is hurting|has been hurting|aches|is aching|has been aching|is killing me|is sore|has been sore|pain)\b`, 'gi');
const COMPLAINT = /\b(?:i(?:'ve| have)? been having|i(?:'ve| have) had|i(?:'m| am) having|i have|i've got|i got|i hurt|(?:it's|my) \w+(?: \w+)? (?:hurts?|has been hurting|is hurting))\b ()/gi;

// Where a reason phrase ends: punctuation, or a word that starts another clause.
const PHRASE_END = /[.,?!;:]|\b(?:you|i|she|he|we|they|it's|it is|also|over|for (?:a|about|the past|the last|a few|over)|for (?:[a-z]+ ){0,2}(?:hours?|days?|weeks?|months?|years?)\b|yes|yeah|okay|so|and (?:you|she|he|i|we|it|also|has|have|had|is|was)|but|because|which|that|who|can you|could you|tell me|listen|since|after|when|while|for (?:about|the past|the last|a few|over)|today|yesterday|this (?:morning|week)|last (?:week|night)|ago)\b/i;
const TRAILING = /(?:\s+(?:and|or|with|of|in|on|at|to|the|a|an|some|here|there|too|now))+$/i;
const LEADING = /^(?:(?:a|an|the|some|any|his|her|their|your|my|this|these|that|of|for|with|lot of|little|bit of|few|kind of|sort of|(?:an? )?evaluation (?:of|for)|complaints? of|(?:an? )?concern(?:s)? (?:about|for|of))\s+)+/i;
const POSSESSIVE = /\b(?:his|her|their|your|my)\s+/gi;
// A reason worth writing names something clinical.
const CLINICAL = /\b(?:pain|ache|aches|hurt\w*|sore|follow[- ]?up|followup|exam|physical|visit|check[- ]?up|labs?|results?|injur\w*|consult\w*|evaluation|opinion|problems?|issues?|swelling|rash|lump|mass|cough|fever|refill|screening|sugar|pressure|wound|bite|twitch|numb\w*|tingl\w*|bleed\w*|infection\w*|lesion|ulcer|fracture|sprain|headaches?|dizz\w*|nausea|vomit\w*|diarrh\w*|constipat\w*|breath|swallow\w*|anxiety|depress\w*|stress|weight|fatigue|tired\w*|cancer|tumou?r|diabetes|hypertension|asthma|copd|itch\w*|burn\w*|stones?|cyst\w*|difficult\w*|trouble|urinat\w*|disease|disorder|syndrome|itis)\b/i;

/**
 * The reason for the visit stated in its opening, in the visit's words, with its exact spans;
 * else `firstCondition` (the first condition the visit names). Either gains the side of its
 * body part when the opening says it.
 */
export function chiefComplaint(text: string, sentences: Sentence[], firstCondition?: Statement): Statement | undefined {
  const opening = sentences.slice(0, Math.max(OPENING_MIN_SENTENCES, Math.ceil(sentences.length * OPENING_SHARE)));
  const reason = reasonIn(text, opening) ?? firstCondition;
  return reason && withSide(reason, text, opening);
}

function reasonIn(text: string, opening: Sentence[]): Statement | undefined {
  for (const [i, s] of opening.entries()) {
    // What the clinician asks to hear the reason (discourse.json reasonQuestions); the patient's next sentence answers it.
    const asked = i > 0 && asksForReason(opening[i - 1]!.text) && opening[i - 1]!.role === 'clinician';
    const patterns = s.role === 'clinician' ? STATED : s.role === 'patient' && asked ? [COMPLAINT] : [];
    for (const pattern of patterns) {
      const found = phraseIn(text, s.span, pattern);
      if (found) return found;
    }
    const hurt = (s.role === 'clinician' ? partIn(text, s.span, INJURED, 'injury') : undefined) ?? partIn(text, s.span, HURTING, 'pain');
    if (hurt) return hurt;
  }
  return undefined;
}

/**
 * "Knee pain" becomes "Right knee pain" when the opening names the side of that part; the
 * side's words join the evidence.
 */
function withSide(reason: Statement, text: string, opening: Sentence[]): Statement {
  const part = reason.text.match(BODY_PART);
  if (!part || /\b(?:left|right|bilateral|both)\b/i.test(reason.text)) return reason;
  const noun = part[1]!.split(/\s+/).pop()!.replace(/s$/, '');
  const sided = new RegExp(String.raw`\b(left|right)\s+(?:[a-z]+\s+){0,2}?${noun}s?\b`, 'gi');
  for (const s of opening) {
    const m = [...text.slice(s.span.start, s.span.end).matchAll(sided)][0];
    if (!m) continue;
    const start = s.span.start + m.index!;
    return { text: `${capitalised(m[1]!.toLowerCase())} ${reason.text.charAt(0).toLowerCase()}${reason.text.slice(1)}`, spans: [...reason.spans, { start, end: start + m[0].length }] };
  }
  return reason;
}

function phraseIn(text: string, span: Span, pattern: RegExp): Statement | undefined {
  const raw = text.slice(span.start, span.end);
  for (const m of raw.matchAll(pattern)) {
    const from = m.index! + m[0].length;
    const rest = raw.slice(from);
    const stop = rest.search(PHRASE_END);
    const phrase = (stop >= 0 ? rest.slice(0, stop) : rest).replace(/\s+$/, '');
    const reason = tidyReason(phrase);
    if (!reason) continue;
    const start = span.start + from;
    return { text: reason, spans: [{ start, end: start + phrase.length }] };
  }
  return undefined;
}

/** "<body part> injury|pain" where a sentence says that part was hurt, spanning what was said. */
function partIn(text: string, span: Span, pattern: RegExp, what: string): Statement | undefined {
  const m = [...text.slice(span.start, span.end).matchAll(pattern)][0];
  if (!m) return undefined;
  const start = span.start + m.index!;
  return { text: capitalised(`${m[1]!.toLowerCase().replace(/\s+/g, ' ')} ${what}`), spans: [{ start, end: start + m[0].length }] };
}

function tidyReason(phrase: string): string | undefined {
  const words = cleanUtterance(phrase).replace(LEADING, '').replace(POSSESSIVE, '').replace(/\bsome\s+/gi, '').replace(/\s+/g, ' ').trim().replace(TRAILING, '');
  if (!words || words.split(' ').length > MAX_WORDS || !CLINICAL.test(words) || /^(?:past|history|medical history)\b/i.test(words)) return undefined;
  // "pain in right knee" is written the way notes name it: "right knee pain".
  const where = WHERE.exec(words);
  return capitalised(where ? `${where[2]} ${where[1]}` : words);
}

function capitalised(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}
