// What a clinician sentence does: says a diagnosis ("this is a lumbar strain") or gives a
// plan instruction ("take naproxen…", "come back in two weeks", "let's get an x-ray").
// One long clinician turn often does both, so a sentence is also cut into its plan clauses,
// each keeping the exact characters it came from. Cue words live in data/templates/acts.json.
import { readFileSync } from 'node:fs';
import type { Span } from '../../ports.ts';
import { assertionsFor } from '../context/index.ts';
import { findConcepts, tokenize } from '../lexicon/index.ts';
import { alternation, hedged, opensLikeQuestion, RUN_OPENER_WORDS, setsFollowUp, tidy, wordsPattern } from '../language/index.ts';

interface ActData {
  assessmentCues: string[];
  planLeads: string[];
  planIntents: string[];
  intentVerbs: string[];
  instructionLeads: string[];
  notPlan: string[];
}

const data = JSON.parse(readFileSync(new URL('../../../../data/templates/acts.json', import.meta.url), 'utf8')) as ActData;

// Leading words and plan-step order words ("okay so first, …") before a clause.
const OPENERS = `(?:(?:${RUN_OPENER_WORDS})[\\s,]+)*`;
const LEAD = `(?:${alternation(data.planLeads)})`;
const INSTRUCTION = `(?:${alternation(data.instructionLeads)})`;
const INTENT = `(?:${alternation(data.planIntents)})(?:\\s+(?:go ahead and|just|also|probably|definitely|need to|want to|have to))*\\s+(?:${alternation(data.intentVerbs)})`;
const STARTS_AS_PLAN = new RegExp(`^${OPENERS}(?:${LEAD}|${INSTRUCTION}|${INTENT})\\b`, 'i');
const INTENT_ANYWHERE = new RegExp(`\\b${INTENT}\\b`, 'i');
const NOT_PLAN = new RegExp(wordsPattern(data.notPlan), 'i');
const ASSESSMENT_CUE = new RegExp(`(?:^|[\\s,])(${alternation(data.assessmentCues)})\\b`, 'gi');

export interface Act {
  kind: 'assessment' | 'plan';
  /** A plan clause that sets the follow-up ("come back in two weeks"). */
  followUp?: boolean;
  /** For a diagnosis said in a short sentence: where the diagnosis phrase starts in the text. */
  diagnosisFrom?: number;
  hedged?: boolean;
}

function planAct(text: string): Act | undefined {
  if (NOT_PLAN.test(text)) return undefined;
  const followUp = setsFollowUp(text);
  if (STARTS_AS_PLAN.test(text) || INTENT_ANYWHERE.test(text) || followUp) return { kind: 'plan', followUp: followUp || undefined };
  return undefined;
}

function assessmentAct(text: string): Act | undefined {
  const mentions = findConcepts(tokenize(text)).filter((m) => m.concept.kind === 'dx' || m.concept.kind === 'chronic');
  if (mentions.length === 0) return undefined;
  for (const cue of text.matchAll(ASSESSMENT_CUE)) {
    const cueEnd = cue.index! + cue[0].length;
    const before = text.slice(0, cue.index!);
    // "if you have…", "do you have…", "you have a history of…" are not diagnoses.
    if (/\b(?:if|when|whether|do|did|because)\s*$/i.test(before)) continue;
    const mention = mentions.find((m) => m.start >= cueEnd && text.slice(cueEnd, m.start).split(/\s+/).filter(Boolean).length <= 5);
    if (!mention) continue;
    // Negated, hypothetical, past or someone else's ("no sign of", "if it were", "history of") is not this visit's diagnosis.
    const a = assertionsFor(text, { start: mention.start, end: mention.end }, { start: 0, end: text.length });
    if (a.negated || a.hypothetical || a.historical || a.family) continue;
    const rest = text.slice(cueEnd).replace(/[.!,;\s]+$/, '');
    const short = rest.split(/\s+/).filter(Boolean).length <= 8;
    return { kind: 'assessment', diagnosisFrom: short ? cueEnd : undefined, hedged: hedged(cue[1]!) || hedged(text.slice(cueEnd, mention.start)) };
  }
  return undefined;
}

/** The act of one clinician sentence or clause (text already tidied), if it has one. */
export function clinicianAct(text: string): Act | undefined {
  const t = text.trim();
  if (t.endsWith('?') || opensLikeQuestion(t)) return undefined;
  return assessmentAct(text) ?? planAct(text);
}

// Where a new plan clause may begin: after a comma or semicolon, or after "and", "then", "so".
const BOUNDARY = /\s*[,;]\s*(?:(?:and|then|so|also|plus)\s+)*|\s+(?:(?:and|then|so|also|plus)\s+)+/gi;

/**
 * Cuts a clinician sentence (as submitted; `span` holds its characters) where a plan clause
 * begins: "this is a strain, take naproxen…, use heat, and come back in two weeks" gives
 * four pieces. The joining words fall between the pieces' spans; each piece after the first
 * keeps them as `joiner`, so prose can put the sentence back together.
 */
export function planClauses(text: string, span: Span): { text: string; span: Span; joiner?: string }[] {
  const out: { text: string; span: Span; joiner?: string }[] = [];
  let joiner: string | undefined;
  let from = 0;
  for (const m of text.matchAll(BOUNDARY)) {
    const next = m.index! + m[0].length;
    const head = text.slice(from, m.index!);
    if (head.split(/\s+/).filter(Boolean).length < 2) continue;
    const tail = text.slice(next);
    if (!STARTS_AS_PLAN.test(tail) || NOT_PLAN.test(tail.split(/[,;.]/)[0] ?? tail)) continue;
    // A bare lead word at the very end ("use heat and ice") is an object, not a new clause.
    if (!/^\S+\s+\S/.test(tail)) continue;
    // Only a clause that itself says a diagnosis or a plan step is cut off ("… with the
    // patient and start her exam" stays whole).
    if (!clinicianAct(tidy(head))) continue;
    out.push({ text: head, span: { start: span.start + from, end: span.start + m.index! }, ...(joiner === undefined ? {} : { joiner }) });
    joiner = m[0];
    from = next;
  }
  if (out.length === 0) return [{ text, span }];
  out.push({ text: text.slice(from), span: { start: span.start + from, end: span.end }, joiner });
  return out;
}

const INTENT_LEAD = new RegExp(`^${OPENERS}(?:${alternation(data.planIntents)}|${INSTRUCTION})(?:\\s+(?:go ahead and|just|also|probably|definitely|need to|want to|have to))*\\s+`, 'i');

/**
 * A plan clause in note voice: the speaker's "I'm going to" / "let's" / "I want you to" goes,
 * the instruction stays ("start you on naproxen…" → "start naproxen…").
 */
export function planInstruction(text: string): string {
  const stripped = text.replace(INTENT_LEAD, '');
  if (stripped === text || !/^[a-z]/i.test(stripped)) return text.replace(new RegExp(`^${OPENERS}`, 'i'), '');
  return stripped
    .replace(/^(start|put|keep|continue)\s+(?:you|him|her|them)\s+on\b/i, (_m, verb: string) => (/^put$/i.test(verb) ? 'start' : verb))
    .replace(/\b(of|on|to|in|for|over)\s+your\b/gi, '$1 the');
}

/** A short diagnosis sentence ("this is a lumbar strain") as the diagnosis ("Lumbar strain"). */
export function diagnosisPhrase(text: string, act: Act): string | undefined {
  if (act.kind !== 'assessment' || act.diagnosisFrom === undefined) return undefined;
  const phrase = text
    .slice(act.diagnosisFrom)
    .replace(/[.!,;\s]+$/, '')
    .replace(/^(?:\s*(?:just|probably|most likely|likely|definitely|a|an|the|some|what we call|what's called|called|that|it's|it is|you have|you've got)\b)+/i, '')
    .trim();
  if (!phrase) return undefined;
  return act.hedged ? `likely ${phrase}` : phrase;
}
