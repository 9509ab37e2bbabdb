// Reads a visit once: the transcript, then components that annotate it in turn (as spaCy's pipeline does).
import { codeText } from '../coding/index.ts';
import { isSafetyNet, setsFollowUp } from '../language/index.ts';
import { spokenNumbersToDigits } from '../numbers/index.ts';
import { readTranscript } from '../transcript/index.ts';
import { planAgreement } from './agreement.ts';
import { allergiesIn } from './allergies.ts';
import { chiefComplaint } from './chief-complaint.ts';
import { drugNamed } from './medications.ts';
import { medicationsOf } from './medication-plan.ts';
import { ordersIn } from './orders.ts';
import { patientSex } from './patient.ts';
import { problemNamer, problemsIn } from './problems.ts';
import { reviewOfSystems } from './ros.ts';
import { classify } from './sections.ts';
import type { Visit, VisitOptions, VisitSentence } from './types.ts';
import { vitalSigns } from './vitals.ts';

/** A component adds what it finds to the visit; it may read what earlier components added. */
type Component = (visit: Visit, options: VisitOptions) => void;

const sections: Component = (visit) => {
  for (const { sentence, part } of classify(visit.sentences)) (sentence as VisitSentence).part = part;
};

const patient: Component = (visit, options) => {
  visit.sex = patientSex(options.gender, visit.sentences);
};

// Allergy talk first: its drugs are not medications and its reactions not problems.
const allergies: Component = (visit, options) => {
  const history = allergiesIn(visit.text, visit.sentences, (w) => drugNamed(w, options.medicationList ?? []) !== undefined);
  for (const i of history.sentences) visit.sentences[i]!.allergy = true;
  visit.allergies = history.allergies;
  visit.noAllergies = history.none;
  visit.allergyReactionSpans = history.reactionSpans;
};

const planCues: Component = (visit) => {
  for (const s of visit.sentences) {
    if (s.role === 'patient' || s.question) continue;
    s.followUp = setsFollowUp(s.text);
    s.safetyNet = isSafetyNet(s.text);
  }
};

// Coded once: conditions become problems, performed procedures (not the E/M level) procedures.
const coded: Component = (visit) => {
  const coding = codeText(visit.text);
  visit.problems = problemsIn(visit.text, coding, visit.sentences, visit.allergyReactionSpans);
  visit.procedures = coding.procedures
    .filter((p) => !p.rationale)
    .map((p) => ({ code: p.code.coding[0]?.code ?? '', display: p.code.text ?? '', span: { start: p.text_span.start_char, end: p.text_span.end_char } }));
};

const results: Component = (visit) => {
  visit.results = visit.sentences.filter((s) => s.part === 'results').map((s) => ({ text: spokenNumbersToDigits(s.text), spans: [s.span] }));
};

const orders: Component = (visit) => {
  visit.orders = ordersIn(visit.sentences);
};

// The reason the opening states, else the first problem named.
const complaint: Component = (visit) => {
  const stated = chiefComplaint(visit.text, visit.sentences);
  const first = visit.problems[0];
  const fallback = !stated && first ? chiefComplaint(visit.text, visit.sentences, { text: first.name, spans: [first.span] }) : undefined;
  visit.chiefComplaint = stated ? { ...stated, stated: true } : fallback && { ...fallback, stated: false };
};

const medications: Component = (visit, options) => {
  visit.medications = medicationsOf(visit.sentences, options.medicationList ?? [], visit.allergies, problemNamer(visit.text, visit.problems));
};

const vitals: Component = (visit) => {
  visit.vitals = vitalSigns(visit.sentences);
};

const ros: Component = (visit) => {
  visit.reviewOfSystems = reviewOfSystems(visit.sentences);
};

const agreement: Component = (visit) => {
  visit.planAgreement = planAgreement(visit.sentences);
};

/** In order: each may read what the ones before it found. */
const PIPELINE: Component[] = [sections, patient, allergies, planCues, coded, complaint, medications, vitals, ros, results, orders, agreement];

/** Reads a transcript (any supported format) into a `Visit`: every note writer renders from it. */
export function readVisit(text: string, options: VisitOptions = {}): Visit {
  const transcript = readTranscript(text);
  const visit: Visit = {
    text,
    format: transcript.format,
    turns: transcript.turns,
    sentences: transcript.sentences.map((s, index) => Object.assign(s, { index, part: 'none' as const, allergy: false, followUp: false, safetyNet: false })),
    sex: undefined,
    problems: [],
    medications: [],
    allergies: [],
    allergyReactionSpans: [],
    vitals: [],
    reviewOfSystems: [],
    results: [],
    orders: [],
    procedures: [],
  };
  for (const component of PIPELINE) component(visit, options);
  return visit;
}
