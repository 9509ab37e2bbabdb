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

/** The model's answer in the spec's SOAP JSON shape. */
export function toSpecSoap(answer: Obj): Obj {
  const toMap = (items: { system?: string; area?: string; finding?: string }[] | undefined) => {
    const map: Obj = {};
    for (const item of items ?? []) {
      const label = item.system ?? item.area ?? '';
      if (!item.finding?.trim()) continue;
      const k = key(label);
      map[k] = map[k] ? `${map[k]} ${item.finding.trim()}` : item.finding.trim();
    }
    return map;
  };
  const soap = {
    subjective: { ...answer.subjective, reviewOfSystems: toMap(answer.subjective?.reviewOfSystems) },
    objective: { ...answer.objective, physicalExam: toMap(answer.objective?.physicalExam) },
    assessment: answer.assessment,
    plan: answer.plan,
  };
  return (pruned(soap) as Obj | undefined) ?? {};
}
