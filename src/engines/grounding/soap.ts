// Grounding of a SOAP note a model wrote (the spec's JSON): medications with their doses,
// vital signs, allergies and diagnoses with ICD-10-CM codes are each located in the
// transcript; then every remaining string is checked as prose.
import type { Span } from '../ports.ts';
import { isBillable } from '../clinical/lexicon/index.ts';
import { groundingWords } from './language.ts';
import { REASONS } from './prose.ts';
import { groundStrings, type TreeCheck } from './tree.ts';
import type { Grounder, GroundingMode } from './types.ts';

type Obj = Record<string, unknown>;

const NOT_BILLABLE = 'not a billable code of the FY2026 ICD-10-CM code set';

/** Keeps the items `keep` accepts; it gets the original index (for ungrounded paths) and the
 * index the item will have (for evidence and skip paths). */
function keepItems(items: unknown[], keep: (item: unknown, original: number, final: number) => boolean): unknown[] {
  const kept: unknown[] = [];
  items.forEach((item, i) => {
    if (keep(item, i, kept.length)) kept.push(item);
  });
  return kept;
}

function asObj(v: unknown): Obj | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined;
}

/** Grounds `json` in place and returns what was unsupported and where the rest came from. */
export function groundSoap(json: Obj, grounder: Grounder, mode: GroundingMode): TreeCheck {
  const out: TreeCheck = { ungrounded: [], evidence: {} };
  const skip = new Set<string>();
  // `at` is the path in the grounded answer (indices shift when items are dropped).
  const found = (at: string, span: Span | null): boolean => {
    skip.add(at);
    if (span) out.evidence[at] = { spans: [span] };
    return span !== null;
  };
  const miss = (path: string, text: unknown, reason: string) => out.ungrounded.push({ path, text: String(text), reason });

  const plan = asObj(json.plan);
  if (plan && Array.isArray(plan.medications)) {
    plan.medications = keepItems(plan.medications, (item, i, k) => {
      const med = asObj(item);
      const base = `plan.medications.${i}`;
      const at = `plan.medications.${k}`;
      // A medication written as a line of text ("Lisinopril 40 mg daily") is checked as prose below.
      if (!med || typeof med.name !== 'string') return true;
      const nameSpan = grounder.locate('medication', med.name);
      if (!found(`${at}.name`, nameSpan)) {
        miss(`${base}.name`, med.name, REASONS.medication);
        if (mode === 'drop') return false;
      }
      if (typeof med.dosage === 'string' && med.dosage.trim()) {
        const doseSpan = nameSpan && grounder.locate('dose', med.dosage, nameSpan);
        if (!found(`${at}.dosage`, doseSpan ?? null) && nameSpan) {
          miss(`${base}.dosage`, med.dosage, REASONS.dose);
          if (mode === 'drop') delete med.dosage;
        }
      }
      return true;
    });
  }

  const vitals = asObj(asObj(json.objective)?.vitalSigns);
  const { vitalLabels } = groundingWords();
  for (const [key, value] of Object.entries(vitals ?? {})) {
    if (typeof value !== 'string' || !value.trim()) continue;
    const path = `objective.vitalSigns.${key}`;
    if (!found(path, grounder.locate('vital', `${vitalLabels[key] ?? key} ${value}`))) {
      miss(path, value, REASONS.vital);
      if (mode === 'drop') delete vitals![key];
    }
  }

  const subjective = asObj(json.subjective);
  if (subjective && Array.isArray(subjective.allergies)) {
    subjective.allergies = keepItems(subjective.allergies, (item, i, k) => {
      const substance = typeof item === 'string' ? item : asObj(item)?.substance;
      const leaf = typeof item === 'string' ? '' : '.substance';
      const path = `subjective.allergies.${i}${leaf}`;
      if (typeof substance !== 'string') return true;
      if (found(`subjective.allergies.${k}${leaf}`, grounder.locate('allergy', substance))) return true;
      miss(path, substance, REASONS.allergy);
      return mode === 'flag';
    });
  }

  const assessment = asObj(json.assessment);
  if (assessment && Array.isArray(assessment.diagnoses)) {
    assessment.diagnoses = keepItems(assessment.diagnoses, (item, i, k) => {
      const dx = asObj(item);
      const base = `assessment.diagnoses.${i}`;
      const at = `assessment.diagnoses.${k}`;
      if (!dx || typeof dx.description !== 'string') return true;
      if (typeof dx.icdCode === 'string' && dx.icdCode.trim()) {
        skip.add(`${at}.icdCode`);
        // A code outside the code set is dropped in either mode: it cannot be billed or looked up.
        if (!isBillable(dx.icdCode.trim().toUpperCase())) {
          miss(`${base}.icdCode`, dx.icdCode, NOT_BILLABLE);
          delete dx.icdCode;
        }
      }
      const span = grounder.locate('diagnosis', dx.description) ?? (typeof dx.icdCode === 'string' ? grounder.locate('code', dx.icdCode) : null);
      if (found(`${at}.description`, span)) {
        if (typeof dx.icdCode === 'string') out.evidence[`${at}.icdCode`] = { spans: [span!] };
        return true;
      }
      miss(`${base}.description`, dx.description, REASONS.diagnosis);
      return mode === 'flag';
    });
  }

  groundStrings(json, '', grounder, mode, skip, out);
  return out;
}

export { NOT_BILLABLE };
