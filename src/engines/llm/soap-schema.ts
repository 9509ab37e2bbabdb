// The SOAP answer asked of the model (strict structured-output shape: every property
// required, lists for the spec's maps) and its conversion to the spec's SOAP JSON.
const str = { type: 'string' };
const strings = { type: 'array', items: str };
const object = (properties: Record<string, unknown>) => ({ type: 'object', additionalProperties: false, required: Object.keys(properties), properties });

export const SOAP_SCHEMA = object({
  subjective: object({
    chiefComplaint: str,
    historyOfPresentIllness: str,
    reviewOfSystems: { type: 'array', items: object({ system: str, finding: str }) },
    allergies: { type: 'array', items: object({ substance: str, reaction: str }) },
  }),
  objective: object({
    vitalSigns: object({ bloodPressure: str, heartRate: str, temperature: str, respiratoryRate: str, oxygenSaturation: str, weight: str }),
    physicalExam: { type: 'array', items: object({ area: str, finding: str }) },
    results: str,
  }),
  assessment: object({
    diagnoses: { type: 'array', items: object({ description: str, icdCode: str }) },
    clinicalImpression: str,
  }),
  plan: object({
    medications: { type: 'array', items: object({ name: str, dosage: str, frequency: str, instructions: str }) },
    patientEducation: strings,
    followUp: str,
  }),
});

type Obj = Record<string, any>;

/** Lower camel case key of a body system or exam area ("Ears, nose" → "earsNose"). */
function key(label: string): string {
  const words = label.toLowerCase().match(/[a-z0-9]+/g) ?? ['other'];
  return words.map((w, i) => (i ? w[0]!.toUpperCase() + w.slice(1) : w)).join('');
}

/** Empty strings, empty lists and empty objects removed (the spec omits what was not said). */
export function pruned(value: unknown): unknown {
  if (typeof value === 'string') return value.trim() ? value.trim() : undefined;
  if (Array.isArray(value)) {
    const items = value.map(pruned).filter((v) => v !== undefined);
    return items.length ? items : undefined;
  }
  if (value && typeof value === 'object') {
    const out: Obj = {};
    for (const [k, v] of Object.entries(value)) {
      const p = pruned(v);
      if (p !== undefined) out[k] = p;
    }
    return Object.keys(out).length ? out : undefined;
  }
  return value;
}

const SECTIONS = ['subjective', 'objective', 'assessment', 'plan'];

/**
 * What is accepted back: the requested shape, or the spec's own SOAP shape (maps for review of
 * systems and exam, strings for list items) as servers without structured outputs tend to
 * write it. Anything else gets the repair round.
 */
export function soapAccepted(raw: unknown): string | undefined {
  const problem = 'the answer must be an object with subjective, objective, assessment and plan objects';
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return problem;
  const value = unwrapped(raw as Obj);
  const sections = SECTIONS.map((k) => (value as Obj)[k]).filter((v) => v !== undefined);
  return sections.length > 0 && sections.every((v) => v && typeof v === 'object' && !Array.isArray(v)) ? undefined : problem;
}

/** The SOAP object inside a one-level wrapper ({"json": {...}}, {"soap_note": {...}}), else the answer itself. */
export function unwrapped(answer: Obj): Obj {
  if (SECTIONS.some((k) => k in answer)) return answer;
  const inner = Object.values(answer).find((v) => v && typeof v === 'object' && !Array.isArray(v) && SECTIONS.some((k) => k in (v as Obj)));
  return (inner as Obj | undefined) ?? answer;
}

/** A value as text: strings trimmed, numbers written out, anything else dropped. */
function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function list(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return value === undefined || value === null || value === '' ? [] : [value];
}

/** Label → finding, from either a list of {system|area, finding} or a map. */
function findings(value: unknown): Obj {
  if (Array.isArray(value)) {
    const map: Obj = {};
    for (const item of value as Obj[]) {
      const label = text(item?.system) ?? text(item?.area) ?? 'other';
      const finding = text(item?.finding)?.trim();
      if (!finding) continue;
      const k = key(label);
      map[k] = map[k] ? `${map[k]} ${finding}` : finding;
    }
    return map;
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Obj).map(([k, v]) => [k, text(v)]).filter(([, v]) => v !== undefined));
  }
  return {};
}

/** The model's answer (requested or spec shape) in the spec's SOAP JSON shape. */
export function toSpecSoap(answer: Obj): Obj {
  const s: Obj = answer.subjective ?? {};
  const o: Obj = answer.objective ?? {};
  const a: Obj = answer.assessment ?? {};
  const p: Obj = answer.plan ?? {};
  const vitals = o.vitalSigns && typeof o.vitalSigns === 'object' ? Object.fromEntries(Object.entries(o.vitalSigns as Obj).map(([k, v]) => [k, text(v)])) : undefined;
  const soap = {
    subjective: {
      ...s,
      reviewOfSystems: findings(s.reviewOfSystems),
      allergies: list(s.allergies).map((x) => (typeof x === 'string' ? { substance: x } : x)),
    },
    objective: { ...o, vitalSigns: vitals, physicalExam: findings(o.physicalExam), results: Array.isArray(o.results) ? o.results.map(text).join(' ') : o.results },
    assessment: { ...a, diagnoses: list(a.diagnoses).map((x) => (typeof x === 'string' ? { description: x } : x)) },
    plan: { ...p, medications: list(p.medications), patientEducation: list(p.patientEducation) },
  };
  return (pruned(soap) as Obj | undefined) ?? {};
}
