// From concept mentions to the codes a coder would assign for the visit.
import { icd10cmTitle, isBillable, type Concept } from '../lexicon/index.ts';
import type { Mention } from './mentions.ts';
import { ASSESSMENT_PART } from './discourse.ts';
import { addedCode, codedBeside, codeMatches, combinationRules, familyHistoryCode } from './rules.ts';
import { yieldsToSubterm } from './main-terms.ts';
import { puerperiumCode } from './puerperium.ts';
import { pregnancyCode, weeksCode } from './pregnancy.ts';
import { refines } from './refines.ts';
import { newbornCode } from './newborn.ts';
import { dropBiteWounds } from './bite-wounds.ts';

export type Basis = 'present' | 'history' | 'family' | 'combination';

export interface CodedDiagnosis {
  code: string;
  title: string;
  basis: Basis;
  concept: Concept;
  /** The mention that justifies the code (its span is the evidence). */
  mention: Mention;
  /** Mentions that support the code (repetition raises confidence). */
  count: number;
  /** Those mentions. */
  mentions: Mention[];
}

function codesFor(m: Mention): { code: string; basis: Basis }[] {
  const { concept } = m;
  switch (m.status) {
    case 'present': {
      const sided = concept.codes[m.side];
      if (sided) return [{ code: sided, basis: 'present' }];
      if (m.side === 'B' && concept.codes.R && concept.codes.L) {
        return [{ code: concept.codes.R, basis: 'present' }, { code: concept.codes.L, basis: 'present' }];
      }
      return [{ code: concept.codes.U, basis: 'present' }];
    }
    case 'historical':
      if (concept.history === '=') return codesFor({ ...m, status: 'present' });
      return concept.history === '-' ? [] : [{ code: concept.history, basis: 'history' }];
    case 'family': {
      const z = familyHistoryCode(concept.codes.U);
      return z ? [{ code: z, basis: 'family' }] : [];
    }
    default:
      return [];
  }
}

// A short text (a problem list, a dictated line) has no chatter: every symptom counts.
const SHORT_TEXT_MENTIONS = 6;
// …nor does a short exchange of labelled turns: what either says there is what it is about.
const SHORT_EXCHANGE_CHARS = 1400;
// …and a conversation this long holds a whole visit,
const WHOLE_VISIT_CHARS = 2 * SHORT_EXCHANGE_CHARS;
// …unless nothing is assessed in it up to this long: a history excerpt that reviews the records at
// length (an excerpt of the present illness read out with its imaging and earlier care). A whole
// visit says its assessment; past this length, one where none is found is a whole visit whose
// assessment the reader missed, still gated (ACI-bench visits run from 2,900 characters up,
// MTS-Dialog excerpts rarely past 3,100).
const UNASSESSED_EXCERPT_CHARS = 2 * WHOLE_VISIT_CHARS;

/** The clinician heads a problem ("so for your diabetes…") or gives an impression: an assessment is said. */
const assessesProblem = (m: Mention): boolean => m.framed && m.framing !== 'reason' && m.speaker === 'clinician';

/**
 * Is a text gated by what its assessment part takes up (dropPassingSymptoms)? The gate needs a
 * part where the assessment is said. A whole visit of labelled turns has one however few
 * conditions it names (its few may all be chatter); a short exchange has none. Between the two, an
 * excerpt is gated when the clinician assesses in it (`assessing`: an assessment marker,
 * assessment.ts, or a problem headed or given as the impression): the
 * closing share of a few turns is not an assessment, and the count of its mentions says nothing
 * of one (gating at more than six mentions meant one more named symptom, the lower back of dev
 * mts-valid-41's "left shoulder and lower back", would drop its other true codes); its history
 * taking is held back by dropHistoryTaking instead. A text without turns (a note, a problem list)
 * has no chatter when short: gated by its number of mentions.
 */
export function passingGated(o: { labelled: boolean; textLength: number; mentions: number; assessing: boolean }): boolean {
  if (!o.labelled) return o.mentions > SHORT_TEXT_MENTIONS;
  if (wholeVisit(o)) return true;
  return o.textLength > SHORT_EXCHANGE_CHARS && o.assessing;
}

/**
 * Does a labelled text hold a whole visit, read by its closing part (dropPassingSymptoms,
 * dropUnmanagedChronic), rather than an excerpt, read by who takes up what (dropHistoryTaking)?
 * Long enough to hold one, and either assessing something or too long for an excerpt
 * (UNASSESSED_EXCERPT_CHARS): a long excerpt of history taking in which nothing is assessed has
 * no closing part to gate it, and gating it by its last share dropped every complaint of the
 * present illness it documents (issue #18 policy: the presenting problems are coded; guidelines
 * IV.D, IV.G). Dev: mts-dialog-hpi train-995 (the low mood of an opioid-dependence history),
 * mts-dialog-hpi-dev2 train-268 (allergies, blood in the urine).
 */
function wholeVisit(o: { labelled: boolean; textLength: number; assessing: boolean }): boolean {
  return o.labelled && o.textLength > WHOLE_VISIT_CHARS && (o.assessing || o.textLength > UNASSESSED_EXCERPT_CHARS);
}
const UNSPECIFIC = /unspecified|without complications/i;

/** What the engine read of the whole text that selection needs beside the mentions. */
export interface VisitFacts {
  textLength: number;
  /** Where the assessment and plan begins (assessment.ts); by default the closing share of the text. */
  closingFrom?: number;
  /** An assessment marker opens it there. */
  assessmentMarked?: boolean;
  /** The visit falls in the puerperium (puerperium.ts). */
  puerperal?: boolean;
  /** The gestational age in weeks the visit states (pregnancy.ts). */
  gestationWeeks?: number;
  /** The patient is an infant whose birth the visit speaks of (newborn.ts): its pregnancy is the mother's. */
  infant?: boolean;
  /** The infant is a newborn, its age within the newborn period (newborn.ts newbornRecord). */
  newborn?: boolean;
}

/** The codes of a visit from its mentions. */
export function selectDiagnoses(mentions: readonly Mention[], visit: VisitFacts): CodedDiagnosis[] {
  const { textLength, closingFrom = Math.floor(textLength * ASSESSMENT_PART), assessmentMarked = false, puerperal = false, gestationWeeks, infant = false, newborn = false } = visit;
  const byCode = new Map<string, CodedDiagnosis>();
  for (const m of mentions) {
    for (const { code, basis } of codesFor(m)) {
      const seen = byCode.get(code);
      if (seen) {
        seen.count++;
        seen.mentions.push(m);
        continue;
      }
      byCode.set(code, { code, title: icd10cmTitle(code) ?? code, basis, concept: m.concept, mention: m, count: 1, mentions: [m] });
    }
  }
  // A past-history code yields when the condition itself is current in this visit.
  for (const d of [...byCode.values()]) {
    if (d.basis === 'history' && [...byCode.values()].some((o) => o.concept === d.concept && o.basis === 'present')) byCode.delete(d.code);
  }
  takeDocumentedSpecificity(byCode);
  takeDocumentedSide(byCode);
  // What the visit assessed is decided first, so a passing mention ("the last time you had an
  // asthma attack?") cannot displace an assessed condition through a combination rule.
  const labelled = mentions.some((m) => m.speaker !== undefined);
  const assessing = assessmentMarked || mentions.some(assessesProblem);
  const conversation = wholeVisit({ labelled, textLength, assessing });
  if (labelled && !conversation) {
    dropHistoryTaking(byCode);
    dropPastMentionsOnly(byCode);
    dropRecordedStatus(byCode);
    dropPatientHistory(byCode);
  }
  if (passingGated({ labelled, textLength, mentions: mentions.length, assessing })) dropPassingSymptoms(byCode, closingFrom, recapSentences(mentions), labelled && !conversation ? (assessmentMarked ? 'assessed' : 'open') : undefined);
  else if (labelled && textLength > SHORT_EXCHANGE_CHARS) dropPatientSymptoms(byCode);
  applyCombinations(byCode);
  if (conversation) dropUnmanagedChronic(byCode, closingFrom);
  examWithFindings(byCode);
  followUpAfterTreatment(byCode);
  dropLessSpecific(byCode);
  dropBiteWounds(byCode);
  dropMainTermDefaults(byCode);
  dropPersonalHistory(byCode);
  dropIntegralSymptoms(byCode);
  if (labelled) dropPatientOnlySymptoms(byCode, closingFrom);
  if (infant) dropMaternalCodes(byCode);
  if (newborn) newbornSymptoms(byCode);
  if (puerperal) complicatingPuerperium(byCode);
  complicatingPregnancy(byCode, gestationWeeks);
  // Never emit a header or unknown code, whatever the tables say.
  for (const code of [...byCode.keys()]) if (!isBillable(code)) byCode.delete(code);
  return [...byCode.values()].sort(order);
}

/** Said in a question or its answer (mentions.ts `asked`, `answered`): history reviewed, not stated. */
const inQuestionOrAnswer = (m: Mention): boolean => m.asked === true || m.answered === true;

/**
 * An excerpt that is not a whole visit has no closing part to gate it: there, what is said in
 * history taking (history-taking.ts) is coded only when the clinician states it as present — a
 * past-history mention alone, the patient's answer the clinician does not take up, and the
 * clinician's own questions are not (issue #18 policy; guidelines IV.J) — and a relative's
 * condition only when the clinician weighs it for the patient's care.
 */
function dropHistoryTaking(byCode: Map<string, CodedDiagnosis>): void {
  // The answer to the opening question is the reason for the encounter (guidelines IV.G), not history
  // taken, even when a question about the history came first ("can he give me his history?").
  // A current symptom the clinician asks about and the patient affirms ("any nausea?" "I get it most
  // mornings") is the present illness reviewed (mentions.ts `reviewed`): the clinician took it up by asking.
  const takenUp = (m: Mention): boolean => !m.historyTaking || (m.presenting === true && m.status === 'present') || (m.speaker === 'clinician' && m.status === 'present' && (!inQuestionOrAnswer(m) || m.reviewed === true));
  // The patient's own words ("she died due to a stroke") do not weigh it for care: the clinician does.
  const weighed = (m: Mention): boolean => m.familyWeighed === true && m.speaker !== 'patient';
  for (const d of [...byCode.values()]) {
    if (d.basis === 'family' ? !d.mentions.some(weighed) : !d.mentions.some(takenUp)) byCode.delete(d.code);
  }
}

/**
 * In an excerpt, a chronic condition named only as history ("with your history of high
 * cholesterol…", "it looks like he has a history of high blood pressure") is the record read
 * out, not a problem this excerpt treats, monitors or works up: not coded (issue #18 policy,
 * chronic conditions only when managed; guidelines IV.J). Framed as a problem, or named as
 * current anywhere in the excerpt, it is coded. A whole visit is read by its closing part instead
 * (dropUnmanagedChronic). Dev: coding-snippets cs13; MTS-Dialog history-only rows (coding-abstain)
 * train-362, train-470, train-502, valid-92.
 */
// Personal history of other diseases and conditions (Z86-Z87).
const PERSONAL_HISTORY = /^Z8[67]/;
/**
 * A personal-history code (Z86-Z87: history of a stroke, a clot, kidney stones, nicotine
 * dependence) from a past mention is supplementary: the labelling policy codes Z codes only where
 * the guidelines call for them (annual exam, follow-up after completed cancer treatment Z08 + Z85,
 * a status that shapes the visit's care, family history the assessment relies on; issue #18
 * policy, guidelines IV.J: a condition previously treated that no longer exists is not coded). It
 * stays when the visit is framed on it (the reason for the visit, a problem heading). An old
 * infarction (I25.2) is a condition code, not Z86-Z87: it stays.
 */
function dropPersonalHistory(byCode: Map<string, CodedDiagnosis>): void {
  for (const d of [...byCode.values()]) if (PERSONAL_HISTORY.test(d.code) && !d.mentions.some((m) => m.framed)) byCode.delete(d.code);
}
function dropPastMentionsOnly(byCode: Map<string, CodedDiagnosis>): void {
  for (const d of [...byCode.values()]) {
    // A status (a transplant, a joint replaced) is a procedure done: said in the past, it stands.
    if (d.concept.kind === 'status') continue;
    if (d.basis === 'present' && d.mentions.every((m) => m.status === 'historical' && !m.framed)) byCode.delete(d.code);
  }
}

/**
 * In an excerpt, a status (a graft, a repair, a device) the clinician only reads back from the
 * record while taking the history ("according to this you had a bypass graft"), or asks the
 * patient to confirm ("you've had a rotator cuff repair before, correct?"), is the surgical
 * history, not a status shaping this visit's care: not coded (issue #18 policy, Z codes only
 * where the guidelines call for them; IV.J). Framed as a problem, it is. Dev: mts-dialog-hpi
 * train-235 (a past-history round), train-1070 (the repair asked about before the re-tear).
 */
function dropRecordedStatus(byCode: Map<string, CodedDiagnosis>): void {
  const recorded = (m: Mention): boolean => !m.framed && (m.historyTaking === true || inQuestionOrAnswer(m));
  for (const d of [...byCode.values()]) {
    if (d.concept.kind === 'status' && d.basis === 'present' && d.mentions.every(recorded)) byCode.delete(d.code);
  }
}

/**
 * In an excerpt, a personal-history Z code (Z85–Z87, basis 'history') from the
 * patient's words alone ("after my stroke") is the story told, not a past condition the clinician
 * weighs for this visit's care: not coded (issue #18 policy: history only mentioned is not coded,
 * nor what the patient says that the clinician does not take up; IV.J). A whole visit reads this
 * by its closing part (dropPassingSymptoms, historyTakenUp). Dev: mts-dialog-hpi train-145.
 */
function dropPatientHistory(byCode: Map<string, CodedDiagnosis>): void {
  for (const d of [...byCode.values()]) {
    // A history the classification codes as a condition (old myocardial infarction I25.2, I.C.9.e.4) is not a Z code: it stays.
    if (d.basis === 'history' && d.code.startsWith('Z') && d.mentions.every((m) => m.speaker === 'patient' || inQuestionOrAnswer(m))) byCode.delete(d.code);
  }
}

const sameSentence = (a: CodedDiagnosis, b: CodedDiagnosis): boolean =>
  a.mentions.some((m) => b.mentions.some((n) => n.sentence.start === m.sentence.start));

function applyCombinations(byCode: Map<string, CodedDiagnosis>): void {
  for (const rule of combinationRules()) {
    const when = [...byCode.values()].find((d) => codeMatches(rule.when, d.code) && d.basis !== 'family');
    if (!when) continue;
    // "-": the rule needs no second condition (a tabular "use additional code" note).
    const also = rule.also === '-' ? { count: 0, mentions: [] } : [...byCode.values()].find(
      (d) => d !== when && codeMatches(rule.also, d.code) && d.basis !== 'family' && (rule.scope === 'visit' || sameSentence(when, d)),
    );
    if (!also) continue;
    const add = addedCode(rule, when.mention.side);
    const existing = add ? byCode.get(add) : undefined;
    if (existing) {
      // Named as such and implied by its parts: the parts' mentions support it too.
      existing.count += when.count + also.count;
      existing.mentions.push(...when.mentions, ...also.mentions);
    } else if (add) {
      byCode.set(add, {
        ...when,
        code: add,
        title: icd10cmTitle(add) ?? add,
        basis: 'combination',
        count: when.count + also.count,
        mentions: [...when.mentions, ...also.mentions],
      });
    }
    for (const pattern of rule.drop) {
      for (const code of [...byCode.keys()]) if (code !== add && codeMatches(pattern, code)) byCode.delete(code);
    }
  }
}

const FOLLOW_UP_AFTER_TREATMENT = 'Z08';
/** A malignancy's personal-history code, the visit finding no recurrence of it (mentions.ts). */
const followsUpTreatment = (d: CodedDiagnosis): boolean => d.basis === 'history' && d.mentions.some((m) => m.eradicated);
/**
 * A visit that finds no recurrence of a treated malignancy is a follow-up examination after
 * completed treatment: Z08, with the Z85 personal-history code (guidelines I.C.21.c.8, I.C.2.d).
 */
function followUpAfterTreatment(byCode: Map<string, CodedDiagnosis>): void {
  const treated = [...byCode.values()].find(followsUpTreatment);
  if (!treated || byCode.has(FOLLOW_UP_AFTER_TREATMENT)) return;
  byCode.set(FOLLOW_UP_AFTER_TREATMENT, { ...treated, code: FOLLOW_UP_AFTER_TREATMENT, title: icd10cmTitle(FOLLOW_UP_AFTER_TREATMENT) ?? FOLLOW_UP_AFTER_TREATMENT });
}

const EXAM = 'Z00.00';
const EXAM_WITH_FINDINGS = 'Z00.01';
/**
 * A general examination that found conditions it then assessed is the examination "with
 * abnormal findings" (ICD-10-CM guidelines I.C.21.c.13: Z00.01, and the findings coded too).
 */
function examWithFindings(byCode: Map<string, CodedDiagnosis>): void {
  const exam = byCode.get(EXAM);
  if (!exam || byCode.has(EXAM_WITH_FINDINGS)) return;
  const findings = [...byCode.values()].some((d) => d.basis === 'present' && !d.code.startsWith('Z'));
  if (!findings) return;
  byCode.delete(EXAM);
  byCode.set(EXAM_WITH_FINDINGS, { ...exam, code: EXAM_WITH_FINDINGS, title: icd10cmTitle(EXAM_WITH_FINDINGS) ?? EXAM_WITH_FINDINGS });
}

/**
 * A condition of a visit in the puerperium (puerperium.ts) is coded as complicating it, O99.893,
 * beside its own code: chapter 15 takes precedence (guidelines I.C.15.a). The first such
 * condition's mention is the evidence.
 */
function complicatingPuerperium(byCode: Map<string, CodedDiagnosis>): void {
  const code = puerperiumCode();
  if (byCode.has(code)) return;
  const condition = [...byCode.values()].find((d) => (d.basis === 'present' || d.basis === 'combination') && !/^[OZ]/.test(d.code));
  if (condition) byCode.set(code, { ...condition, code, title: icd10cmTitle(code) ?? code });
}

// Codes of the mother's record: chapter 15, pregnant state (Z33), weeks of gestation (Z3A), supervision of pregnancy (Z34).
const MATERNAL = /^(?:O|Z3[34A])/;
/**
 * In a visit about an infant (newborn.ts) the pregnancy and its conditions are the mother's birth
 * history: chapter 15 codes are used only on the maternal record, never on the newborn's
 * (guidelines I.C.15.a.2), nor is the pregnant state the infant's.
 */
function dropMaternalCodes(byCode: Map<string, CodedDiagnosis>): void {
  for (const code of [...byCode.keys()]) if (MATERNAL.test(code)) byCode.delete(code);
}

/** A newborn's sign or symptom takes the index's "newborn" subterm code (Fever, newborn P81.9; newborn.ts newbornCode). */
function newbornSymptoms(byCode: Map<string, CodedDiagnosis>): void {
  for (const d of [...byCode.values()]) {
    const code = newbornCode(d.code);
    if (!code || byCode.has(code)) continue;
    byCode.delete(d.code);
    byCode.set(code, { ...d, code, title: icd10cmTitle(code) ?? code });
  }
}

const PREGNANT = 'Z33.1';
// Chapter 15, pregnancy, childbirth and the puerperium.
const CHAPTER_15 = /^O/;
/**
 * The conditions of a patient the visit names as pregnant are coded from chapter 15, which takes
 * precedence (guidelines I.C.15.a; pregnancy.ts), with Z3A for the weeks when stated; Z33.1
 * (pregnancy incidental) then yields. The patient is pregnant by Z33.1 at a stated gestational age,
 * or by a condition of the pregnancy already coded from chapter 15 (gestational diabetes): then the
 * trimester is unspecified when no weeks are stated. The condition's own code stays where the
 * tabular says to code it also. No listed condition and no chapter 15 code: the visit is left as coded.
 */
function complicatingPregnancy(byCode: Map<string, CodedDiagnosis>, weeks: number | undefined): void {
  const chapter15 = [...byCode.values()].find((d) => CHAPTER_15.test(d.code) && (d.basis === 'present' || d.basis === 'combination'));
  const pregnant = byCode.get(PREGNANT) ?? chapter15;
  if (!pregnant || (weeks === undefined && !chapter15)) return;
  let complicated = chapter15 !== undefined;
  for (const d of [...byCode.values()]) {
    if (d.basis !== 'present' && d.basis !== 'combination') continue;
    const o = pregnancyCode(d.code, weeks);
    if (!o) continue;
    complicated = true;
    if (!o.keep) byCode.delete(d.code);
    if (!byCode.has(o.code)) byCode.set(o.code, { ...d, code: o.code, title: icd10cmTitle(o.code) ?? o.code });
  }
  if (!complicated) return;
  byCode.delete(PREGNANT);
  if (weeks === undefined) return;
  const z = weeksCode(weeks);
  byCode.set(z, { ...pregnant, code: z, title: icd10cmTitle(z) ?? z });
}

/** `o` is a specific code of `d`'s concept in `d`'s 3-character category. */
const specificOfConcept = (o: CodedDiagnosis, d: CodedDiagnosis): boolean =>
  !UNSPECIFIC.test(o.title) && o.concept.name === d.concept.name && o.code.slice(0, 3) === d.code.slice(0, 3);

/**
 * One condition documented at its specificity once in the visit ("shave of right inferior back,
 * malignant melanoma" in the pathology read out) and named without it where the plan takes it
 * up ("newly diagnosed melanoma"): the unspecified mentions are that condition, coded to the
 * highest specificity documented (guidelines I.B.2-3, IV.B). Only when the visit names the
 * condition at one specific code of the category; two (two sites) leave each as said.
 */
function takeDocumentedSpecificity(byCode: Map<string, CodedDiagnosis>): void {
  for (const d of [...byCode.values()]) {
    if (d.basis !== 'present' || !UNSPECIFIC.test(d.title)) continue;
    const specific = [...byCode.values()].filter((o) => o !== d && o.basis === 'present' && specificOfConcept(o, d));
    if (specific.length !== 1) continue;
    const [into] = specific as [CodedDiagnosis];
    into.count += d.count;
    into.mentions.push(...d.mentions);
    byCode.delete(d.code);
  }
}

/** The side a code's concept gives it, when the code is one of its codes by side. */
const sideOfCode = (d: CodedDiagnosis): 'R' | 'L' | undefined => (d.concept.codes.R === d.code ? 'R' : d.concept.codes.L === d.code ? 'L' : undefined);

/**
 * One condition named with its type but no side ("Colles fracture" S52.539A, "…of unspecified
 * radius") and elsewhere with its side but no type ("fracture of the left distal radius" S52.502A,
 * "Unspecified fracture of the lower end of left radius") is that type on that side, S52.532A: each
 * axis coded as documented (guidelines I.B.2-3, I.B.13 laterality). Only when the visit names one
 * such sided code of the category, and the typed code has codes by side.
 */
function takeDocumentedSide(byCode: Map<string, CodedDiagnosis>): void {
  for (const d of [...byCode.values()]) {
    if (d.basis !== 'present' || d.code !== d.concept.codes.U || !d.concept.codes.R || !d.concept.codes.L) continue;
    const sided = [...byCode.values()].filter((o) => o !== d && o.basis === 'present' && o.code.slice(0, 3) === d.code.slice(0, 3) && UNSPECIFIC.test(o.title) && sideOfCode(o) !== undefined);
    if (sided.length !== 1) continue;
    const [o] = sided as [CodedDiagnosis];
    const code = d.concept.codes[sideOfCode(o)!]!;
    if (!isBillable(code) || byCode.has(code)) continue;
    byCode.delete(d.code);
    byCode.delete(o.code);
    byCode.set(code, { ...d, code, title: icd10cmTitle(code) ?? code, count: d.count + o.count, mentions: [...d.mentions, ...o.mentions] });
  }
}

/**
 * The same condition is coded once, at its most specific code (guidelines I.B.2-3, IV.B): an
 * "unspecified" code yields to a specific code of that condition — the same concept in its
 * category, or a code under the tabular node it is the unspecified member of (refines.ts:
 * "knee pain" M25.569 beside right knee M25.561; "back pain" M54.9 beside low back pain M54.50,
 * which is deeper though its own type is unspecified). A specific code of another site or condition in
 * the category is another problem and leaves it standing (low back pain M54.50 beside neck pain
 * M54.2; knee pain M25.569 beside shoulder pain M25.511).
 */
/**
 * Back pain said apart from neck pain ("neck and back pain", "my neck hurts, and my back") is pain
 * at a second site, not the neck pain said less exactly: the tabular list files Cervicalgia M54.2
 * under Dorsalgia M54, but the neck is not the back (Index: Pain, neck NEC M54.2; Pain, back
 * M54.9), so M54.9 does not yield to M54.2 when no mention of it is the neck's.
 */
const neckBesideBack = (d: CodedDiagnosis, o: CodedDiagnosis): boolean =>
  d.code === BACK_PAIN && o.code === NECK_PAIN && d.mentions.every((m) => o.mentions.every((n) => n.end <= m.start || m.end <= n.start));
const BACK_PAIN = 'M54.9';
const NECK_PAIN = 'M54.2';

function dropLessSpecific(byCode: Map<string, CodedDiagnosis>): void {
  const all = [...byCode.values()];
  // A code under the unspecified code's node is more specific even when it leaves another axis
  // unspecified ("Low back pain, unspecified" M54.50 under "Dorsalgia, unspecified" M54.9's M54).
  const sameCondition = (d: CodedDiagnosis, o: CodedDiagnosis): boolean => !neckBesideBack(d, o) && (specificOfConcept(o, d) || (refines(o.code, d.code) && !refines(d.code, o.code)));
  for (const d of all) {
    if (UNSPECIFIC.test(d.title) && all.some((o) => o !== d && sameCondition(d, o))) byCode.delete(d.code);
  }
}

/**
 * A main term's unspecified default yields to a code of one of its subterms named as such
 * ("anemia" D64.9 beside "iron deficiency anemia" D50.9; Alphabetic Index, guidelines
 * I.B.2-3), whatever the category: the two name one condition at two levels of detail.
 */
function dropMainTermDefaults(byCode: Map<string, CodedDiagnosis>): void {
  const current = [...byCode.values()].filter((d) => d.basis === 'present' || d.basis === 'combination').map((d) => ({ code: d.code, name: d.concept.name }));
  for (const d of [...byCode.values()]) {
    if (d.basis !== 'family' && yieldsToSubterm(d.code, current)) byCode.delete(d.code);
  }
}

// Symptom codes in all but chapter: chapter XVIII, musculoskeletal pain (M25.5-, M54.-, M79.6-), and the
// pain of an ear (Otalgia H92.0-) or eye (Ocular pain H57.1-). They explain no other sign.
const SYMPTOM_CODE = /^(?:[RM]|H92\.0|H57\.1)/;

/**
 * A complaint in lay words the index codes to a disease (a "sore throat", J02.9), named by the
 * patient alone: no diagnosis the provider has established, so it explains none of the other
 * symptoms told beside it ("a sore throat ... and some chills" keeps the chills). Guidelines IV.D:
 * signs and symptoms are reported when a related definitive diagnosis has not been established by
 * the provider. Taken up in the clinician's words, it explains them like every other diagnosis.
 */
const patientComplaintOnly = (d: CodedDiagnosis): boolean =>
  d.concept.layComplaint === true && d.mentions.every((m) => m.speaker === 'patient');

/**
 * A symptom of a body system whose diagnosis is coded is integral to it (guidelines IV.D,
 * I.B.5). A condition the classification places outside chapter XVIII (constipation K59.00,
 * though spoken of as a symptom) likewise explains the chapter XVIII signs of its system
 * (abdominal pain R10.9), but not another condition; a musculoskeletal, ear or eye pain code
 * (SYMPTOM_CODE) is a symptom in all but chapter and explains nothing. A symptom the clinician
 * attributes to a condition ("the cough is from the sarcoid"; coding.json `attributed`) is
 * integral to it when a condition is coded (IV.D).
 */
function dropIntegralSymptoms(byCode: Map<string, CodedDiagnosis>): void {
  // Systems explained by any coded diagnosis (and signs by a non-R symptom), and by those the clinician frames.
  const all = { dx: new Set<string>(), signs: new Set<string>() };
  const framed = { dx: new Set<string>(), signs: new Set<string>() };
  for (const d of byCode.values()) {
    if (d.basis === 'family' || d.basis === 'history') continue;
    const into = d.concept.kind === 'dx' && !patientComplaintOnly(d) ? 'dx' : d.concept.kind === 'symptom' && !SYMPTOM_CODE.test(d.code) ? 'signs' : undefined;
    if (!into) continue;
    d.concept.systems.forEach((s) => all[into].add(s));
    if (d.mentions.some(clinicianFrames)) d.concept.systems.forEach((s) => framed[into].add(s));
  }
  // The clinician attributing the symptom to a condition coded beside it says so outright.
  const coded = (d: CodedDiagnosis): boolean => [...byCode.values()].some((o) => o !== d && (o.basis === 'present' || o.basis === 'combination') && o.concept.kind !== 'symptom');
  // The diagnosis the clinician gives as the impression, and a complaint listed before it in that
  // sentence as the evidence for it, after an opener ("with tension, poor sleep and irritability, this
  // is an anxiety disorder"; coding.json impression_evidence): the diagnosis's presentation, not coded
  // beside it (guidelines I.B.5, IV.D).
  // A condition the index codes as a disease (insomnia G47.00) is taken so only where it is of the
  // diagnosis's own body system; a symptom (or a complaint in lay words) wherever it lies.
  const impressions = [...byCode.values()]
    .filter((o) => o.basis === 'present' && o.concept.kind === 'dx' && !saidAsSymptom(o))
    .flatMap((o) => o.mentions.filter((m) => clinicianFrames(m) && m.framing === 'impression'));
  const listedAsEvidence = (d: CodedDiagnosis, m: Mention): boolean =>
    m.speaker === 'clinician' && m.status === 'present' && m.evidenceListed === true && impressions.some((n) =>
      n.sentence.start === m.sentence.start && n.start > m.end && n.concept !== m.concept &&
      (saidAsSymptom(d) || n.concept.systems.some((s) => d.concept.systems.includes(s))));
  for (const d of [...byCode.values()]) {
    if (d.basis !== 'present' || !(saidAsSymptom(d) || d.concept.kind === 'dx')) continue;
    if ([...byCode.keys()].some((code) => codedBeside(code, d.code))) continue;
    // Given as a problem itself ("an ear infection and a nappy rash") it is a second diagnosis.
    if (d.mentions.some(clinicianFrames)) continue;
    if (d.mentions.some((m) => listedAsEvidence(d, m))) byCode.delete(d.code);
  }
  for (const d of [...byCode.values()]) {
    if (d.concept.kind !== 'symptom') continue;
    // The tabular list's "use additional code" for the diagnosis's associated symptoms keeps them.
    if ([...byCode.keys()].some((code) => codedBeside(code, d.code))) continue;
    // A symptom the clinician gives as the problem ("what you have is a fever and an acute cough")
    // is explained only by a condition the clinician gives likewise, not by one named in the
    // history taking (guidelines IV.D: a symptom is left out when a related diagnosis is established).
    // (A problem heading, "for your ankle pain", names what a diagnosis then explains.)
    // So is a sign named as the subject of an uncertain diagnosis ("this rash … could be psoriasis", IV.H).
    const by = d.mentions.some((m) => (clinicianFrames(m) && m.framing === 'impression') || m.doubtedSubject === true) ? framed : all;
    if (d.concept.systems.some((s) => by.dx.has(s) || (d.code.startsWith('R') && by.signs.has(s)))) byCode.delete(d.code);
    else if (d.mentions.some((m) => m.attributed) && coded(d)) byCode.delete(d.code);
  }
}

/** The clinician states it as the patient's, not asking about it (a diagnosis said, not history taken). */
const clinicianStates = (m: Mention): boolean => m.speaker === 'clinician' && m.status === 'present' && !m.asked && !m.answered;

/**
 * A symptom as said: a symptom, or a complaint in lay words the index codes to a disease ("sore
 * throat" J02.9, "indigestion" K30; concepts.tsv attribute `lay`). What the patient alone says of
 * either is the story told, not a diagnosis (issue #18 policy; guidelines IV.D).
 */
const saidAsSymptom = (d: CodedDiagnosis): boolean => d.concept.kind === 'symptom' || d.concept.layComplaint === true;

/** A diagnosis coded on one of `bases` that the clinician states (the two patient-symptom rules hinge on it). */
const clinicianStatesDiagnosis = (byCode: Map<string, CodedDiagnosis>, bases: readonly Basis[]): boolean =>
  [...byCode.values()].some((d) => d.concept.kind === 'dx' && !saidAsSymptom(d) && bases.includes(d.basis) && d.mentions.some(clinicianStates));

/**
 * Once the clinician states a diagnosis, a symptom only the patient names — never said, asked
 * about or summed up by the clinician — is its presentation or a remark not taken up: not coded
 * (guidelines IV.D, signs and symptoms of an established diagnosis; issue #18 policy, what the
 * patient says and the clinician does not take up). A visit the gate already reads
 * (dropPassingSymptoms) loses nothing more; an excerpt too short to gate is read the same way.
 * Dev: the teeth that ache with sinusitis (coding-snippets cs40), "tired" beside the diagnosis
 * (coding-visits cv25, coding-consults cc40), tingling (cv16), "peeing a lot" (coding-clinic
 * ck31), a headache (MTS-Dialog chief complaint train-634). The answer to the opening question
 * stays: it is the reason for the encounter (IV.G), left out only when integral to the diagnosis
 * (dropIntegralSymptoms); so does a complaint the clinician follows up with a question about it
 * (follow-up.ts: taken up). The clinician giving the impression where the assessment is said names
 * the visit's problems even when they are symptoms ("so what you've got is an acute cough"):
 * then a complaint the clinician only asked about, and the answer to it ("any sore throat?" "a
 * little"), is the history reviewed, not a problem taken up (guidelines IV.D; issue #18
 * policy; dev coding-visits cv25).
 */
function dropPatientOnlySymptoms(byCode: Map<string, CodedDiagnosis>, closingFrom: number): void {
  const impression = [...byCode.values()].some((d) => d.basis === 'present' && d.mentions.some((m) => clinicianFrames(m) && m.framing === 'impression' && m.start >= closingFrom));
  // The clinician's closing impression is in doubt and names the signs it rests on ("so the
  // cough and the breathlessness, it could be…"): those signs are what is coded in the uncertain
  // diagnosis's place (guidelines IV.H). A symptom only reviewed by a question on the way
  // ("any wheeze?" "a bit"), which the impression leaves aside, is history reviewed, not a
  // problem of the visit (IV.D; issue #18 policy, what the clinician does not take up).
  const doubted = [...byCode.values()].some((d) => d.basis === 'present' && d.mentions.some((m) => m.doubtedSubject === true && m.start >= closingFrom));
  if (!impression && !doubted && !clinicianStatesDiagnosis(byCode, ['present', 'combination'])) return;
  const notTakenUp = (m: Mention): boolean => (m.speaker === 'patient' && !m.presenting && !m.followedUp) ||
    (impression && m.speaker === 'clinician' && inQuestionOrAnswer(m) && !m.reviewed && !m.framed) ||
    (doubted && m.speaker === 'clinician' && inQuestionOrAnswer(m) && !m.framed && !m.doubtedSubject && !m.presenting);
  for (const d of [...byCode.values()]) {
    if (saidAsSymptom(d) && d.basis === 'present' && d.mentions.every(notTakenUp)) byCode.delete(d.code);
  }
}

/** The clinician gives it as the impression or a problem of the assessment (mentions.ts framing). */
const clinicianFrames = (m: Mention): boolean => m.speaker === 'clinician' && m.status === 'present' && (m.framing === 'impression' || m.framing === 'heading');

/**
 * In a long visit, code what the visit was about, not passing remarks: what the clinician
 * frames as the reason for the visit or a problem of the assessment; otherwise conditions
 * the clinician takes up in the closing (assessment) part, family history tied to care, the
 * presenting complaint when no diagnosis is assessed, and symptoms repeated at least twice and
 * stated by the clinician — three times, and taken up in the closing part, beside an assessed
 * (acute) diagnosis (which usually explains them: guidelines IV.D, IV.H).
 */
function dropPassingSymptoms(byCode: Map<string, CodedDiagnosis>, closingFrom: number, recaps: Set<number>, excerpt?: 'open' | 'assessed'): void {
  // Framed as a problem (a chronic condition also when said as long-standing: "your history of gout").
  // The patient's own framing ("i just got diagnosed with diabetes") is history: the
  // clinician frames what the visit manages (issue #18 policy).
  const managed = (m: Mention): boolean => m.framed && m.speaker !== 'patient' && (m.status === 'present' || (m.status === 'historical' && m.concept.history === '='));
  // The reason for the visit the clinician states in the opening ("here for follow-up of his
  // chf, hypertension and depression") lists what the visit will cover, not what it assessed: a
  // condition named there is coded when the clinician takes it up where the assessment is said.
  // An encounter for an examination (Z00–Z13) is the visit itself (guidelines I.C.21.c.13).
  const framedNow = (m: Mention): boolean => managed(m) && (m.framing !== 'reason' || m.speaker === undefined || m.start >= closingFrom || EXAMINATION_ENCOUNTER.test(m.concept.codes.U));
  const framed = (d: CodedDiagnosis): boolean => d.basis === 'present' && (d.mentions.some(framedNow) || (d.mentions.some(managed) && assessed(d, closingFrom)));
  const condition = (d: CodedDiagnosis): boolean => d.concept.kind === 'dx' || d.concept.kind === 'chronic';
  // The reason for the visit as the patient states it ("I was stung by a wasp") is what the visit
  // is about (guidelines IV.G: the condition chiefly responsible for the encounter).
  // (The clinician's own guess in the opening, "you've been having problems with your asthma, is
  // that right?", is not: the patient's answer states the reason.)
  const reason = (d: CodedDiagnosis): boolean => d.concept.kind === 'dx' && d.mentions.some((m) => m.presenting && m.status === 'present' && m.speaker === 'patient');
  // The reason the clinician states, when the visit assesses no condition at all: the condition
  // chiefly responsible for the encounter (guidelines IV.G), its management said without naming it.
  const stated = [...byCode.values()].filter((d) => condition(d) && d.basis === 'present' && d.mentions.some((m) => managed(m) && m.framing === 'reason'));
  for (const d of [...byCode.values()]) {
    if (framed(d) || reason(d)) continue;
    // A relative's condition is recorded when the clinician weighs it for the patient's care
    // (screening, risk), not from a round of family-history questions.
    if (d.basis === 'family' && !d.mentions.some((m) => m.familyWeighed)) byCode.delete(d.code);
    else if (condition(d) && d.basis === 'present' && !assessed(d, closingFrom)) byCode.delete(d.code);
    // A status (an organ removed, a device) is coded when it shapes this visit's care (issue #18
    // policy; guidelines IV.J): the clinician takes it up where the assessment is said.
    else if (d.concept.kind === 'status' && d.basis === 'present' && !assessed(d, closingFrom)) byCode.delete(d.code);
    // A personal-history code likewise, when the past condition bears on this visit (IV.J).
    else if (d.basis === 'history' && !historyTakenUp(d, closingFrom)) byCode.delete(d.code);
  }
  if (![...byCode.values()].some((d) => condition(d) && d.basis === 'present')) for (const d of stated) byCode.set(d.code, d);
  // Only an acute diagnosis explains the visit's symptoms; a chronic condition managed beside
  // them (diabetes, an underactive thyroid) does not (concepts.tsv kinds).
  // …and so does the follow-up of a treated malignancy (Z08), the reason for such a visit.
  const definitive = [...byCode.values()].some((d) => (d.concept.kind === 'dx' && d.basis === 'present') || followsUpTreatment(d));
  const needed = definitive ? 3 : 2;
  // The presenting complaint is what the visit is about when no diagnosis explains it (IV.D);
  // in an excerpt, the present illness it documents stays beside the diagnosis (presentIllness).
  const presenting = (d: CodedDiagnosis): boolean => (!definitive && presentingNamed(d)) || (excerpt !== undefined && presentIllness(d, excerpt));
  for (const d of [...byCode.values()]) {
    if (framed(d) || presenting(d) || d.concept.kind !== 'symptom') continue;
    if (d.count < needed || (definitive && !symptomTakenUp(d, closingFrom, recaps)) || (!definitive && !clinicianSays(d))) byCode.delete(d.code);
  }
}

/**
 * In a labelled text with no assessment part to gate it, a symptom only the patient names (or
 * affirms to a question) beside a diagnosis the clinician states is the patient's story, not
 * taken up: the diagnosis accounts for the visit (issue #18 policy: what the patient says and the
 * clinician does not take up is not coded; guidelines IV.D). The presenting complaint and a
 * complaint the clinician follows up (follow-up.ts, mentions.ts reviewedAlongside) are taken up,
 * as dropPatientOnlySymptoms reads them.
 */
function dropPatientSymptoms(byCode: Map<string, CodedDiagnosis>): void {
  if (!clinicianStatesDiagnosis(byCode, ['present'])) return;
  for (const d of [...byCode.values()]) {
    if (saidAsSymptom(d) && d.basis === 'present' && !d.mentions.some((m) => m.presenting || m.followedUp) && !clinicianSays(d)) byCode.delete(d.code);
  }
}

/**
 * A chronic condition the clinician names without taking it up as a problem ("…and with your
 * diabetes, cuts heal slower") is mentioned, not managed: chronic conditions are coded when the
 * plan treats, monitors or works them up (issue #18 policy), which the clinician says by framing
 * it (a problem heading, the impression, the reason for the visit). Framed by either speaker is
 * enough (speech recognition gives some of the clinician's headings to the patient); the
 * presenting complaint is the visit's reason (IV.G). Run after the combination rules: a
 * condition said in passing still gives a managed one its combination code (hypertension with
 * the heart failure treated: I11.0, I.C.9.a). A condition the clinician states CHRONIC_TAKEN_UP
 * times where the assessment is said (not asking) is taken up though never headed: the plan
 * weighs it ("you stopped the thyroxine … an underactive thyroid slows everything down"; dev
 * PriMock57 day3_consultation03; issue #18 policy, chronic conditions affecting care).
 */
const CHRONIC_TAKEN_UP = 2;
function dropUnmanagedChronic(byCode: Map<string, CodedDiagnosis>, closingFrom: number): void {
  const taken = [...byCode.values()].filter((d) => d.mentions.some((m) => m.framed) || presentingNamed(d));
  for (const d of [...byCode.values()]) {
    if (d.concept.kind !== 'chronic' || d.basis !== 'present' || taken.includes(d)) continue;
    // Spoken of again and again where the assessment is said, it shapes this visit's care (IV.J).
    if (d.mentions.filter((m) => clinicianStates(m) && m.start >= closingFrom).length >= CHRONIC_TAKEN_UP) continue;
    // The condition taken up under its main term ("anemic") is this one named more exactly
    // ("iron deficiency anemia"): the frame holds for it (Alphabetic Index, I.B.2-3).
    if (taken.some((f) => yieldsToSubterm(f.code, [{ code: d.code, name: d.concept.name }]))) continue;
    byCode.delete(d.code);
  }
}

/**
 * The present illness an excerpt documents: the presenting complaint, or a complaint the
 * clinician follows up with a question about it (mentions.ts `presenting`, `followedUp`). An
 * excerpt has no assessment part of its own to take them up (where its clinician opens one,
 * `assessed`, that part takes up what it names and only the presenting complaint stays beside
 * it), and a diagnosis stated in it explains only the symptoms integral to it (dropIntegralSymptoms; guidelines IV.D): the others stay, as
 * the reason for the encounter and the work-up it asks (IV.G; issue #18 policy, complaints the
 * clinician asks about are taken up). A symptom the clinician only asks after beside the diagnosis
 * ("any shortness of breath?" "yes") is left to the gate: it is the diagnosis's presentation
 * reviewed (dev coding-consults cc19, coding-clinic ck10).
 */
const presentIllness = (d: CodedDiagnosis, excerpt: 'open' | 'assessed'): boolean =>
  d.mentions.some((m) => m.status === 'present' && (m.presenting === true || (excerpt === 'open' && m.followedUp === true)));

/**
 * Named in the patient's answer to the opening question (mentions.ts `presenting`), or stated by
 * the clinician as the reason for the visit ("I see the chief complaint is memory loss"): the
 * presenting complaint (guidelines IV.G).
 */
const presentingNamed = (d: CodedDiagnosis): boolean =>
  d.mentions.some((m) => m.status === 'present' && (m.presenting || (m.framing === 'reason' && m.speaker === 'clinician' && !m.asked)));

/**
 * Was a condition taken up where the assessment is said? In a text with labelled turns, a
 * clinician's mention (present, or a chronic condition's history) in the closing part, not
 * asked as a question; the
 * patient's words alone do not make an assessment (issue #18 policy: what the patient says
 * and the clinician does not take up is not coded). Without turns: named more than once or
 * in the closing part.
 */
function assessed(d: CodedDiagnosis, closingFrom: number): boolean {
  const current = (m: Mention): boolean => m.status === 'present' || (m.status === 'historical' && m.concept.history === '=');
  const closing = (m: Mention): boolean => m.start >= closingFrom;
  // A question the patient answers yes to is history taking, not the clinician's assessment;
  // nor is the patient's story restated ("you mentioned you have asthma": mentions.ts recounted).
  if (d.mentions.some((m) => m.speaker !== undefined)) return d.mentions.some((m) => current(m) && m.speaker === 'clinician' && closing(m) && !m.answered && !m.recounted && !m.echoed);
  return d.count >= MENTIONS_OF_MANAGED || closing(d.mention);
}

/** A past condition the clinician speaks of in the closing part (when the text labels its turns). */
function historyTakenUp(d: CodedDiagnosis, closingFrom: number): boolean {
  if (!d.mentions.some((m) => m.speaker !== undefined)) return true;
  return d.mentions.some((m) => m.speaker === 'clinician' && m.start >= closingFrom);
}

/**
 * A symptom the clinician states (when the text labels its turns): the patient's words, a yes
 * to the clinician's question, or the clinician asking to be told of it ("talk to me about the
 * cough") are history taking the clinician has not taken up (issue #18 policy).
 */
function clinicianSays(d: CodedDiagnosis): boolean {
  if (!d.mentions.some((m) => m.speaker !== undefined)) return true;
  return d.mentions.some((m) => m.status === 'present' && m.speaker === 'clinician' && !m.answered && !m.invited && !m.echoed);
}

/**
 * A symptom the clinician speaks of in the closing part (when the text labels its turns), not
 * only in a recap of the story before the diagnosis ("you've had a cough, a runny nose, feeling
 * weak and lethargic"): those are the diagnosis's presentation (guidelines IV.D).
 */
function symptomTakenUp(d: CodedDiagnosis, closingFrom: number, recaps: Set<number>): boolean {
  if (!d.mentions.some((m) => m.speaker !== undefined)) return true;
  return d.mentions.some((m) => m.status === 'present' && m.speaker === 'clinician' && m.start >= closingFrom && !recaps.has(m.sentence.start) && !m.echoed);
}

// A sentence naming this many different symptoms is a recap of the history, not an assessment.
const RECAP_SYMPTOMS = 3;

/** Starts of the clinician's sentences that list RECAP_SYMPTOMS or more different present symptoms. */
function recapSentences(mentions: readonly Mention[]): Set<number> {
  const named = new Map<number, Set<string>>();
  for (const m of mentions) {
    if (m.concept.kind !== 'symptom' || m.status !== 'present' || m.speaker !== 'clinician') continue;
    const set = named.get(m.sentence.start) ?? new Set<string>();
    set.add(m.concept.codes.U);
    named.set(m.sentence.start, set);
  }
  return new Set([...named].filter(([, set]) => set.size >= RECAP_SYMPTOMS).map(([start]) => start));
}

// Encounters for examination (Z00–Z13): the reason for the visit is the visit itself.
const EXAMINATION_ENCOUNTER = /^Z(?:0\d|1[0-3])/;

// A condition named once in a long visit (a past-history list) was not managed in it,
// unless it is named in the closing part, where the assessment and plan are said.
const MENTIONS_OF_MANAGED = 2;

const RANK: Record<string, number> = { dx: 0, chronic: 1, symptom: 2, status: 3 };
function order(a: CodedDiagnosis, b: CodedDiagnosis): number {
  const ra = a.basis === 'family' || a.basis === 'history' ? 4 : RANK[a.concept.kind] ?? 3;
  const rb = b.basis === 'family' || b.basis === 'history' ? 4 : RANK[b.concept.kind] ?? 3;
  return ra - rb || b.count - a.count || a.mention.start - b.mention.start;
}
