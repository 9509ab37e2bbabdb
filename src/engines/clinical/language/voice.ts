// Voice: pronouns, person and tense — what the patient and the clinician said, rewritten as a note says it of the patient.
import { alternation, languageData, wordsPattern } from './data.ts';

interface Pronouns { subject: string; object: string; possessive: string; reflexive: string; independent: string; plural?: boolean; }

interface VoiceData {
  pronouns: Record<'female' | 'male' | 'they' | 'named', Pronouns>;
  genders: Record<'female' | 'male', string[]>;
  genderedIntroduction: Record<'female' | 'male', string[]>;
  genderedWords: Record<'female' | 'male', string[]>;
  thirdPerson: Record<string, string>;
  invariable: string[];
  adverbs: string[];
  notVerbs: string[];
  subjectBefore: string[];
  verbAfter: string[];
  clinicianIntentions: string[];
  clinicianDirectives: string[];
  clinicianFrames: string[];
  sayFrames: string[];
}

/** How the note names the patient: pronouns, and whether "they" takes plural verbs. */
export interface Voice { subject: string; object: string; possessive: string; reflexive: string; independent: string; plural: boolean; }

export type Sex = 'female' | 'male' | undefined;

const d = languageData<VoiceData>('voice');
const voiceOf = (p: Pronouns): Voice => ({ ...p, plural: p.plural === true });
/** Singular "they", for notes that do not know the patient's gender. */
export const THEY = voiceOf(d.pronouns.they);
/** "The patient" for every mention. */
export const NAMED = voiceOf(d.pronouns.named);
const FEMALE = voiceOf(d.pronouns.female);
const MALE = voiceOf(d.pronouns.male);

const GENDER = {
  female: new RegExp(`^(?:${alternation(d.genders.female)})\\b`, 'i'),
  male: new RegExp(`^(?:${alternation(d.genders.male)})\\b`, 'i'),
};

/** The sex a caller's gender field names ("F", "female", "man"), if it names one. */
export function sexFromGender(gender: string | undefined): Sex {
  const g = (gender ?? '').trim();
  return GENDER.female.test(g) ? 'female' : GENDER.male.test(g) ? 'male' : undefined;
}

/** Pronouns for a gender or sex; `fallback` when it names none. */
export function voiceFor(gender: string | undefined, fallback: Voice = THEY): Voice {
  const sex = sexFromGender(gender);
  return sex === 'female' ? FEMALE : sex === 'male' ? MALE : fallback;
}

/** An age as notes and introductions say it; ASR often spaces the hyphen ("43 -year-old"). */
export const AGE_PHRASE = String.raw`\d+\s*[- ]\s*years?[- ]old`;
const INTRODUCTION = new RegExp(String.raw`\bis an? ${AGE_PHRASE}\b`, 'i');
/** The clinician's one-line summary of who the patient is ("… is a 43-year-old male with …"). */
export function introducesPatient(text: string): boolean {
  return INTRODUCTION.test(text);
}

/** Words that say the patient's sex in a clinician's introduction ("a 58-year-old gentleman") or anywhere. */
export const GENDERED = {
  introduction: { female: alternation(d.genderedIntroduction.female), male: alternation(d.genderedIntroduction.male) },
  words: { female: alternation(d.genderedWords.female), male: alternation(d.genderedWords.male) },
};

const THIRD = new Map(Object.entries(d.thirdPerson));
const INVARIABLE = new Set(d.invariable);
const NOT_VERB = new Set(d.notVerbs);
const SUBJECT_BEFORE = new Set(d.subjectBefore);
const VERB_AFTER = new Set(d.verbAfter);

/** The present-tense verb for "she/he": "have" → "has", "try" → "tries", "went" stays. */
export function thirdPersonVerb(verb: string): string {
  const v = verb.toLowerCase();
  const irregular = THIRD.get(v);
  if (irregular) return irregular;
  if (INVARIABLE.has(v) || NOT_VERB.has(v) || /(?:[^e]ed|n't|ly)$/.test(v)) return v;
  if (/(?:s|sh|ch|x|z|o)$/.test(v)) return `${v}es`;
  if (/[^aeiou]y$/.test(v)) return `${v.slice(0, -1)}ies`;
  return `${v}s`;
}

const agree = (verb: string, v: Voice): string => (v.plural ? verb : thirdPersonVerb(verb));
const be = (v: Voice): string => (v.plural ? 'are' : 'is');
const was = (v: Voice): string => (v.plural ? 'were' : 'was');
const have = (v: Voice): string => (v.plural ? 'have' : 'has');

export interface VoiceOptions {
  /** Name the patient ("The patient has…") when the sentence opens with them; pronouns after. */
  nameFirst?: boolean;
}

/** The voice for a mention at `offset` of a padded sentence: the opening one may be named. */
function voiceAt(voice: Voice, options: VoiceOptions): (offset: number) => Voice {
  return (offset) => (options.nameFirst && offset <= 1 ? NAMED : voice);
}

const toVoice = (voice: Voice | Sex): Voice => (typeof voice === 'object' ? voice : voiceFor(voice, NAMED));

const ADVERB = alternation(d.adverbs);
const I_VERB = new RegExp(`\\bi\\s+((?:${ADVERB})\\s+|do\\s+n't\\s+|don't\\s+)?([a-z]+n't|[a-z]+)\\b(?!')`, 'gi');

/**
 * Patient speech → third person: "i've been having pain in my knee" → "she has been having
 * pain in her knee". `voice` is the note's voice, or a sex ("the patient" when unknown).
 */
export function patientToThird(text: string, voice: Voice | Sex, options: VoiceOptions = {}): string {
  const at = voiceAt(toVoice(voice), options);
  const own = toVoice(voice);
  let t = ` ${text} `;
  t = t.replace(/\bi'm\b|\bi am\b/gi, (_m, o: number) => `${at(o).subject} ${be(at(o))}`)
    .replace(/\bi've\b/gi, (_m, o: number) => `${at(o).subject} ${have(at(o))}`)
    .replace(/\bi'll\b/gi, (_m, o: number) => `${at(o).subject} will`)
    .replace(/\bi'd\b/gi, (_m, o: number) => `${at(o).subject} would`)
    .replace(/\bi was\b/gi, (_m, o: number) => `${at(o).subject} ${was(at(o))}`)
    .replace(/\bmyself\b/gi, own.reflexive)
    .replace(/\bmy\b/gi, own.possessive)
    .replace(/\bme\b/gi, own.object)
    .replace(/\bmine\b/gi, own.independent);
  // "i <adverb>? <verb>" → "she <adverb>? <verb>s"; "i don't smoke" → "she doesn't smoke".
  t = t.replace(I_VERB, (_m, adv: string | undefined, verb: string, o: number) => {
    const v = at(o);
    if (adv && /n't/i.test(adv)) return `${v.subject} ${v.plural ? adv.trim() : adv.replace(/^do/i, 'does').trim()} ${verb}`;
    if (NOT_VERB.has(verb.toLowerCase())) return `${v.subject} ${adv ?? ''}${verb}`; // garbled ASR ("i the knee")
    return `${v.subject} ${adv ?? ''}${agree(verb, v)}`;
  });
  t = t.replace(/\bi\b/g, (_m, o: number) => at(o).subject);
  return t.trim();
}

const SAY_FRAME = new RegExp(`\\b(?:${alternation(d.sayFrames)})\\s+(?=you|she|he|the|there|that|it)`, 'gi');
const INTENTION = new RegExp(wordsPattern(d.clinicianIntentions), 'gi');
const DIRECTIVE = new RegExp(wordsPattern(d.clinicianDirectives), 'gi');
const FRAME = new RegExp(`\\b(?:${alternation(d.clinicianFrames)})(?:\\s+that)?\\s+(?=you|your|she|he|the)`, 'gi');

/** The word before `offset` in `text` (lower case), or '' at the start of a clause. */
function wordBefore(text: string, offset: number): string {
  const head = text.slice(Math.max(0, offset - 40), offset);
  const m = /([a-z']*)[\s,]*$/i.exec(head);
  return (m?.[1] ?? '').toLowerCase();
}

/** "you" as subject ("you do have", "and you said") or as object ("start you on"). */
const YOU = new RegExp(`\\byou\\b(?!')(\\s+((?:${ADVERB})\\s+)?([a-z']+))?`, 'gi');

const CAUSATIVE_BEFORE = /\b(?:(?:will|'ll|to|let's|would|could|can|should|i|we)\s+(?:have|make|help|let)|let)\s+$/i;

function replaceYou(t: string, at: (offset: number) => Voice, own: Voice): string {
  return t.replace(YOU, (_m, gap: string | undefined, adverb: string | undefined, next: string | undefined, o: number) => {
    const nextWord = next?.toLowerCase() ?? '';
    // "we will have you continue", "let you know": the clinician acts on the patient.
    if (CAUSATIVE_BEFORE.test(t.slice(Math.max(0, o - 30), o))) return `${own.object}${gap ?? ''}`;
    const subject = SUBJECT_BEFORE.has(wordBefore(t, o)) || VERB_AFTER.has(nextWord) || (adverb !== undefined && THIRD.has(nextWord));
    if (!subject) return `${own.object}${gap ?? ''}`;
    const v = at(o);
    // "you also have" → "she also has": the verb after an adverb agrees too.
    const verb = next && (VERB_AFTER.has(nextWord) || THIRD.has(nextWord)) ? agree(next, v) : next;
    return `${v.subject}${gap ? ` ${adverb ?? ''}${verb}` : ''}`;
  });
}

/**
 * Clinician speech → note voice: "you" is the patient, "we" and "I" stay the clinician, and
 * intentions read as a note states them ("I'm going to order" → "we will order").
 */
export function clinicianToNote(text: string, voice: Voice | Sex, options: VoiceOptions = {}): string {
  const own = toVoice(voice);
  const at = voiceAt(own, options);
  let t = ` ${text} `;
  t = t.replace(SAY_FRAME, '').replace(INTENTION, 'we will').replace(DIRECTIVE, `${own.subject} should`).replace(FRAME, '');
  t = t.replace(/\b(?:do|does) you\b/gi, (_m, o: number) => `${own.plural ? 'do' : 'does'} ${at(o).subject}`)
    .replace(/\bdid you\b/gi, (_m, o: number) => `did ${at(o).subject}`)
    .replace(/\bare you\b/gi, (_m, o: number) => `${be(at(o))} ${at(o).subject}`)
    .replace(/\byou're\b|\byou are\b/gi, (_m, o: number) => `${at(o).subject} ${be(at(o))}`)
    .replace(/\byou've\b|\byou have\b/gi, (_m, o: number) => `${at(o).subject} ${have(at(o))}`)
    .replace(/\byou'll\b/gi, (_m, o: number) => `${at(o).subject} will`)
    .replace(/\byou were\b/gi, (_m, o: number) => `${at(o).subject} ${was(at(o))}`)
    .replace(/\byourself\b/gi, own.reflexive)
    .replace(/\byour\b/gi, own.possessive)
    .replace(/\bgon na\b/gi, 'going to').replace(/\bwan na\b/gi, 'want to');
  return replaceYou(t, at, own).trim();
}
