// Plan: medications with form, dose and frequency; instructions, education, follow-up; plan talk grouped under its problem.
import { clinicianToNote, noteSentence, patientToThird, PROBLEM_FRAME } from '../language/index.ts';
import { problemNamer, type MedicationChange, type Visit } from '../visit/index.ts';
import type { Statement } from './evidence.ts';
import type { SoapJson } from './fields.ts';
import { splitFollowUp } from './followup.ts';

export interface Plan {
  /** "Metformin 1000 mg twice daily." */
  medications: Statement[];
  /** Plan talk said before any problem is named. */
  general: Statement[];
  /** Plan talk under each problem (index into visit.problems). */
  byProblem: Statement[][];
  followUp: Statement[];
  /** The patient's agreement with the plan, when they accepted it. */
  agreement?: Statement;
}

const INSTRUCTION = /\b(?:i want (?:her|him|the patient) to|make sure|should|try to|avoid|keep|continue to|ice|elevate|rest|call)\b/i;
const EDUCATION = /\b(?:discuss|explain|educat|counsel|risk|benefit|side effects?|recommend)\w*/i;
// "For his next problem, his diabetes." only opens the problem it names; short, it is a heading.
const FRAME_ONLY_WORDS = 8;

function medications(visit: Visit, out: SoapJson): Statement[] {
  return visit.medications.map((m, i) => {
    out.set(`plan.medications.${i}.name`, m.name, m.spans);
    if (m.form) out.set(`plan.medications.${i}.form`, m.form, m.spans);
    if (m.dosage) out.set(`plan.medications.${i}.dosage`, m.dosage, m.spans);
    if (m.frequency) out.set(`plan.medications.${i}.frequency`, m.frequency, m.spans);
    const said = m.said ? noteSentence(clinicianToNote(m.said, visit.sex)) : '';
    if (said) out.set(`plan.medications.${i}.instructions`, said, m.spans);
    return { text: `${[m.name, m.form, m.dosage, m.frequency].filter(Boolean).join(' ')}.`, spans: m.spans };
  });
}

/** Follow-up gets its own line; a plan sentence that also says it keeps the rest. */
function splitOffFollowUp(plan: Statement[]): { rest: Statement[]; followUp: Statement[] } {
  const rest: Statement[] = [];
  const followUp: Statement[] = [];
  for (const st of plan) {
    const cut = splitFollowUp(st.text);
    if (!cut) { rest.push(st); continue; }
    if (cut.rest) rest.push({ ...st, text: cut.rest });
    if (!followUp.some((f) => f.text === cut.followUp)) followUp.push({ text: cut.followUp, spans: st.spans });
  }
  return { rest, followUp };
}

// "For her first problem, her congestive heart failure, we will …": the problem's line already says which.
const FRAME_CLAUSE = /^((?:(?:so|okay|now|and|alright|all right|then)[,\s]+)*(?:for|from|in terms of|regarding|as for|as far as|with regards? to|with respect to|on|about)\s[^,]{2,80}?),\s*/i;
const FRAME_SHAPE = /^(?:(?:so|okay|now|and|alright|all right|then)[,\s]+)*(?:for|from|in terms of|regarding|as for|as far as|with regards? to|with respect to|on|about)\s+(?:[a-z'-]+\s+){0,9}[a-z'-]+(?:\s+standpoint|\s+perspective|\s+wise)?$/i;

const APPOSITIVE = /^((?:his|her|their|your|the)\s+(?:[a-z'-]+\s+){0,3}[a-z'-]+),\s*/i;

/** The statement without an opening clause that only names its problem; up to two such clauses. */
function withoutFrame(st: Statement, namesProblem: (text: string) => boolean): Statement {
  let text = st.text;
  let afterFrame = false;
  for (let i = 0; i < 2; i++) {
    // After "for your first problem," the problem itself may follow as a bare phrase ("your back pain,").
    const m = FRAME_CLAUSE.exec(text) ?? (afterFrame ? APPOSITIVE.exec(text) : null);
    if (!m || !(FRAME_SHAPE.test(m[1]!) || afterFrame) || !(namesProblem(m[1]!) || afterFrame)) break;
    const rest = text.slice(m[0].length);
    if (rest.split(/\s+/).length < 3) break;
    afterFrame = PROBLEM_FRAME.test(m[1]!);
    text = rest.charAt(0).toUpperCase() + rest.slice(1);
  }
  return text === st.text ? st : { ...st, text };
}

/**
 * One block per problem, as clinicians write it: the plan talk that names a problem, and what
 * follows it until another problem is named, goes under that problem.
 */
function byProblem(visit: Visit, plan: Statement[]): { general: Statement[]; groups: Statement[][] } {
  const namer = problemNamer(visit.text, visit.problems);
  const groups: Statement[][] = visit.problems.map(() => []);
  const general: Statement[] = [];
  let current = -1;
  for (const st of plan) {
    const named = namer.named(st.text);
    if (named >= 0) current = named;
    if (named >= 0 && PROBLEM_FRAME.test(st.text) && st.text.split(/\s+/).length <= FRAME_ONLY_WORDS) continue;
    (current >= 0 ? groups[current]! : general).push(named >= 0 ? withoutFrame(st, (t) => namer.named(t) === named || PROBLEM_FRAME.test(t)) : st);
  }
  // With one problem, the talk before it was named is its plan too.
  if (groups.length === 1) return { general: [], groups: [[...general, ...groups[0]!]] };
  return { general, groups };
}

const CHANGE_WORD: Record<MedicationChange, string> = { start: 'Start', stop: 'Stop', increase: 'Increase', decrease: 'Decrease', continue: 'Continue', switch: 'Switch to' };

/**
 * A medication change said under a problem is written under it ("Continue lisinopril 20 mg
 * daily."), unless the plan talk kept there already names the drug.
 */
function medicationChanges(visit: Visit, groups: Statement[][]): void {
  for (const m of visit.medications) {
    if (m.change === undefined || m.problem === undefined) continue;
    const group = groups[m.problem];
    if (!group || group.some((s) => s.text.toLowerCase().includes(m.name.toLowerCase()))) continue;
    group.push({ text: `${CHANGE_WORD[m.change]} ${[m.name.toLowerCase(), m.form, m.dosage, m.frequency].filter(Boolean).join(' ')}.`, spans: m.spans });
  }
}

export function writePlan(visit: Visit, planSaid: Statement[], out: SoapJson): Plan {
  const meds = medications(visit, out);
  const pick = (re: RegExp): Statement[] => planSaid.filter((s) => re.test(s.text));
  pick(INSTRUCTION).forEach((s, i) => out.set(`plan.patientInstructions.${i}`, s.text, s.spans));
  pick(EDUCATION).forEach((s, i) => out.set(`plan.patientEducation.${i}`, s.text, s.spans));
  const { rest, followUp } = splitOffFollowUp(planSaid);
  if (followUp.length) out.set('plan.followUp', followUp.map((s) => s.text).join(' '), followUp.flatMap((s) => s.spans));
  const { general, groups } = byProblem(visit, rest);
  medicationChanges(visit, groups);
  const agreement = visit.planAgreement;
  if (agreement) out.set('plan.patientAgreement', agreement.text, agreement.spans);
  return { medications: meds, general, byProblem: groups, followUp, ...(agreement ? { agreement } : {}) };
}
