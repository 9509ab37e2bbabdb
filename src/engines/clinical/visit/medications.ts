// Medications named in the visit (Orange Book lexicon), with dose, frequency and the sentence said.
import type { Span } from '../../ports.ts';
import { drugLexicon } from '../lexicon/index.ts';
import { doseIn, frequencyIn, spokenNumbersToDigits } from '../numbers/index.ts';

export interface MedicationFound {
  name: string;
  dosage?: string;
  frequency?: string;
  /** Device or dose form said with the drug ("albuterol inhaler" → inhaler). */
  form?: string;
  /** The sentence (as said) that gave the dose or first named the drug, for instructions. */
  said?: string;
  spans: Span[];
}

// Lexicon terms that are also everyday words in conversation.
const COMMON = new Set(['today', 'plan', 'care', 'select', 'prefer', 'feel', 'allergy', 'relief', 'sleep', 'cold', 'pain', 'balance', 'nasal', 'oral', 'ice', 'clear', 'oxygen', 'water', 'iron', 'zinc', 'sugar', 'control', 'support', 'just', 'active', 'gas', 'regular', 'extra', 'daily', 'alcohol', 'pre-op']);

// A drug said only to be avoided ("try not to take any ibuprofen"), or corrected at once
// ("penicillin, or, i'm sorry, amoxicillin"), is not one of the patient's medications.
const NOT_TAKEN_BEFORE = /\b(?:not (?:to )?take|do\s*n'?t take|avoid(?: going (?:to|on)| taking| using)?|never (?:taken|took|tried))\s+(?:any\s+|the\s+|more\s+)?$/i;
const CORRECTED_AFTER = /^\s*(?:,\s*)?(?:or\s*(?:,\s*)?)?(?:i'm sorry|i am sorry|sorry|i mean)\s*,/i;

const INSULIN_ETC = new Map([['insulin', 'insulin']]);

// Devices and dose forms: how a drug is given, never a drug themselves ("albuterol inhaler").
const FORMS = /^(?:inhalers?|nebuli[sz]ers?|nebs?|pens?|auto-?injectors?|patch(?:es)?|sprays?|creams?|ointments?|gels?|lotions?|drops|eye drops|tablets?|pills?|capsules?|caps|injections?|shots?|solutions?|suppositor(?:y|ies)|syringes?|pumps?|infusions?|liquid|syrup|powder|lozenges?|gum|chewables?)$/i;

export function isDeviceOrForm(word: string): boolean {
  return FORMS.test(word.trim());
}

function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => i);
  for (let j = 1; j <= b.length; j++) {
    let prev = d[0]!;
    d[0] = j;
    for (let i = 1; i <= a.length; i++) {
      const tmp = d[i]!;
      d[i] = Math.min(d[i]! + 1, d[i - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return d[a.length]!;
}

/** The drug a word names: the lexicon, or a close spelling of one on the caller's medication list. */
export function drugNamed(word: string, medicationList: string[]): string | undefined {
  const w = word.toLowerCase();
  if (w.length < 4 || COMMON.has(w) || FORMS.test(w)) return undefined;
  for (const m of medicationList) {
    const ml = m.toLowerCase().trim();
    if (ml === w) return m.trim();
    if (w.length >= 5 && Math.abs(ml.length - w.length) <= 2 && distance(ml, w) <= (ml.length >= 8 ? 2 : 1)) return m.trim();
  }
  if (drugLexicon().has(w)) return w;
  return INSULIN_ETC.get(w);
}

export function medicationsIn(sentences: { text: string; span: Span }[], medicationList: string[]): MedicationFound[] {
  const byName = new Map<string, MedicationFound>();
  for (const s of sentences) {
    const text = spokenNumbersToDigits(s.text);
    for (const m of text.matchAll(/[a-z][a-z-]+/gi)) {
      const name = drugNamed(m[0], medicationList);
      if (!name) continue;
      if (NOT_TAKEN_BEFORE.test(text.slice(Math.max(0, m.index! - 40), m.index!)) || CORRECTED_AFTER.test(text.slice(m.index! + m[0].length, m.index! + m[0].length + 20))) continue;
      // Dose and frequency are read from the words right after the name.
      const after = text.slice(m.index!, m.index! + 80);
      const found = byName.get(name.toLowerCase()) ?? { name: name.charAt(0).toUpperCase() + name.slice(1), spans: [] };
      const dose = doseIn(after);
      if (!found.said || (dose && !found.dosage)) found.said = s.text;
      found.dosage ??= dose;
      found.frequency ??= frequencyIn(after);
      // The form is one of the next two words ("albuterol inhaler", "albuterol hfa inhaler").
      const next = /^[\s-]+([a-z-]+)(?:\s+([a-z-]+))?/i.exec(text.slice(m.index! + m[0].length));
      const form = [next?.[1], next?.[2]].find((w) => w && FORMS.test(w));
      if (form) found.form ??= form.toLowerCase();
      found.spans.push(s.span);
      byName.set(name.toLowerCase(), found);
    }
  }
  return [...byName.values()];
}
