// Speaker roles from labels, or inferred from what each speaker says when labels are generic; the words are data/language/en/speakers.json.
import { alternation, languageData, terms, wordsPattern } from '../language/data.ts';
import type { SpeakerRole } from './types.ts';

type LabelledRole = 'clinician' | 'patient' | 'family';
interface TurnAddress { turnMinWords: number; turnMinListener: number; turnRatio: number; notAddress: string[] }
interface SpeakerData { labels: Record<LabelledRole, string[]>; clinicianTalk: string[]; address: { listener: string[]; speaker: string[] } & TurnAddress }
const d = languageData<SpeakerData>('speakers');

// Every label entry, longest first, so "guest clinician" is read before "guest".
const ENTRIES = (Object.entries(d.labels) as [LabelledRole, string[]][])
  .flatMap(([role, words]) => words.map((word) => ({ role, word })))
  .sort((a, b) => b.word.length - a.word.length);
const FAMILY_WORD = new RegExp(wordsPattern(d.labels.family));

/** The role a transcript label names ("[doctor]", "Guest_clinician", "patient mother"), if any. */
export function roleFromLabel(label: string): SpeakerRole | undefined {
  const l = label.toLowerCase().replace(/[_.\-]/g, ' ').replace(/\s+/g, ' ').trim();
  const entry = ENTRIES.find(({ word }) => l === word || l.startsWith(`${word} `));
  if (entry?.role === 'clinician') return 'clinician';
  if (FAMILY_WORD.test(l)) return 'family';
  return entry?.role;
}

/** What clinicians say far more often than patients, global: count it with String.match. */
export const CLINICIAN_TALK = new RegExp(wordsPattern(d.clinicianTalk, terms), 'g');

/** Given each generic speaker's text, the clinician scores highest; the speaker with most words among the rest is the patient. */
export function inferRoles(bySpeaker: Map<string, string[]>): Map<string, SpeakerRole> {
  const scores = [...bySpeaker].map(([speaker, lines]) => {
    const text = lines.join(' ').toLowerCase();
    const words = text.split(/\s+/).length || 1;
    const questions = (text.match(/\?/g) ?? []).length;
    const cues = (text.match(CLINICIAN_TALK) ?? []).length;
    return { speaker, words, score: (questions + 2 * cues) / Math.sqrt(words) };
  });
  const roles = new Map<string, SpeakerRole>();
  if (scores.length === 0) return roles;
  scores.sort((a, b) => b.score - a.score);
  roles.set(scores[0]!.speaker, 'clinician');
  const rest = scores.slice(1).sort((a, b) => b.words - a.words);
  rest.forEach((s, i) => roles.set(s.speaker, i === 0 ? 'patient' : 'family'));
  return roles;
}

const LISTENER = new RegExp(`(?<![\\w'])(?:${alternation(d.address.listener)})(?![\\w'])`, 'g');
const SELF = new RegExp(`(?<![\\w'])(?:${alternation(d.address.speaker)})(?![\\w'])`, 'g');
// Fewer words than this under one label say too little about who it is.
const ADDRESS_MIN_WORDS = 100;

/** Has a speaker said enough (ADDRESS_MIN_WORDS) for how they talk to tell who they are? */
export function saysEnough(lines: readonly string[]): boolean {
  // Counted line by line, stopping at the threshold: a long visit need not be joined and split whole.
  let words = 0;
  for (const line of lines) {
    for (const _ of line.matchAll(/\S+/g)) if (++words >= ADDRESS_MIN_WORDS) return true;
  }
  return false;
}

/**
 * How much more a speaker says "you" than "I" (speakers.json `address`): the clinician speaks to
 * the patient about the patient, the patient about themselves. Undefined under ADDRESS_MIN_WORDS.
 */
export function addressRatio(lines: readonly string[]): number | undefined {
  if (!saysEnough(lines)) return undefined;
  const text = lines.join(' ').toLowerCase();
  return (text.match(LISTENER) ?? []).length / Math.max(1, (text.match(SELF) ?? []).length);
}

const NOT_ADDRESS = new RegExp(wordsPattern(d.address.notAddress), 'g');

/**
 * Does one turn speak to the listener about them (speakers.json address.turn*): long enough, the
 * listener words often and far more often than the speaker's own ("for your diabetes, we'll
 * continue your metformin, and i want you to…")? The clinician's turn, whatever its tag.
 */
export function addressesListener(turn: string): boolean {
  const a = d.address;
  const text = turn.toLowerCase().replace(NOT_ADDRESS, ' ');
  if (text.split(/\s+/).filter(Boolean).length < a.turnMinWords) return false;
  const listener = (text.match(LISTENER) ?? []).length;
  const self = (text.match(SELF) ?? []).length;
  return listener >= a.turnMinListener && listener >= a.turnRatio * Math.max(1, self);
}
