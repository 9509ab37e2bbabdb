// SOAP markdown written from the (grounded) SOAP JSON, so the markdown never says what
// the JSON lost to grounding.
type Obj = Record<string, any>;

const VITALS: Record<string, string> = {
  bloodPressure: 'Blood pressure', heartRate: 'Heart rate', temperature: 'Temperature',
  respiratoryRate: 'Respiratory rate', oxygenSaturation: 'Oxygen saturation', weight: 'Weight',
};

function title(key: string): string {
  const spaced = key.replace(/([A-Z])/g, ' $1').toLowerCase().trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

function section(out: string[], heading: string, lines: (string | undefined)[]): void {
  const body = lines.filter((l): l is string => typeof l === 'string' && l.trim() !== '');
  if (body.length) out.push(`${heading}\n\n${body.join('\n')}`);
}

export function soapMarkdown(json: Obj): string {
  const s = json.subjective ?? {};
  const o = json.objective ?? {};
  const a = json.assessment ?? {};
  const p = json.plan ?? {};
  const out: string[] = [];
  section(out, 'CHIEF COMPLAINT', [s.chiefComplaint]);
  section(out, 'HISTORY OF PRESENT ILLNESS', [s.historyOfPresentIllness]);
  section(out, 'REVIEW OF SYSTEMS', Object.entries(s.reviewOfSystems ?? {}).map(([k, v]) => `• ${title(k)}: ${v}`));
  section(out, 'ALLERGIES', (s.allergies ?? []).map((x: Obj) => (x.substance ? `${x.substance}${x.reaction ? ` (${x.reaction})` : ''}` : undefined)));
  section(out, 'PHYSICAL EXAMINATION', [
    ...Object.entries(o.vitalSigns ?? {}).map(([k, v]) => `${VITALS[k] ?? title(k)}: ${v}`),
    ...Object.entries(o.physicalExam ?? {}).map(([k, v]) => `• ${title(k)}: ${v}`),
  ]);
  section(out, 'RESULTS', [o.results]);
  section(out, 'ASSESSMENT AND PLAN', [
    ...(a.diagnoses ?? []).map((d: Obj) => (d.description ? `• ${d.description}${d.icdCode ? ` (${d.icdCode})` : ''}` : undefined)),
    a.clinicalImpression,
    ...(p.medications ?? []).map((m: Obj | string) =>
      typeof m === 'string' ? `• ${m}` : `• ${[m.name, m.dosage, m.frequency].filter(Boolean).join(' ')}${m.instructions ? `: ${m.instructions}` : ''}`),
    ...(p.patientEducation ?? []).map((e: string) => `• ${e}`),
  ]);
  section(out, 'FOLLOW-UP', [p.followUp]);
  return out.join('\n\n');
}
