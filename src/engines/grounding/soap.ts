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

export const NOT_BILLABLE = 'not a billable code of the FY2026 ICD-10-CM code set';

/** What the section checks share: the grounder, the mode, and what they found or missed. */
class Check {
  readonly out: TreeCheck = { ungrounded: [], evidence: {} };
  /** Paths (in the grounded answer) already checked, which the prose pass leaves alone. */
  readonly skip = new Set<string>();

  constructor(readonly grounder: Grounder, readonly mode: GroundingMode) {}

  /** Records where `at` (a path in the grounded answer; indices shift as items drop) was found. */
  found(at: string, span: Span | null): boolean {
    this.skip.add(at);
    if (span) this.out.evidence[at] = { spans: [span] };
    return span !== null;
  }

  /** Records an unsupported fact under its path in the model's answer. */
  miss(path: string, text: unknown, reason: string): void {
    this.out.ungrounded.push({ path, text: String(text), reason });
  }
}

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
  const check = new Check(grounder, mode);
  const plan = asObj(json.plan);
  if (plan && Array.isArray(plan.medications)) plan.medications = medications(check, plan.medications);
  vitals(check, asObj(asObj(json.objective)?.vitalSigns));
  const subjective = asObj(json.subjective);
  if (subjective && Array.isArray(subjective.allergies)) subjective.allergies = allergies(check, subjective.allergies);
  const assessment = asObj(json.assessment);
  if (assessment && Array.isArray(assessment.diagnoses)) assessment.diagnoses = diagnoses(check, assessment.diagnoses);
  groundStrings(json, '', grounder, mode, check.skip, check.out);
  return check.out;
}

/** Each drug must be said; its dose must be said with it (a wrong dose is removed, the drug kept). */
function medications(check: Check, items: unknown[]): unknown[] {
  return keepItems(items, (item, i, k) => {
    const med = asObj(item);
    // A medication written as a line of text ("Lisinopril 40 mg daily") is checked as prose later.
    if (!med || typeof med.name !== 'string') return true;
    const nameSpan = check.grounder.locate('medication', med.name);
    if (!check.found(`plan.medications.${k}.name`, nameSpan)) {
      check.miss(`plan.medications.${i}.name`, med.name, REASONS.medication);
      if (check.mode === 'drop') return false;
    }
    if (typeof med.dosage === 'string' && med.dosage.trim()) {
      const doseSpan = nameSpan && check.grounder.locate('dose', med.dosage, nameSpan);
      if (!check.found(`plan.medications.${k}.dosage`, doseSpan ?? null) && nameSpan) {
        check.miss(`plan.medications.${i}.dosage`, med.dosage, REASONS.dose);
        if (check.mode === 'drop') delete med.dosage;
      }
    }
    return true;
  });
}

/** Each vital must be said, of the same kind and value. */
function vitals(check: Check, signs: Obj | undefined): void {
  const { vitalLabels } = groundingWords();
  for (const [key, value] of Object.entries(signs ?? {})) {
    if (typeof value !== 'string' || !value.trim()) continue;
    const path = `objective.vitalSigns.${key}`;
    if (check.found(path, check.grounder.locate('vital', `${vitalLabels[key] ?? key} ${value}`))) continue;
    check.miss(path, value, REASONS.vital);
    if (check.mode === 'drop') delete signs![key];
  }
}

function allergies(check: Check, items: unknown[]): unknown[] {
  return keepItems(items, (item, i, k) => {
    const substance = typeof item === 'string' ? item : asObj(item)?.substance;
    const leaf = typeof item === 'string' ? '' : '.substance';
    if (typeof substance !== 'string') return true;
    // "No known drug allergies" is supported by the visit's allergy talk, not by a substance.
    const none = groundingWords().noneWords.has(substance.trim().split(/\s+/)[0]!.toLowerCase());
    const span = none ? check.grounder.locate('result', 'allergies') : check.grounder.locate('allergy', substance);
    if (check.found(`subjective.allergies.${k}${leaf}`, span)) return true;
    check.miss(`subjective.allergies.${i}${leaf}`, substance, REASONS.allergy);
    return check.mode === 'flag';
  });
}

/** A code outside the code set goes in either mode; a diagnosis must be supported by the visit. */
function diagnoses(check: Check, items: unknown[]): unknown[] {
  return keepItems(items, (item, i, k) => {
    const dx = asObj(item);
    if (!dx || typeof dx.description !== 'string') return true;
    if (typeof dx.icdCode === 'string' && dx.icdCode.trim()) {
      check.skip.add(`assessment.diagnoses.${k}.icdCode`);
      if (!isBillable(dx.icdCode.trim().toUpperCase())) {
        check.miss(`assessment.diagnoses.${i}.icdCode`, dx.icdCode, NOT_BILLABLE);
        delete dx.icdCode;
      }
    }
    const span = check.grounder.locate('diagnosis', dx.description) ?? (typeof dx.icdCode === 'string' ? check.grounder.locate('code', dx.icdCode) : null);
    if (check.found(`assessment.diagnoses.${k}.description`, span)) {
      if (typeof dx.icdCode === 'string') check.out.evidence[`assessment.diagnoses.${k}.icdCode`] = { spans: [span!] };
      return true;
    }
    check.miss(`assessment.diagnoses.${i}.description`, dx.description, REASONS.diagnosis);
    return check.mode === 'flag';
  });
}
