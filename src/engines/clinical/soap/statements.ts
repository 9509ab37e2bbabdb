// The visit's sentences in note voice, per note part, within each part's word budget.
import { answersNo, clinicianToNote, noteSentence, patientToThird, PROBLEM_FRAME, tidy } from '../language/index.ts';
import type { Part, Visit } from '../visit/index.ts';
import type { Statement } from './evidence.ts';
import { examFinding } from './exam-finding.ts';
import { withinBudget } from './select.ts';
import type { Steering } from './steer.ts';

// Word budgets per note part as shares of the conversation's length (notes run about a third
// of it), with floors so short visits keep what they have. The note adds words of its own
// (attribution, plan labels, the summary line), so the spoken shares leave room for them:
// on ACI-bench train, notes then run 0.98 of the reference length (1.07 at 0.15).
const SHARE: Record<Part, number> = { hpi: 0.13, exam: 0.09, results: 0.05, plan: 0.13, none: 0 };
const FLOOR: Record<Part, number> = { hpi: 60, exam: 25, results: 20, plan: 60, none: 0 };

const PLAN_ACTION = /\b(?:start|prescrib|give|order|switch|use|try|continue|increase|decrease|refer|avoid|stop|change)\w*/i;
// Announcements ("we will do a quick exam", "let me look at your results") are not findings.
const ANNOUNCEMENT = /\b(?:we will|let me|let's|i'm going to|i (?:just )?want(?:ed)? to|i'd like to) (?:just )?(?:go ahead and )?(?:do|take|look|check|review|examine|listen|go over|talk about|discuss)\b/i;
// "Let's talk about my assessment and plan": announces the plan, says none of it.
const PLAN_ANNOUNCEMENT = /\b(?:go over|talk about|talk a little about|discuss|review|tell (?:her|him|them|you) about)\b.{0,30}\b(?:my|the|our) (?:assessment|plan|impression)\b/i;
// A sentence cut off mid-thought ("we will go ahead and...") says nothing certain.
const CUT_OFF = /(?:\.\.\.|…|\b(?:and|or)\.)$/;

export type Parts = Record<Part, Statement[]>;

/**
 * What the patient told, attributed as notes write it: the first sentence of each of the
 * patient's turns reads "The patient reports …"; a later one that opens with "I" names the patient.
 * A bare no opens no report ("no, I have not" is an answer, kept in the review of systems).
 */
function patientSaid(visit: Visit, text: string, opensTurn: boolean): string {
  const t = tidy(text);
  if (opensTurn && !answersNo(t)) return `the patient reports ${patientToThird(t, visit.sex)}`;
  return patientToThird(t, visit.sex, { nameFirst: true });
}

function voiced(visit: Visit, text: string, role: string, opensTurn: boolean): string {
  const t = role === 'clinician' ? clinicianToNote(text, visit.sex)
    : role === 'patient' ? patientSaid(visit, text, opensTurn)
    : role === 'family' ? `A family member reports: ${text}`
    : text;
  return noteSentence(t);
}

/** Sentences per note part, rewritten into note voice; duplicates, fragments and allergy talk dropped. */
function allParts(visit: Visit): Parts {
  const parts: Parts = { hpi: [], exam: [], results: [], plan: [], none: [] };
  const said = new Set<string>();
  let lastTurn = -1;
  for (const sentence of visit.sentences) {
    const opensTurn = sentence.turn !== lastTurn;
    lastTurn = sentence.turn;
    const part = sentence.part;
    if (part === 'none') continue;
    // An allergy said in the plan ("since you're allergic to penicillin, we'll start azithromycin") keeps the plan.
    if (sentence.allergy && !(sentence.role !== 'patient' && PLAN_ACTION.test(sentence.text))) continue;
    const spoken = voiced(visit, sentence.text, sentence.role, opensTurn);
    const t = part === 'exam' && sentence.role !== 'patient' ? examFinding(spoken) : spoken;
    if (spoken.split(/\s+/).length < 4 || said.has(t.toLowerCase()) || CUT_OFF.test(t)) continue;
    if ((part === 'exam' || part === 'results') && ANNOUNCEMENT.test(t)) continue;
    if (part === 'plan' && PLAN_ANNOUNCEMENT.test(t) && t.split(/\s+/).length <= 16) continue;
    said.add(t.toLowerCase());
    parts[part].push({ text: t, spans: [sentence.span] });
  }
  return parts;
}

/** Each part within its budget; where the assessment turns to another problem is kept whatever the budget. */
export function noteParts(visit: Visit, steer: Steering): Parts {
  const parts = allParts(visit);
  const visitWords = visit.sentences.reduce((n, s) => n + s.text.split(/\s+/).length, 0);
  // The frames decide which plan goes under which problem.
  const frames = parts.plan.filter((s) => PROBLEM_FRAME.test(s.text));
  for (const part of Object.keys(parts) as Part[]) parts[part] = withinBudget(parts[part], steer.lengthFactor * Math.max(FLOOR[part], SHARE[part] * visitWords), steer.emphasis);
  parts.plan = [...new Set([...parts.plan, ...frames])].sort((a, b) => (a.spans[0]?.start ?? 0) - (b.spans[0]?.start ?? 0));
  return parts;
}
