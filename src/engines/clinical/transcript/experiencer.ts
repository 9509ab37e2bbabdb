// Whose a third-person statement is in a conversation with the patient: the relative or other person just named, or the patient's.
import type { Span } from '../../ports.ts';
import { relativeWords } from '../context/index.ts';
import { alternation, introducesPatient, languageData, NAMED } from '../language/index.ts';
import type { SpeakerRole } from './types.ts';

interface ExperiencerData { labels: { family: string[] }; experiencer: { otherPeople: string[]; mayBeThePatient: string[]; firstOrSecondPerson: string[]; reporting: string[] } }
interface VoiceData { pronouns: Record<'female' | 'male' | 'they', { subject: string; possessive: string }> }

interface Words { people: Set<string>; nonRelatives: string[]; person12: Set<string>; reporting: Set<string>; singular: Set<string>; plural: Set<string> }
let words: Words | undefined;

/** The word sets, once: relatives are the speaker labels' family words and the assertion engine's one-word family triggers. */
function wordsOf(): Words {
  if (words) return words;
  const s = languageData<ExperiencerData>('speakers');
  const v = languageData<VoiceData>('voice').pronouns;
  const people = new Set([...s.labels.family, ...relativeWords(), ...s.experiencer.otherPeople]);
  const pronouns = (p: { subject: string; possessive: string }): string[] => [p.subject, p.possessive];
  const mayBe = new Set(s.experiencer.mayBeThePatient);
  words = {
    people,
    nonRelatives: s.experiencer.otherPeople.filter((w) => !mayBe.has(w)),
    person12: new Set(s.experiencer.firstOrSecondPerson),
    reporting: new Set(s.experiencer.reporting),
    singular: new Set([...pronouns(v.female), ...pronouns(v.male)]),
    plural: new Set(pronouns(v.they)),
  };
  return words;
}

let possessed: RegExp | undefined;
/** "my mother", "her friend": a sentence naming someone else by the patient's or another's possessive. */
export function namesOtherPerson(sentence: string): boolean {
  possessed ??= new RegExp(`\\b(?:my|her|his|their|your)\\s+(?:${alternation([...wordsOf().people])})\\b`, 'i');
  return possessed.test(sentence);
}

let spokenOf: RegExp | undefined;
/**
 * "my mom weighed 300 pounds …": text (up to a reading) whose last person named is someone else,
 * with no "I" or "you" after that person to make the speaker or the listener the subject again.
 */
export function endsSpeakingOfOtherPerson(text: string): boolean {
  spokenOf ??= new RegExp(`\\b(?:my|her|his|their|your|the)\\s+(?:${alternation([...wordsOf().people])})\\b`, 'gi');
  return lastNamedStaysSubject(text, spokenOf);
}

/** Does the last person `named` matches in `text` stay the subject: no "I" or "you" after (but "of mine")? */
function lastNamedStaysSubject(text: string, named: RegExp, ownedBy = ''): boolean {
  const last = [...text.matchAll(named)].at(-1);
  if (!last) return false;
  const after = text.slice((last.index ?? 0) + last[0].length).toLowerCase().match(/[a-z]+(?:['’][a-z]+)*/g) ?? [];
  return !after.some((w) => wordsOf().person12.has(w) && w !== ownedBy);
}

let nonRelative: RegExp | undefined;
/**
 * "my flatmate has", "a friend of mine had": words before a condition whose last person named is one
 * of the other people, not a relative nor one who may be the patient, and stays the subject. The condition is theirs.
 */
export function leadNamesNonRelative(lead: string): boolean {
  nonRelative ??= new RegExp(`\\b(?:my|her|his|their|your|our|a|the)\\s+(?:${alternation(wordsOf().nonRelatives)})\\b`, 'gi');
  return lastNamedStaysSubject(lead, nonRelative, 'mine');
}

let possessive: RegExp | undefined;
/** "mom's", "my husband's": a relative or other person named as the owner of what follows. */
export function ownedByOtherPerson(text: string): boolean {
  possessive ??= new RegExp(`\\b(?:${alternation([...wordsOf().people])})['’]s\\b`, 'i');
  return possessive.test(text);
}

// A pronoun refers back to a person named in its own turn or in the turns just before ("Who has it?" "My mother." "OK, so she has…").
const TURNS_BACK = 2;
const TOKEN = /[a-z]+(?:['’][a-z]+)*|[.?!]/gi;

let namedPatient: RegExp | undefined;
/**
 * Does the visit talk with the patient, never about them? Its clinician and patient both speak,
 * no family member speaks for the patient (a parent's "he" is the child's), and no one
 * introduces the patient in the third person ("the patient is…", "this is a 45-year-old…").
 */
function talksWithPatient(text: string, turns: readonly { span: Span; role: SpeakerRole }[]): boolean {
  const roles = new Set(turns.map((t) => t.role));
  if (!roles.has('clinician') || !roles.has('patient') || roles.has('family')) return false;
  return !introducesPatient(text) && !(namedPatient ??= new RegExp(`\\b${NAMED.subject}\\b`, 'i')).test(text);
}

// Whose unanchored "she" or "he" shows a visit that speaks of the patient in the third person.
const SPEAKS_OF_PATIENT = new Set<SpeakerRole>(['clinician']);

interface Named { turn: number; count: number; plural: boolean }

/**
 * The stretches of a conversation with the patient said about someone else: from a third-person
 * pronoun whose nearest antecedent is a relative or another person named in that turn or the
 * TURNS_BACK before it, to the end of the sentence or the first word that makes the speaker or
 * the listener the subject again ("I", "your"). "They" needs people ("my parents", "my mom and
 * her sister"); a pronoun that only reports what someone said ("he said it was…") opens nothing.
 * A visit that speaks about the patient in the third person has none (talksWithPatient).
 */
export function othersSaid(text: string, turns: readonly { span: Span; role: SpeakerRole }[]): Span[] {
  if (!talksWithPatient(text, turns)) return [];
  const w = wordsOf();
  const out: Span[] = [];
  let named: Named | undefined;
  // A pronoun with no one named before it is the patient's: the visit speaks about the patient too.
  let aboutPatient = false;
  turns.forEach((turn, t) => {
    const toks = [...text.slice(turn.span.start, turn.span.end).matchAll(TOKEN)];
    let open: number | undefined;
    const close = (at: number): void => {
      if (open !== undefined) out.push({ start: open, end: at });
      open = undefined;
    };
    toks.forEach((m, i) => {
      const at = turn.span.start + m.index!;
      const word = m[0].toLowerCase().replace('’', "'");
      if (/^[.?!]$/.test(word) || w.person12.has(word)) return close(at);
      if (w.people.has(word)) {
        const again = named?.turn === t;
        named = { turn: t, count: again ? named!.count + 1 : 1, plural: (again && named!.plural) || /s$/.test(word) || word === 'family' }; // "my parents", "the family": people
        return;
      }
      const pronoun = word.replace(/'(?:s|re|ve|d|ll)$/, '');
      if (open !== undefined || !w.singular.has(pronoun) && !w.plural.has(pronoun)) return;
      const near = named !== undefined && t - named.turn <= TURNS_BACK;
      if (!near && w.singular.has(pronoun) && SPEAKS_OF_PATIENT.has(turn.role)) aboutPatient = true;
      if (!near) return;
      const fits = w.singular.has(pronoun) || named!.plural || named!.count > 1;
      if (!fits || w.reporting.has(toks[i + 1]?.[0].toLowerCase() ?? '')) return;
      open = at;
      named!.turn = t; // a chain of pronouns keeps its person in reach ("he died…" "how old was he?")
    });
    close(turn.span.end);
  });
  return aboutPatient ? [] : out;
}
