// Vital signs read once for the visit, each with its unit; today's reading wins over one recalled, a later one over an earlier.
import { bareReading, continuedReading, lastNamedKind, spokenNumbersToDigits, statedReadings, vitalReadings, weightUnitSaid, type VitalReading, type Vitals } from '../numbers/index.ts';
import { joinSplitContractions } from '../language/contractions.ts';
import {
  FIRST_PERSON, NORM_AFTER, otherOwner, READING_CORRECTED, READING_ELSEWHERE, READING_ELSEWHERE_BEFORE, READING_ON_WEARABLE, READING_OWNER, READING_PLACED_HERE, READING_RECALLED, READING_TODAY, TARGET_IN_CLAUSE,
  THIRD_PERSON, WEAK_TARGET_IN_CLAUSE,
} from '../language/vitals.ts';
import { endsSpeakingOfOtherPerson, ownedByOtherPerson } from '../transcript/index.ts';
import type { Sentence, VitalSign } from './types.ts';

const ELSEWHERE = new RegExp(READING_ELSEWHERE.source, 'gi');
const ELSEWHERE_BEFORE = new RegExp(READING_ELSEWHERE_BEFORE.source, 'gi');
// A time of today ('this morning') does not place a reading here: a place elsewhere in its clause wins over it.
const TODAY = new RegExp(READING_PLACED_HERE.source, 'gi');
const KINDS: (keyof Vitals)[] = ['bloodPressure', 'heartRate', 'temperature', 'respiratoryRate', 'oxygenSaturation', 'weight'];
// Owners a sign's reading has other than the patient, named just before it ("the baby's heart rate"): vitals.json otherOwner.
const OTHER_OWNER = new Map(KINDS.map((kind) => [kind, otherOwner(kind)] as const));

// How far before a reading its owner is looked for: "mom's blood pressure was " and no further.
const OWNER_LOOKBACK = 40;
// ASR often cuts "blood pressure . was 120 over 60" in two: a piece this close is read with it.
const JOIN_GAP = 40;
// How many sentences back a sign's name still names a bare value said as today's ("your oxygen?" … "it's 94 here").
const NAMED_REACH = 3;

/**
 * The sign a sentence named last, which sentence that was, and whether it spoke of another time; `unit`
 * when it named a weight only by a number in its unit ("you've lost 10 pounds", "I think 20 kilos").
 */
interface Named { kind: keyof Vitals; at: number; recalled: boolean; unit?: 'kg' | 'lb' }

/** What a sentence names for the sentences after it: a sign by its name, else a weight by a number in its unit. */
function namedIn(text: string, at: number, isRecalled: boolean): Named | undefined {
  const kind = lastNamedKind(text);
  if (kind) return { kind, at, recalled: isRecalled };
  const unit = weightUnitSaid(text);
  return unit && { kind: 'weight', at, recalled: isRecalled, unit };
}

/** Whether a sentence speaks of another time or place ("was", "at home") and not of today. */
const recalled = (s: Sentence): boolean => READING_RECALLED.test(s.text) && !/\btoday\b/i.test(s.text);

/** How much a sentence's reading counts as today's: the clinician's, said of today, not recalled. */
function rank(s: Sentence): number {
  return (s.role === 'clinician' ? 2 : 0) + (READING_TODAY.test(s.text) ? 1 : 0) - (recalled(s) ? 1 : 0);
}

/** The clause a reading stands in, from the comma or semicolon before it to the one after, and where it starts. */
function clauseOf(text: string, r: VitalReading): { text: string; at: number } {
  const at = Math.max(text.lastIndexOf(',', r.start), text.lastIndexOf(';', r.start)) + 1;
  const after = text.slice(r.end).search(/[,;]/);
  return { text: text.slice(at, after < 0 ? text.length : r.end + after), at };
}

/** How near the closest of these words comes to the reading (characters), Infinity when none is in the clause. */
function nearest(words: RegExp, clause: { text: string; at: number }, r: VitalReading): number {
  let best = Infinity;
  for (const m of clause.text.matchAll(words)) {
    const start = clause.at + (m.index ?? 0);
    best = Math.min(best, Math.max(r.start - (start + m[0].length), start - r.end, 0));
  }
  return best;
}

/** Where the last match of a global pattern in text starts, -1 when there is none. */
const lastAt = (re: RegExp, text: string): number => [...text.matchAll(re)].at(-1)?.index ?? -1;

/**
 * Whether a reading is someone else's by who says it, though its clause names no one: a companion gives it
 * as their own ("my blood pressure is fine, 120 over 80"), or the patient named a relative earlier in the
 * sentence and the clause speaks of them ("my sister has high blood pressure, she's like 150 over 100").
 */
function ownedBySpeakerOrRelative(before: string, clause: string, role: Sentence['role']): boolean {
  if (role === 'clinician') return false;
  if (role === 'family' && lastAt(FIRST_PERSON, before) > lastAt(THIRD_PERSON, before)) return true;
  return lastAt(THIRD_PERSON, clause) >= 0 && endsSpeakingOfOtherPerson(before);
}

/** Whether the reading's clause places it elsewhere or before more nearly than at this visit; some cues only before it (elsewhereBefore). */
function elsewhereMoreNearly(clause: { text: string; at: number }, r: VitalReading): boolean {
  const before = { text: clause.text.slice(0, Math.max(0, r.start - clause.at)), at: clause.at };
  return Math.min(nearest(ELSEWHERE, clause, r), nearest(ELSEWHERE_BEFORE, before, r)) < nearest(TODAY, clause, r);
}

/** Whether the clause before a number gives it no owner ("your", "my") and no today word: a norm or a goal, not a reading judged. */
const saidOfNoOneToday = (before: string): boolean => !READING_OWNER.test(before) && !READING_TODAY.test(before);
/** A norm said of no one ("temperature 98.6 is normal"); "your temperature 98.6 is normal", "today 118 over 76 is normal" judge a reading. */
const normSaidOfNoOne = (before: string, after: string): boolean => NORM_AFTER.test(after) && saidOfNoOneToday(before);

/**
 * This visit's readings in a piece of text, the last of each kind; a bare value stated as today's
 * ("it's 94 here") is of the sign named last before it, or `earlier`. A reading is not one when its
 * clause names someone else before it ("my mom's"), or places it elsewhere or before ("last night", "at
 * home", "on my watch") more nearly than at this visit ("here … 92 right now … at home" is today's).
 */
function todaysReadings(text: string, said: string, role: Sentence['role'], earlier?: Named, inList = false): Map<keyof Vitals, VitalReading> {
  const found = new Map<keyof Vitals, VitalReading>();
  for (const r of [...vitalReadings(text, said, inList), ...statedReadings(text, earlier?.kind, earlier?.unit)].sort((a, b) => a.start - b.start)) {
    const clause = clauseOf(text, r);
    // Someone else's reading is theirs by name just before it ("my mom's blood pressure was …").
    const owner = text.slice(Math.max(clause.at, r.start - OWNER_LOOKBACK), r.start);
    if (ownedByOtherPerson(owner) || OTHER_OWNER.get(r.kind)?.test(owner)) continue;
    // … or said of them as the subject, with no "I" or "you" since ("my mom weighed 300 pounds").
    if (endsSpeakingOfOtherPerson(text.slice(clause.at, r.start))) continue;
    if (ownedBySpeakerOrRelative(text.slice(0, r.start), text.slice(clause.at, r.start), role)) continue;
    // A goal or a norm said in the clause before it ("your goal blood pressure is …", "aim for …").
    if (TARGET_IN_CLAUSE.test(text.slice(clause.at, r.start))) continue;
    if (normSaidOfNoOne(text.slice(clause.at, r.start), text.slice(r.end))) continue;
    if (WEAK_TARGET_IN_CLAUSE.test(text.slice(clause.at, r.start)) && saidOfNoOneToday(text.slice(clause.at, r.start))) continue;
    if (READING_ON_WEARABLE.test(clause.text) || elsewhereMoreNearly(clause, r)) continue;
    found.set(r.kind, r);
  }
  return found;
}

/**
 * A patient's answer to the clinician's question about readings elsewhere or before ("how has your
 * blood pressure been at home?" "it runs one forty over ninety") is not today's reading, unless the
 * answer places itself today ("I weighed myself this morning").
 */
function answersAboutElsewhere(sentences: readonly Sentence[], i: number): boolean {
  const s = sentences[i]!;
  if (s.role === 'clinician') return false;
  let q = i - 1;
  while (q >= 0 && sentences[q]!.role === s.role) q--;
  if (sentences.slice(q + 1, i + 1).some((a) => READING_TODAY.test(a.text))) return false;
  const asked = sentences[q];
  return !!asked && asked.role === 'clinician' && /\?\s*$/.test(asked.text) && READING_ELSEWHERE.test(asked.text) && !READING_TODAY.test(asked.text);
}

/**
 * The reading a sentence with none of its own carries on. A continuation cue carries the sign read last:
 * "… 38.4 when she came in." "After the ibuprofen it's down to 37.6." (any speaker, any distance). A
 * sentence that is a bare value is of the sign named just before ("step on the scale for me." "156.4.";
 * "let's redo it." "209."), unless that was named as at another time ("what was your temperature this morning?" "100.2.").
 */
function carriedReading(text: string, last: VitalReading | undefined, named: Named | undefined): VitalReading | undefined {
  // A weight named only by a unit names no bare value: "how much have you lost?" "10 pounds." … "56." is an age.
  return (last && continuedReading(text, last)) || (named && !named.recalled && !named.unit ? bareReading(text, named.kind) : undefined);
}

/** Whether sentence i, or the one before it said by the same speaker, corrects a reading just given ("sorry, I read that backwards"). */
function corrects(sentences: readonly Sentence[], i: number): boolean {
  const s = sentences[i]!;
  const before = sentences[i - 1];
  return READING_CORRECTED.test(s.text) || (!!before && before.role === s.role && READING_CORRECTED.test(before.text));
}

export function vitalSigns(said: readonly Sentence[]): VitalSign[] {
  const best = new Map<keyof Vitals, VitalSign & { rank: number; role: Sentence['role'] }>();
  // Matched as one text with contractions joined ("you 're" is "you're"); spans stay the sentences'.
  const sentences = said.map((s) => ({ ...s, text: joinSplitContractions(s.text) }));
  const digits = sentences.map((s) => spokenNumbersToDigits(s.text));
  let last: VitalReading | undefined;
  let named: Named | undefined;
  // Whether the sentence before gave a reading: a dictated list cut at each item goes on ("bp 120/80 . p 72 .").
  let listing = false;
  sentences.forEach((s, i) => {
    const earlier = named && i - named.at <= NAMED_REACH ? named : undefined;
    named = namedIn(digits[i]!, i, recalled(s)) ?? named;
    const inList = listing && sentences[i - 1]?.role === s.role;
    listing = false;
    if (answersAboutElsewhere(sentences, i)) return;
    const own = todaysReadings(digits[i]!, s.text, s.role, earlier, inList);
    listing = own.size > 0;
    const carried = own.size === 0 ? carriedReading(digits[i]!, last, earlier) : undefined;
    if (carried) own.set(carried.kind, carried);
    if (own.size) last = [...own.values()].sort((a, b) => a.start - b.start).at(-1);
    // A reading keeps its sign in mind as its name would ("… 39." "so that's about 78 a minute.").
    if (last && own.has(last.kind) && !lastNamedKind(digits[i]!)) named = { kind: last.kind, at: i, recalled: recalled(s) };
    const next = sentences[i + 1];
    // Only a piece left open (no full stop) runs on into the next one.
    const open = next && !/[.?!]\s*$/.test(s.text) && next.span.start - s.span.end < JOIN_GAP;
    const joined = open ? todaysReadings(`${digits[i]} ${digits[i + 1]}`, `${s.text} ${next.text}`, s.role) : new Map<keyof Vitals, VitalReading>();
    const r = rank(s);
    for (const kind of KINDS) {
      const reading = own.get(kind) ?? joined.get(kind);
      if (!reading) continue;
      const prev = best.get(kind);
      // A carried value is the same measurement said again ("… down to 37.6"): as surely today's as the one it follows.
      // So is a correction of the speaker's own reading ("sorry, I read that backwards. It's 128 over 82.").
      const again = reading === carried || (prev?.role === s.role && corrects(sentences, i));
      const at = prev && again ? Math.max(r, prev.rank) : r;
      // A later reading replaces one from a sentence as surely today's, a pair unnamed too ("let's take it once
      // more." "144 over 90"): targets ("ideally 120 over 80") are no readings at all (NOT_READING_BEFORE).
      if (prev && at < prev.rank) continue;
      best.set(kind, { kind, value: reading.value, spans: own.has(kind) ? [s.span] : [s.span, next!.span], rank: at, role: s.role });
    }
  });
  return KINDS.flatMap((k) => {
    const v = best.get(k);
    return v ? [{ kind: v.kind, value: v.value, spans: v.spans }] : [];
  });
}
