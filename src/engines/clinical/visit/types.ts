// Shapes of a read visit: the transcript's sentences annotated in turn, and the typed facts with their spans.
import type { Span } from '../../ports.ts';
import type { Assertion } from '../context/index.ts';
import type { Vitals } from '../numbers/index.ts';
import type { Sentence, SpeakerRole, Turn } from '../transcript/index.ts';

export type { Span, Sentence, SpeakerRole, Turn };

/** Which part of a note a sentence belongs to, or none (chit-chat, questions, commands). */
export type Part = 'hpi' | 'exam' | 'results' | 'plan' | 'none';

import type { Sex } from '../language/voice.ts';

export type { Sex };

/** Words of the visit (or a phrase made from them) with the transcript spans they came from. */
export interface Said { text: string; spans: Span[]; }

/** A sentence of the transcript with what the pipeline found out about it. */
export interface VisitSentence extends Sentence {
  /** Position in `Visit.sentences`. */
  index: number;
  /** The note part its section cue (exam announced, assessment begun…) and its words give it. */
  part: Part;
  /** Allergy talk: its drugs are not medications, its reactions not problems. */
  allergy: boolean;
  /** Sets the follow-up ("come back in two weeks"). */
  followUp: boolean;
  /** Tells the patient when to seek care sooner ("if it gets worse, call us"). */
  safetyNet: boolean;
}

/** A condition the visit names, coded to ICD-10-CM, with its assertion context. */
export interface Problem {
  /** As said ("congestive heart failure"), or the ICD title when the mention is a fragment. */
  name: string;
  /** The ICD-10-CM title. */
  title: string;
  icd?: string;
  /** The words that named it. */
  span: Span;
  confidence: number;
  /** A long-standing condition (diabetes, hypertension), by the concept lexicon. */
  chronic: boolean;
  assertion: Assertion;
}

export type MedicationChange = 'start' | 'stop' | 'increase' | 'decrease' | 'continue' | 'switch';

export interface Medication {
  name: string;
  dosage?: string;
  frequency?: string;
  /** Device or dose form said with the drug ("albuterol inhaler" → inhaler). */
  form?: string;
  /** How it is given, from its form or the words said with it ("inhaled", "oral", "topical"). */
  route?: string;
  /** What the plan does with it, when said ("increase the lisinopril to 20 mg"). */
  change?: MedicationChange;
  /** Index in `Visit.problems` of the problem it was said under, when one was being discussed. */
  problem?: number;
  /** The sentence (as said) that gave the dose or first named the drug. */
  said?: string;
  spans: Span[];
}

export interface Allergy {
  /** As said, first letter capitalised ("Penicillin", "Sulfa"). */
  substance: string;
  substanceSpan: Span;
  reaction?: string;
  reactionSpans: Span[];
}

export interface VitalSign {
  kind: keyof Vitals;
  /** With its unit, as notes write it ("120/80 mmHg", "98.6 °F"). */
  value: string;
  spans: Span[];
}

export interface RosFinding { system: string; text: string; spans: Span[]; }

/** Something the clinician orders: imaging, a lab test, a referral or therapy. */
export interface Order {
  kind: 'imaging' | 'lab' | 'referral' | 'therapy';
  /** The words that name it ("x-ray", "physical therapy"). */
  what: string;
  spans: Span[];
}

/** A procedure done at the visit, coded to CPT by the coding engine. */
export interface Procedure { code: string; display: string; span: Span; }

/** A transcript read once: every note writer renders from this, none re-reads the text. */
export interface Visit {
  /** The submitted transcript; every span points into it. */
  text: string;
  format: 'labelled' | 'webvtt' | 'transcription-json' | 'unlabelled';
  turns: Turn[];
  sentences: VisitSentence[];
  /** From patientInfo.gender, else the clinician's introduction, else gendered words. */
  sex: Sex;
  /** The reason for the visit its opening states (`stated`), or else the first problem named. */
  chiefComplaint?: Said & { stated: boolean };
  problems: Problem[];
  medications: Medication[];
  allergies: Allergy[];
  /** "No known drug allergies." when said and no allergy was named. */
  noAllergies?: Said;
  /** Reactions and allergy words: a condition coded from these is not a problem of the visit. */
  allergyReactionSpans: Span[];
  vitals: VitalSign[];
  reviewOfSystems: RosFinding[];
  /** Results talk (imaging, labs) as said, numbers as digits. */
  results: Said[];
  orders: Order[];
  procedures: Procedure[];
  /** The patient accepted the plan when the clinician checked it ("does that sound good?" "yes"). */
  planAgreement?: Said;
}

export interface VisitOptions {
  /** patientInfo.gender, when the caller sent it. */
  gender?: string;
  /** Drug names the patient takes: misheard spellings are read as them. */
  medicationList?: string[];
}
