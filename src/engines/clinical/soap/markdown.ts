// The SOAP markdown under the usual headings (only sections with content), each sentence with its evidence.
import { MarkdownWriter, type Statement } from './evidence.ts';
import type { Objective } from './objective.ts';
import type { Plan } from './plan.ts';
import { byKind, PLAN_KIND_TITLES } from './plan-kinds.ts';
import type { Subjective } from './subjective.ts';

const SYSTEM_TITLES: Record<string, string> = {
  constitutional: 'Constitutional', cardiovascular: 'Cardiovascular', respiratory: 'Respiratory', gastrointestinal: 'Gastrointestinal',
  genitourinary: 'Genitourinary', musculoskeletal: 'Musculoskeletal', neurological: 'Neurological', psychiatric: 'Psychiatric',
  skin: 'Skin', ent: 'Ears, Nose, Mouth and Throat', abdomen: 'Abdomen', heent: 'HEENT', general: 'General',
};

export interface SoapDraft {
  subjective: Subjective;
  objective: Objective;
  diagnoses: Statement[];
  plan: Plan;
}

function paragraphBreak(md: MarkdownWriter): void {
  if (md.text.length && !md.text.endsWith('\n\n')) md.text += '\n\n';
}

function examination(md: MarkdownWriter, o: Objective): void {
  if (!o.vitals.length && !o.exam.length) return;
  md.heading('PHYSICAL EXAMINATION');
  md.statements(o.vitals, { lines: true });
  for (const [area, items] of o.exam) {
    md.text += md.text.endsWith('\n\n') ? '' : '\n';
    md.text += `• ${SYSTEM_TITLES[area] ?? area}: `;
    md.statements(items);
  }
}

/** The summary line, each problem, then the plan said under it; talk before any problem first; follow-up last. */
function assessmentAndPlan(md: MarkdownWriter, diagnoses: Statement[], plan: Plan, summary?: Statement): void {
  const planSaid = plan.general.length + plan.byProblem.reduce((n, g) => n + g.length, 0);
  if (!diagnoses.length && !planSaid && !plan.followUp.length) return;
  md.heading('ASSESSMENT AND PLAN');
  // An assessment opens with who the patient is and why they came, as the history did.
  if (summary) { md.statements([summary]); paragraphBreak(md); }
  if (plan.general.length) md.statements(plan.general);
  diagnoses.forEach((d, i) => {
    paragraphBreak(md);
    md.statements([d]);
    for (const [kind, items] of byKind(plan.byProblem[i]!)) {
      md.text += `\n• ${PLAN_KIND_TITLES[kind]}: `;
      md.statements(items);
    }
  });
  if (plan.agreement) {
    paragraphBreak(md);
    md.text += 'Patient Agreements: ';
    md.statements([plan.agreement]);
  }
  if (plan.followUp.length) {
    paragraphBreak(md);
    md.statements(plan.followUp, { lines: true });
  }
}

export function writeMarkdown(draft: SoapDraft): MarkdownWriter {
  const md = new MarkdownWriter();
  const { subjective: s, objective: o, plan } = draft;
  if (s.chiefComplaint) { md.heading('CHIEF COMPLAINT'); md.statements([{ ...s.chiefComplaint, text: `${s.chiefComplaint.text}.` }]); }
  if (s.hpi.length) { md.heading('HISTORY OF PRESENT ILLNESS'); md.statements(s.hpi); }
  if (plan.medications.length) { md.heading('MEDICATIONS'); md.statements(plan.medications, { lines: true }); }
  if (s.allergies.length) { md.heading('ALLERGIES'); md.statements(s.allergies, { lines: true }); }
  if (s.ros.length) {
    md.heading('REVIEW OF SYSTEMS');
    md.statements(s.ros, { lines: true, prefix: (i) => `• ${SYSTEM_TITLES[s.ros[i]!.system]}: ` });
  }
  examination(md, o);
  if (o.results.length) { md.heading('RESULTS'); md.statements(o.results); }
  assessmentAndPlan(md, draft.diagnoses, plan, s.summary);
  return md;
}
