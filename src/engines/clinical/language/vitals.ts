// Vital-sign names, reading units and weight units as RegExp sources, built once from data/language/en/vitals.json.
import { alternation, languageData, spokenAlternation, terms, wordsPattern } from './data.ts';

export type VitalKind = 'bloodPressure' | 'heartRate' | 'temperature' | 'respiratoryRate' | 'oxygenSaturation' | 'weight';

interface VitalsData {
  names: Record<VitalKind, string[]>;
  notNames: Partial<Record<VitalKind, string[]>>;
  listNames: Partial<Record<VitalKind, string[]>>;
  unitContext: Partial<Record<VitalKind, string[]>>;
  notReadingBefore: string[];
  elsewhere: string[];
  comparedWith: string[];
  continuation: { cues: string[]; fillers: string[] };
  statedNow: { subjects: string[]; personSubjects: string[]; after: string[] };
  readingUnits: Partial<Record<VitalKind, string[]>>;
  weightUnits: { pounds: string[]; kilograms: string[] };
  weightStatedBy: string[];
  weightChange: string[];
  approximators: string[];
  pressureSeparators: string[];
  spokenPressure: string[];
  temperatureContext: string[];
  today: string[];
  recalled: string[];
  otherOwner: Partial<Record<VitalKind, string[]>>;
  correction: { cues: string[] };
  statedShown: { subjects: string[] };
  wearables: { words: string[] };
  targets: { cues: string[]; modifiers: string[]; weakCues: string[]; weakModifiers: string[]; normAfter: string[]; owners: string[] };
  owners: { firstPerson: string[] };
  recordReview: { before: string[]; of: string[] };
  smallWeightInPounds: { verbs: string[] };
  positionalList: { headers: string[] };
  todayTimes: { words: string[] };
  namesAfter: Partial<Record<VitalKind, string[]>> & { why?: string };
  elsewhereBefore: { words: string[] };
}

const d = languageData<VitalsData>('vitals');
type Pronouns = Record<'subject' | 'object' | 'possessive' | 'reflexive' | 'independent', string>;
const pronouns = languageData<{ pronouns: Record<'female' | 'male' | 'they', Pronouns> }>('voice').pronouns;

/**
 * What names a vital sign of this kind, as a RegExp source to sit between word boundaries: its names,
 * less any phrase that starts like one but names another sign ("pulse ox" is not a pulse).
 */
export function vitalName(kind: VitalKind): string {
  const not = d.notNames[kind];
  return `${not?.length ? `(?!${terms(not)})` : ''}(?:${terms(d.names[kind])})`;
}

/** Any vital sign's name, as a RegExp source to sit between word boundaries. */
export const ANY_VITAL_NAME = (Object.keys(d.names) as VitalKind[]).map(vitalName).join('|');

/** A norm said just after a number ("98.6 is normal"), as a RegExp to test the text after it. */
export const NORM_AFTER = new RegExp(`^\\W*(?:${alternation(d.targets.normAfter)})\\b`, 'i');
/** Whose a number is, said before it in its clause ("your", "my"): a norm after an owned number is a judgement of a reading. */
export const READING_OWNER = new RegExp(`(?<![\\w'’])(?:${spokenAlternation(d.targets.owners)})(?![\\w'’])`, 'i');

/** A goal, norm or wish said in a reading's clause before its number ("your goal blood pressure is", "aim for"): the number is no reading. */
export const TARGET_IN_CLAUSE = new RegExp(
  `${wordsPattern(d.targets.cues, spokenAlternation)}|\\b(?:${alternation(d.targets.modifiers)})\\s+(?:${ANY_VITAL_NAME})\\b`,
  'i',
);
/** A goal, norm or extreme that as often judges a reading ("at goal", "a normal heart rate of"): no reading only said of no one, not today. */
export const WEAK_TARGET_IN_CLAUSE = new RegExp(
  `${wordsPattern(d.targets.weakCues, spokenAlternation)}|\\b(?:${alternation(d.targets.weakModifiers)})\\s+(?:${ANY_VITAL_NAME})\\b`,
  'i',
);

/** The unit that names a reading of this kind from just after its number ("60 beats a minute"), as a RegExp source, if it has one. */
export function readingUnit(kind: VitalKind): string | undefined {
  const units = d.readingUnits[kind];
  return units?.length ? `(?:${alternation(units)})` : undefined;
}

/** The name said after a number with 'for (the)' ("72 for the heart"), as a RegExp source to follow the number, if the kind has one. */
export function nameAfter(kind: VitalKind): string | undefined {
  const names = d.namesAfter[kind];
  return names?.length ? `\\s+for\\s+(?:the\\s+)?(?:${alternation(names)})\\b` : undefined;
}

/** The short name a vitals list gives this kind ("T 98.6", "P 72"), as a RegExp source, if it has one. */
export function listName(kind: VitalKind): string | undefined {
  const names = d.listNames[kind];
  return names?.length ? `(?:${alternation(names)})` : undefined;
}

/** Words a sentence needs before a unit alone names this kind ("breathing … 16 times a minute"), if any. */
export function unitContext(kind: VitalKind): RegExp | undefined {
  const words = d.unitContext[kind];
  return words?.length ? new RegExp(wordsPattern(words), 'i') : undefined;
}

/** A target, limit or excursion word at the end of the text before a number ("below", "goes up to"): the number is no reading. */
// A written limit sign ("< 130/80") has no word start to anchor on.
const LIMIT_WORDS = d.notReadingBefore.filter((w) => /^\w/.test(w));
const LIMIT_SIGNS = d.notReadingBefore.filter((w) => !/^\w/.test(w));
export const NOT_READING_BEFORE = new RegExp(
  `(?:\\b(?:${alternation(LIMIT_WORDS)})|${alternation(LIMIT_SIGNS)})\\W*(?:(?:${alternation(d.approximators)})\\W+)?$`,
  'i',
);
/**
 * Words that put a reading at another time or place than this visit ("last night", "at home", "on my
 * watch"), unless they only compare with it ("better than last time": the lookbehind is one word or two).
 */
export const READING_ELSEWHERE = new RegExp(`(?<!\\b(?:${alternation(d.comparedWith)})\\s+)${wordsPattern([...d.elsewhere, ...d.wearables.words])}`, 'i');
/** A wearable named ("my watch says …"): its reading is never this visit's, said as now or not. */
export const READING_ON_WEARABLE = new RegExp(wordsPattern(d.wearables.words), 'i');
/** Sources, habits and devices that place a reading elsewhere only when said before it ("you said …", "your ekg showed …"). */
export const READING_ELSEWHERE_BEFORE = new RegExp(`(?<!\\b(?:${alternation(d.comparedWith)})\\s+)${wordsPattern(d.elsewhereBefore.words)}`, 'i');

/** What states a weight just before its number ("she's 9 kilos", "weighs 6.1 kilograms"); a contraction needs no word start. */
export const WEIGHT_STATED_BEFORE = new RegExp(
  `(?:\\b(?:${alternation(d.weightStatedBy.filter((w) => /^\\w/.test(w)))})|${spokenAlternation(d.weightStatedBy.filter((w) => !/^\\w/.test(w)))})\\s+$`,
  'i',
);

/** A weighing verb just before a number ("she weighs 38 pounds"): a small weight in pounds is then a body weight. */
export const WEIGHED_BEFORE = new RegExp(`\\b(?:${alternation(d.smallWeightInPounds.verbs)})\\W+(?:(?:${alternation(d.approximators)})\\W+)?$`, 'i');

/** What brings in a later value of the sign just read ("down to", "sorry, that's", "now he's"), as a RegExp source. */
export const CONTINUATION = `\\b(?:${spokenAlternation(d.continuation.cues)})\\W+(?:(?:${spokenAlternation(d.continuation.fillers)})\\s+)?`;

/** Subject words standing just before a number ("it's", "you're at"), as a RegExp source. */
const subjectBefore = (words: readonly string[]): string => `(?<!\\w)(?:${spokenAlternation(words)})\\s+`;
/** Words standing whole, an apostrophe counting as part of a word ("sorry", "the baby's"). */
const standingWords = (words: readonly string[]): RegExp => new RegExp(`(?<![\\w'’])(?:${spokenAlternation(words)})(?![\\w'’])`, 'i');

/**
 * What says a bare number is this visit's value ("it's 94 here", "you're at 188 now"), as RegExp sources
 * to stand before and after the number: a person as subject only for a weight (else it is an age).
 */
export function statedNow(kind: VitalKind): { before: string; after: string } {
  const subjects = kind === 'weight' ? [...d.statedNow.subjects, ...d.statedNow.personSubjects] : d.statedNow.subjects;
  return { before: `${subjectBefore(subjects)}(?:(?:${alternation(d.approximators)})\\s+)?`, after: `\\s+(?:${alternation(d.statedNow.after)})\\b` };
}

/** A person as the subject of a bare value ("you're", "she's at"), as a RegExp source to stand before the number. */
export const PERSON_SUBJECT = subjectBefore(d.statedNow.personSubjects);

/** Who, named before a reading of this kind in its clause, owns it instead of the patient ("the baby's heart rate"), if any. */
export function otherOwner(kind: VitalKind): RegExp | undefined {
  const words = d.otherOwner[kind];
  return words?.length ? standingWords(words) : undefined;
}

/** What says a bare number is a device's display read out ("it says 99.9."), as RegExp sources before and after the number. */
export const STATED_SHOWN = { before: subjectBefore(d.statedShown.subjects), after: '\\s*(?:[,.!?;]|$)' };

/** The words a weight is given in, as a RegExp source. */
export const WEIGHT_UNITS = alternation([...d.weightUnits.pounds, ...d.weightUnits.kilograms]);
/** A pair of numbers said as a pressure ("… thirty eight over eighty six"), in the words said. */
export const SPOKEN_PRESSURE = new RegExp(`\\w\\s+(?:${alternation(d.spokenPressure)})\\s+\\w`, 'i');
/** What joins a blood pressure's two numbers besides a slash ("195 by 83"), as a RegExp source. */
export const PRESSURE_SEPARATORS = alternation(d.pressureSeparators);
/** A change of weight just before a number ("lost 20 pounds"): that number is not the patient's weight. */
export const WEIGHT_CHANGE_BEFORE = new RegExp(`\\b(?:${alternation(d.weightChange)})\\W+(?:(?:${alternation(d.approximators)})\\W+)?$`, 'i');
const KILOGRAMS = new RegExp(`^(?:${alternation(d.weightUnits.kilograms)})$`, 'i');

/** A weight unit as a note writes it: "kg" or "lb". */
export function weightUnit(word: string): 'kg' | 'lb' {
  return KILOGRAMS.test(word.trim()) ? 'kg' : 'lb';
}

/** A speaker correcting a reading just given ("sorry, i read that backwards"). */
export const READING_CORRECTED = standingWords(d.correction.cues);
/** Words that place a reading at this visit ("here", "today", "vital signs"); not "here" in the record ("i see here"). */
export const READING_TODAY = new RegExp(todayWords(d.today), 'i');
/** Today words less its times ("this morning"): what places a reading here more nearly than an elsewhere cue does. */
export const READING_PLACED_HERE = new RegExp(todayWords(d.today.filter((w) => !d.todayTimes.words.includes(w))), 'i');

/** Today words as a RegExp source; those the record is read with ("here") not after a reading word ("i see here"). */
function todayWords(words: readonly string[]): string {
  const record = words.filter((w) => d.recordReview.of.includes(w));
  const others = wordsPattern(words.filter((w) => !d.recordReview.of.includes(w)));
  return record.length ? `(?:(?<!\\b(?:${alternation(d.recordReview.before)})\\s+)${wordsPattern(record)}|${others})` : others;
}
/** Words that place a reading elsewhere or before ("at home", "in the emergency room", "was"). */
export const READING_RECALLED = new RegExp(wordsPattern(d.recalled), 'i');
/** Words that make the number just after them a temperature ("fever of 100 . 4"). */
export const TEMPERATURE_CONTEXT = new RegExp(wordsPattern(d.temperatureContext), 'i');

/** A third-person pronoun ("she's", "his", "them"), voice.json's, as a global RegExp: its last match before a reading. */
export const THIRD_PERSON = new RegExp(
  `(?<![\\w'’])(?:${spokenAlternation([pronouns.female, pronouns.male, pronouns.they].flatMap((p) => [p.subject, p.object, p.possessive, p.reflexive, p.independent]))})(?![\\w])`,
  'gi',
);
/** The speaker as a reading's owner ("my", "mine", "i"), as a global RegExp: its last match before a reading. */
export const FIRST_PERSON = new RegExp(`(?<![\\w'’])(?:${spokenAlternation(d.owners.firstPerson)})(?![\\w'’])`, 'gi');
/** A dictated vitals line's header and colon ("VS:", "vital signs:"), as a RegExp: its values may follow by position alone. */
export const POSITIONAL_LIST = new RegExp(`\\b(?:${alternation(d.positionalList.headers)})\\s*:`, 'i');
