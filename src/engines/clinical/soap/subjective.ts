// Subjective: chief complaint, history of present illness (with its intro line), review of systems, allergies.
import type { NoteRequest, Span } from '../../ports.ts';
import { introducesPatient } from '../language/index.ts';
import type { RosFinding, Said, Visit } from '../visit/index.ts';
import { mergeSpans, type Statement } from './evidence.ts';
import type { SoapJson } from './fields.ts';

export interface Subjective {
  chiefComplaint?: Said;
  hpi: Statement[];
  /** Who the patient is and why they came, in one line: the assessment opens with it too. */
  summary?: Statement;
  ros: RosFinding[];
  allergies: Statement[];
}

const MAX_PAST = 3;

function ageOf(request: NoteRequest): number | undefined {
  const dob = Date.parse(request.patientInfo?.dateOfBirth ?? '');
  const at = request.date ? Date.parse(request.date) : NaN;
  if (Number.isNaN(dob) || Number.isNaN(at) || at < dob) return undefined;
  return Math.floor((at - dob) / (365.25 * 24 * 3600 * 1000));
}

/** Conditions of the patient's history the visit names besides today's reason, as notes list them. */
function pastHistory(visit: Visit): { names: string[]; spans: Span[] } {
  const reason = visit.chiefComplaint?.text.toLowerCase() ?? '';
  const past = visit.problems.filter((p) => (p.assertion.historical || p.chronic) && !reason.includes(p.name.toLowerCase())).slice(0, MAX_PAST);
  return { names: past.map((p) => p.name.toLowerCase()), spans: past.map((p) => p.span) };
}

const list = (items: string[]): string => (items.length <= 2 ? items.join(' and ') : `${items.slice(0, -1).join(', ')}, and ${items.at(-1)}`);

/**
 * The opening lines as notes write them: "<name> is a <age>-year-old <sex> with a past medical
 * history significant for …" and "She presents with <reason>." Each part is said in the visit
 * or given in the request; a part that is neither is left out.
 */
function openingLines(request: NoteRequest, visit: Visit): Statement[] {
  const age = ageOf(request);
  const past = pastHistory(visit);
  const lines: Statement[] = [];
  if (age !== undefined || visit.sex || past.names.length) {
    const who = request.patientInfo?.name?.trim() || 'The patient';
    const history = past.names.length ? ` with a past medical history significant for ${list(past.names)}` : '';
    lines.push({ text: `${who} is ${age !== undefined ? `a ${age}-year-old` : 'a'} ${visit.sex ?? 'patient'}${history}.`, spans: past.spans, request: 'patientInfo' });
  }
  const cc = visit.chiefComplaint;
  if (cc) {
    const subject = visit.sex === 'female' ? 'She' : visit.sex === 'male' ? 'He' : 'The patient';
    lines.push({ text: `${subject} presents with ${cc.text.charAt(0).toLowerCase()}${cc.text.slice(1)}.`, spans: cc.spans });
  }
  return lines;
}

/**
 * Intro line: the clinician's own summary if said, otherwise the opening line from the request
 * and the Visit; it is the summary when it says who the patient is (an age).
 */
function history(request: NoteRequest, visit: Visit, said: Statement[]): { hpi: Statement[]; summary?: Statement } {
  const rest = [...said];
  const introIndex = rest.findIndex((s) => introducesPatient(s.text));
  if (introIndex >= 0) {
    const [intro] = rest.splice(introIndex, 1);
    return { hpi: [intro!, ...rest], summary: intro };
  }
  const opening = openingLines(request, visit);
  const summary = opening.find((s) => introducesPatient(s.text));
  return { hpi: [...opening, ...rest], ...(summary ? { summary } : {}) };
}

function allergyLines(visit: Visit, out: SoapJson): Statement[] {
  const lines: Statement[] = [];
  visit.allergies.forEach((a, i) => {
    out.set(`subjective.allergies.${i}.substance`, a.substance, [a.substanceSpan]);
    if (a.reaction) out.set(`subjective.allergies.${i}.reaction`, a.reaction, a.reactionSpans);
    lines.push({ text: `${a.substance}${a.reaction ? ` (${a.reaction})` : ''}.`, spans: mergeSpans([a.substanceSpan, ...a.reactionSpans]) });
  });
  if (visit.noAllergies) {
    out.set('subjective.allergyStatus', visit.noAllergies.text.slice(0, -1), visit.noAllergies.spans);
    lines.push({ text: visit.noAllergies.text, spans: visit.noAllergies.spans });
  }
  return lines;
}

export function writeSubjective(request: NoteRequest, visit: Visit, hpiSaid: Statement[], out: SoapJson): Subjective {
  const ros = visit.reviewOfSystems;
  const bySystem = new Map<string, RosFinding[]>();
  for (const f of ros) bySystem.set(f.system, [...(bySystem.get(f.system) ?? []), f]);
  for (const [system, found] of bySystem) out.set(`subjective.reviewOfSystems.${system}`, found.map((f) => f.text).join(' '), found.flatMap((f) => f.spans));
  const allergies = allergyLines(visit, out);
  const { hpi, summary } = history(request, visit, hpiSaid);
  if (hpi.length) out.set('subjective.historyOfPresentIllness', hpi.map((s) => s.text).join(' '), hpi.flatMap((s) => s.spans), hpi.some((s) => s.request) ? 'patientInfo' : undefined);
  const cc = visit.chiefComplaint && { text: visit.chiefComplaint.text, spans: visit.chiefComplaint.spans };
  if (cc) out.set('subjective.chiefComplaint', cc.text, cc.spans);
  return { chiefComplaint: cc, hpi, ...(summary ? { summary } : {}), ros, allergies };
}
