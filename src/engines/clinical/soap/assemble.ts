// Assembles the SOAP payload (json + markdown + evidence) from a read transcript.
import type { NoteRequest, Span } from '../../ports.ts';
import { codeText } from '../coding/index.ts';
import { drugLexicon } from '../lexicon/index.ts';
import { spokenNumbersToDigits, vitalsIn, type Vitals } from '../numbers/index.ts';
import type { Transcript } from '../transcript/index.ts';
import { allergiesIn } from './allergies.ts';
import { chiefComplaint } from './chief-complaint.ts';
import { classify, PROBLEM_FRAME, type Part } from './classify.ts';
import { MarkdownWriter, mergeSpans, type Source, type Statement } from './evidence.ts';
import { examArea } from './exam.ts';
import { splitFollowUp } from './followup.ts';
import { drugNamed, medicationsIn } from './medications.ts';
import { clinicianToNote, patientSex, patientToThird } from './person.ts';
import { tidy } from './polish.ts';
import { reviewOfSystems } from './ros.ts';
import { withinBudget } from './select.ts';
import { steeringFor } from './steer.ts';

// Word budgets per note part as shares of the conversation's length (notes run about a third
// of it), with floors so short visits keep what they have.
const SHARE: Record<Part, number> = { hpi: 0.15, exam: 0.09, results: 0.05, plan: 0.15, none: 0 };
const FLOOR: Record<Part, number> = { hpi: 60, exam: 25, results: 20, plan: 60, none: 0 };

const SYSTEM_TITLES: Record<string, string> = {
  constitutional: 'Constitutional', cardiovascular: 'Cardiovascular', respiratory: 'Respiratory', gastrointestinal: 'Gastrointestinal',
  genitourinary: 'Genitourinary', musculoskeletal: 'Musculoskeletal', neurological: 'Neurological', psychiatric: 'Psychiatric',
  skin: 'Skin', ent: 'Ears, Nose, Mouth and Throat', abdomen: 'Abdomen', heent: 'HEENT', general: 'General',
};
const VITAL_TITLES: Record<keyof Vitals, string> = {
  bloodPressure: 'Blood pressure', heartRate: 'Heart rate', temperature: 'Temperature', respiratoryRate: 'Respiratory rate',
  oxygenSaturation: 'Oxygen saturation', weight: 'Weight',
};


function ageOf(request: NoteRequest): number | undefined {
  const dob = Date.parse(request.patientInfo?.dateOfBirth ?? '');
  const at = request.date ? Date.parse(request.date) : NaN;
  if (Number.isNaN(dob) || Number.isNaN(at) || at < dob) return undefined;
  return Math.floor((at - dob) / (365.25 * 24 * 3600 * 1000));
}

/** A condition as the visit said it ("congestive heart failure"), or its ICD title when the mention is a fragment. */
function spokenName(mention: string, title: string): string {
  const m = mention.replace(/\s+/g, ' ').trim();
  const t = (m.split(' ').length >= 2 || m.length >= 6) && /^[a-z0-9 '-]+$/i.test(m) ? m : title.replace(/, unspecified$/i, '');
  return t.charAt(0).toUpperCase() + t.slice(1);
}

const PLAN_ACTION = /\b(?:start|prescrib|give|order|switch|use|try|continue|increase|decrease|refer|avoid|stop|change)\w*/i;

export interface Payload { markdown: string; json: Record<string, unknown>; }

// Words of a condition's name that do not pick it out from others.
const GENERIC_PROBLEM_WORD = /^(?:acute|chronic|severe|mild|moderate|right|left|bilateral|upper|lower|type|pain|disease|disorder|syndrome|infection|unspecified|other|little|early)$/;

export function assemble(request: NoteRequest, transcript: Transcript): Payload {
  const text = request.transcript;
  const sentences = transcript.sentences;
  const sex = patientSex(request.patientInfo?.gender, sentences);
  const fields: Record<string, Source> = {};
  const json: Record<string, Record<string, unknown>> = { subjective: {}, objective: {}, assessment: {}, plan: {} };
  const set = (path: string, value: unknown, spans: Span[], requestField?: string): void => {
    const [section, ...rest] = path.split('.');
    let node = json[section!]!;
    for (const k of rest.slice(0, -1)) node = (node[k] ??= {}) as Record<string, unknown>;
    node[rest[rest.length - 1]!] = value;
    fields[path] = { spans: mergeSpans(spans), ...(requestField ? { request: requestField } : {}) };
  };

  // Allergy talk goes to its own section, not to the history, medications or diagnoses.
  const steer = steeringFor(request);
  const medicationList = [...(request.medicationList ?? []), ...steer.medicationHints];
  const allergy = allergiesIn(text, sentences, (w) => drugNamed(w, medicationList) !== undefined);

  // Sentences per note part, rewritten into note voice; duplicates dropped.
  const parts: Record<Part, Statement[]> = { hpi: [], exam: [], results: [], plan: [], none: [] };
  const said = new Set<string>();
  for (const [index, { sentence, part }] of classify(sentences).entries()) {
    if (part === 'none') continue;
    // An allergy said in the plan ("since you're allergic to penicillin, we'll start azithromycin") keeps the plan.
    if (allergy.sentences.has(index) && !(sentence.role !== 'patient' && PLAN_ACTION.test(sentence.text))) continue;
    const voiced = sentence.role === 'clinician' ? clinicianToNote(sentence.text, sex)
      : sentence.role === 'patient' ? patientToThird(sentence.text, sex)
      : sentence.role === 'family' ? `A family member reports: ${sentence.text}`
      : sentence.text;
    const t = tidy(voiced);
    // A sentence cut off mid-thought ("we will go ahead and...") says nothing certain.
    if (t.split(/\s+/).length < 4 || said.has(t.toLowerCase()) || /(?:\.\.\.|…|\b(?:and|or)\.)$/.test(t)) continue;
    // Announcements ("we will do a quick exam", "let me look at your results") are not findings.
    if ((part === 'exam' || part === 'results') && /\b(?:we will|let me|i'm going to) (?:go ahead and )?(?:do|take|look|check|review|examine|listen)\b/i.test(t)) continue;
    said.add(t.toLowerCase());
    parts[part].push({ text: t, spans: [sentence.span] });
  }

  const visitWords = sentences.reduce((n, s) => n + s.text.split(/\s+/).length, 0);
  // Where the assessment turns to another problem is kept whatever the budget: it decides
  // which plan goes under which problem.
  const frames = parts.plan.filter((s) => PROBLEM_FRAME.test(s.text.toLowerCase()));
  for (const part of Object.keys(parts) as Part[]) parts[part] = withinBudget(parts[part], steer.lengthFactor * Math.max(FLOOR[part], SHARE[part] * visitWords), steer.emphasis);
  parts.plan = [...new Set([...parts.plan, ...frames])].sort((a, b) => (a.spans[0]?.start ?? 0) - (b.spans[0]?.start ?? 0));

  // Intro line: the clinician's own summary if said, otherwise age and sex from the request.
  const introIndex = parts.hpi.findIndex((s) => /\bis an? \d+[- ]year[- ]old\b/i.test(s.text));
  const intro = introIndex >= 0 ? parts.hpi.splice(introIndex, 1)[0] : undefined;
  const age = ageOf(request);
  const hpi: Statement[] = [];
  if (intro) hpi.push(intro);
  else if (age !== undefined || sex) {
    const who = request.patientInfo?.name?.trim() || 'The patient';
    hpi.push({ text: `${who} is ${age !== undefined ? `a ${age}-year-old` : 'a'} ${sex ?? 'patient'}.`, spans: [], request: 'patientInfo' });
  }
  hpi.push(...parts.hpi);

  // Objective: vitals. A value the clinician gives for today wins over one recalled from before
  // ("your pressure was 200/90 in the ER").
  const vitals: Statement[] = [];
  const best = new Map<keyof Vitals, { value: string; span: Span; rank: number }>();
  for (const s of sentences) {
    const rank = (s.role === 'clinician' ? 2 : 0) + (/\b(?:today|here|now|vitals?|vital signs|this morning)\b/i.test(s.text) ? 1 : 0) - (/\b(?:was|were|emergency|er|hospital|home|last)\b/i.test(s.text) && !/\btoday\b/i.test(s.text) ? 1 : 0);
    const found = vitalsIn(spokenNumbersToDigits(s.text));
    for (const [key, value] of Object.entries(found) as [keyof Vitals, string][]) {
      const prev = best.get(key);
      if (!prev || rank > prev.rank) best.set(key, { value, span: s.span, rank });
    }
  }
  for (const [key, v] of best) {
    set(`objective.vitalSigns.${key}`, v.value, [v.span]);
    vitals.push({ text: `${VITAL_TITLES[key]}: ${v.value}.`, spans: [v.span] });
  }
  const examByArea = new Map<string, Statement[]>();
  for (const s of parts.exam) {
    const area = examArea(s.text);
    examByArea.set(area, [...(examByArea.get(area) ?? []), s]);
  }
  for (const [area, items] of examByArea) set(`objective.physicalExam.${area}`, items.map((s) => s.text).join(' '), items.flatMap((s) => s.spans));
  if (parts.results.length) set('objective.results', parts.results.map((s) => s.text).join(' '), parts.results.flatMap((s) => s.spans));

  // Subjective.
  const ros = reviewOfSystems(sentences);
  for (const f of ros) {
    const path = `subjective.reviewOfSystems.${f.system}`;
    const prev = (json.subjective!.reviewOfSystems as Record<string, string> | undefined)?.[f.system];
    set(path, prev ? `${prev} ${f.text}` : f.text, [...(fields[path]?.spans ?? []), ...f.spans]);
  }
  const allergies: Statement[] = [];
  allergy.allergies.forEach((a, i) => {
    set(`subjective.allergies.${i}.substance`, a.substance, [a.substanceSpan]);
    if (a.reaction) set(`subjective.allergies.${i}.reaction`, a.reaction, a.reactionSpans);
    allergies.push({ text: `${a.substance}${a.reaction ? ` (${a.reaction})` : ''}.`, spans: mergeSpans([a.substanceSpan, ...a.reactionSpans]) });
  });
  if (allergy.none) {
    set('subjective.allergyStatus', allergy.none.text.slice(0, -1), allergy.none.spans);
    allergies.push({ text: allergy.none.text, spans: allergy.none.spans });
  }
  if (hpi.length) {
    const transcriptSpans = hpi.flatMap((s) => s.spans);
    set('subjective.historyOfPresentIllness', hpi.map((s) => s.text).join(' '), transcriptSpans, hpi.some((s) => s.request) ? 'patientInfo' : undefined);
  }

  // Assessment: coded conditions the visit asserts, in the order first said.
  // A reaction in the allergy history ("penicillin gives me a rash") is not a problem of this visit.
  const fromAllergy = (d: { text_span: { start_char: number; end_char: number } }): boolean =>
    allergy.reactionSpans.some((r) => r.start < d.text_span.end_char && d.text_span.start_char < r.end);
  const coded = codeText(text).diagnoses
    .filter((d) => (d.confidence ?? 1) >= 0.5 && !fromAllergy(d))
    .sort((a, b) => a.text_span.start_char - b.text_span.start_char)
    .slice(0, 8);
  const diagnoses: Statement[] = [];
  coded.forEach((d, i) => {
    const span = { start: d.text_span.start_char, end: d.text_span.end_char };
    const icd = d.code.coding[0]?.code;
    set(`assessment.diagnoses.${i}.description`, d.code.text, [span]);
    if (icd) set(`assessment.diagnoses.${i}.icdCode`, icd, [span]);
    diagnoses.push({ text: `${spokenName(d.text_span.text, d.code.text)}.`, spans: [span] });
  });
  // The chief complaint: the reason the opening of the visit states, else the first condition named.
  const cc = chiefComplaint(text, sentences, coded[0] && { text: spokenName(coded[0].text_span.text, coded[0].code.text), spans: diagnoses[0]!.spans });
  if (cc) set('subjective.chiefComplaint', cc.text, cc.spans);
  const impression = parts.plan.filter((s) => /\b(?:diagnos|i think|consistent with|sounds like|impression|likely|assessment)\b/i.test(s.text));
  if (impression.length) set('assessment.clinicalImpression', impression.map((s) => s.text).join(' '), impression.flatMap((s) => s.spans));

  // Plan.
  // What the patient is allergic to is not one of their medications (by name or by generic).
  const lexicon = drugLexicon();
  const allergens = new Set(allergy.allergies.flatMap((a) => {
    const k = a.substance.toLowerCase();
    return [k, lexicon.get(k)?.generic ?? k];
  }));
  const medSentences = sentences.filter((s) => !s.question);
  const medications = medicationsIn(medSentences, medicationList).filter((m) => {
    const k = m.name.toLowerCase();
    return !allergens.has(k) && !allergens.has(lexicon.get(k)?.generic ?? k);
  });
  // The medication list as notes write it: "Metformin 1000 mg twice daily."
  const medicationLines: Statement[] = medications.map((m) => ({ text: `${[m.name, m.form, m.dosage, m.frequency].filter(Boolean).join(' ')}.`, spans: m.spans }));
  medications.forEach((m, i) => {
    set(`plan.medications.${i}.name`, m.name, m.spans);
    if (m.form) set(`plan.medications.${i}.form`, m.form, m.spans);
    if (m.dosage) set(`plan.medications.${i}.dosage`, m.dosage, m.spans);
    if (m.frequency) set(`plan.medications.${i}.frequency`, m.frequency, m.spans);
    const said = m.said ? tidy(clinicianToNote(m.said, sex)) : '';
    if (said) set(`plan.medications.${i}.instructions`, said, m.spans);
  });
  const pick = (re: RegExp): Statement[] => parts.plan.filter((s) => re.test(s.text));
  const instructions = pick(/\b(?:i want (?:her|him|the patient) to|make sure|should|try to|avoid|keep|continue to|ice|elevate|rest|call)\b/i);
  instructions.forEach((s, i) => set(`plan.patientInstructions.${i}`, s.text, s.spans));
  const education = pick(/\b(?:discuss|explain|educat|counsel|risk|benefit|side effects?|recommend)\w*/i);
  education.forEach((s, i) => set(`plan.patientEducation.${i}`, s.text, s.spans));
  // Follow-up gets its own line; a plan sentence that also says it keeps the rest.
  const planSaid: Statement[] = [];
  const followUp: Statement[] = [];
  for (const st of parts.plan) {
    const cut = splitFollowUp(st.text);
    if (!cut) { planSaid.push(st); continue; }
    if (cut.rest) planSaid.push({ ...st, text: cut.rest });
    if (!followUp.some((f) => f.text === cut.followUp)) followUp.push({ text: cut.followUp, spans: st.spans });
  }
  if (followUp.length) set('plan.followUp', followUp.map((s) => s.text).join(' '), followUp.flatMap((s) => s.spans));

  // Markdown under the usual headings; only sections with content.
  const md = new MarkdownWriter();
  if (cc) { md.heading('CHIEF COMPLAINT'); md.statements([{ ...cc, text: `${cc.text}.` }]); }
  if (hpi.length) { md.heading('HISTORY OF PRESENT ILLNESS'); md.statements(hpi); }
  if (medicationLines.length) { md.heading('MEDICATIONS'); md.statements(medicationLines, { lines: true }); }
  if (allergies.length) { md.heading('ALLERGIES'); md.statements(allergies, { lines: true }); }
  if (ros.length) {
    md.heading('REVIEW OF SYSTEMS');
    md.statements(ros, { lines: true, prefix: (i) => `• ${SYSTEM_TITLES[ros[i]!.system]}: ` });
  }
  if (vitals.length || examByArea.size) {
    md.heading('PHYSICAL EXAMINATION');
    md.statements(vitals, { lines: true });
    const areas = [...examByArea];
    areas.forEach(([area, items]) => {
      md.text += md.text.endsWith('\n\n') ? '' : '\n';
      md.text += `• ${SYSTEM_TITLES[area] ?? area}: `;
      md.statements(items);
    });
  }
  if (parts.results.length) { md.heading('RESULTS'); md.statements(parts.results); }
  if (diagnoses.length || planSaid.length || followUp.length) {
    md.heading('ASSESSMENT AND PLAN');
    // One block per problem, as clinicians write it: the plan talk that names a problem, and
    // what follows it until another problem is named, goes under that problem.
    // A problem is named by its words as said, or by its main word ("your diabetes" for
    // "diabetes type 2", "the lumbar area" for "lumbar strain").
    const names = coded.map((d) => d.text_span.text.toLowerCase().replace(/\s+/g, ' ').trim());
    const heads = names.map((n) => n.split(' ').find((w) => w.length >= 5 && !GENERIC_PROBLEM_WORD.test(w)));
    const groups: Statement[][] = diagnoses.map(() => []);
    const general: Statement[] = [];
    let current = -1;
    for (const st of planSaid) {
      const lower = st.text.toLowerCase();
      let named = names.findIndex((n) => n.length > 3 && lower.includes(n));
      if (named < 0) named = heads.findIndex((h) => h !== undefined && new RegExp(`\\b${h.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(lower));
      if (named >= 0) current = named;
      // "For his next problem, his diabetes." only opens the problem its heading line names.
      if (named >= 0 && PROBLEM_FRAME.test(lower) && st.text.split(/\s+/).length <= 8) continue;
      (current >= 0 ? groups[current]! : general).push(st);
    }
    if (general.length) md.statements(general);
    diagnoses.forEach((d, i) => {
      if (md.text.length && !md.text.endsWith('\n\n')) md.text += '\n\n';
      md.statements([d]);
      if (groups[i]!.length) { md.text += '\n'; md.statements(groups[i]!); }
    });
    if (followUp.length) {
      if (md.text.length && !md.text.endsWith('\n\n')) md.text += '\n\n';
      md.statements(followUp, { lines: true });
    }
  }

  for (const key of Object.keys(json)) if (Object.keys(json[key]!).length === 0) delete json[key];
  arraysFromIndexedKeys(json);
  return {
    markdown: md.text ? md.text + '\n' : '',
    json: { ...json, evidence: { fields, markdown: md.evidence } },
  };
}

/** `set` writes list items as numbered keys; turn those objects into arrays. */
function arraysFromIndexedKeys(node: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(node)) {
    if (!v || typeof v !== 'object') continue;
    const obj = v as Record<string, unknown>;
    arraysFromIndexedKeys(obj);
    const keys = Object.keys(obj);
    if (keys.length && keys.every((x, i) => x === String(i))) node[k] = keys.map((x) => obj[x]);
  }
}
