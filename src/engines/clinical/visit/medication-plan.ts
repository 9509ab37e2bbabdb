// What the plan does with each medication (start, stop, increase…) and the problem it was said under.
import { drugLexicon } from '../lexicon/index.ts';
import { medicationsIn } from './medications.ts';
import type { ProblemNamer } from './problems.ts';
import type { Allergy, Medication, MedicationChange, VisitSentence } from './types.ts';

// Checked in order: "switch from X to Y" is a switch even though it also says "to start".
const CHANGES: [MedicationChange, RegExp][] = [
  ['switch', /\b(?:switch\w*|chang\w* (?:you |him |her )?(?:over )?(?:from|to))\b/i],
  ['stop', /\b(?:stop\w*|discontinu\w*|come off|get off|hold(?:ing)? (?:off|the)|d\/c)\b/i],
  ['increase', /\b(?:increas\w*|go up|bump\w* (?:up|it)|up (?:the|your) dose|double)\b/i],
  ['decrease', /\b(?:decreas\w*|reduc\w*|lower\w*|cut (?:back|down|it)|go down|taper\w*|wean\w*)\b/i],
  ['start', /\b(?:start\w*|prescrib\w*|put (?:you|him|her) on|begin|trial of|going to give|gon na give)\b/i],
  ['continue', /\b(?:continu\w*|keep (?:taking|on|using)|stay on|refill\w*)\b/i],
];

// How a drug is given: said outright ("by mouth"), else what its form implies ("inhaler" → inhaled).
const ROUTE_SAID: [string, RegExp][] = [
  ['oral', /\b(?:by mouth|orally|p\.?o\.?)\b/i],
  ['intravenous', /\b(?:iv|intravenous\w*)\b/i],
  ['subcutaneous', /\b(?:subcutaneous\w*|under the skin)\b/i],
  ['intramuscular', /\b(?:intramuscular\w*|in the muscle)\b/i],
  ['topical', /\b(?:topical\w*|on the skin|apply)\b/i],
  ['inhaled', /\b(?:inhal\w*|puffs?|nebuli[sz]\w*)\b/i],
];
const ROUTE_OF_FORM: [string, RegExp][] = [
  ['inhaled', /^(?:inhalers?|nebuli[sz]ers?|nebs?)$/],
  ['topical', /^(?:creams?|ointments?|gels?|lotions?)$/],
  ['transdermal', /^patch(?:es)?$/],
  ['injection', /^(?:injections?|shots?|pens?|auto-?injectors?|syringes?)$/],
  ['oral', /^(?:tablets?|pills?|capsules?|caps|liquid|syrup|chewables?|lozenges?)$/],
  ['nasal', /^sprays?$/],
];

function routeOf(m: { form?: string; said?: string }): string | undefined {
  const fromForm = m.form ? ROUTE_OF_FORM.find(([, re]) => re.test(m.form!))?.[0] : undefined;
  return fromForm ?? (m.said ? ROUTE_SAID.find(([, re]) => re.test(m.said!))?.[0] : undefined);
}

function changeIn(sentence: VisitSentence): MedicationChange | undefined {
  if (sentence.role === 'patient' || sentence.part !== 'plan') return undefined;
  return CHANGES.find(([, re]) => re.test(sentence.text))?.[0];
}

/**
 * Medications named in statements (not questions); an allergen is never one of them (by name
 * or by generic). A plan sentence naming the drug says what changes and under which problem.
 */
export function medicationsOf(sentences: readonly VisitSentence[], medicationList: string[], allergies: readonly Allergy[], problems: ProblemNamer): Medication[] {
  const lexicon = drugLexicon();
  const allergens = new Set(allergies.flatMap((a) => {
    const k = a.substance.toLowerCase();
    return [k, lexicon.get(k)?.generic ?? k];
  }));
  const statements = sentences.filter((s) => !s.question);
  const found = medicationsIn(statements, medicationList).filter((m) => {
    const k = m.name.toLowerCase();
    return !allergens.has(k) && !allergens.has(lexicon.get(k)?.generic ?? k);
  });
  const byStart = new Map(sentences.map((s) => [s.span.start, s]));
  const current = currentProblems(sentences, problems);
  return found.map((m) => {
    const route = routeOf(m);
    const med: Medication = { ...m, ...(route ? { route } : {}) };
    for (const span of m.spans) {
      const s = byStart.get(span.start);
      if (!s) continue;
      med.change ??= changeIn(s);
      if (s.part === 'plan' && current[s.index]! >= 0) med.problem ??= current[s.index];
    }
    return med;
  });
}

/** For each sentence, the problem the plan talk is about at that point (-1 before any is named). */
function currentProblems(sentences: readonly VisitSentence[], problems: ProblemNamer): number[] {
  let current = -1;
  return sentences.map((s) => {
    if (s.part !== 'plan') return -1;
    const named = problems.named(s.text);
    if (named >= 0) current = named;
    return current;
  });
}
