// Medications named in the visit (Orange Book lexicon), with dose, frequency and the sentence said.
import type { Span } from '../../ports.ts';
import { drugLexicon } from '../lexicon/index.ts';
import { doseIn, frequencyIn, spokenNumbersToDigits } from '../numbers/index.ts';

export interface MedicationFound {
  name: string;
  dosage?: string;
  frequency?: string;
  /** The sentence (as said) that gave the dose or first named the drug, for instructions. */
  said?: string;
  spans: Span[];
}

// Lexicon terms that are also everyday words in conversation.
const COMMON = new Set(['today', 'plan', 'care', 'select', 'prefer', 'feel', 'allergy', 'relief', 'sleep', 'cold', 'pain', 'balance', 'nasal', 'oral', 'ice', 'clear', 'oxygen', 'water', 'iron', 'zinc', 'sugar', 'control', 'support', 'just', 'active', 'gas', 'regular', 'extra', 'daily']);

const INSULIN_ETC = new Map([['insulin', 'insulin'], ['inhaler', 'inhaler']]);

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
  if (w.length < 4 || COMMON.has(w)) return undefined;
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
      // Dose and frequency are read from the words right after the name.
      const after = text.slice(m.index!, m.index! + 80);
      const found = byName.get(name.toLowerCase()) ?? { name: name.charAt(0).toUpperCase() + name.slice(1), spans: [] };
      const dose = doseIn(after);
      if (!found.said || (dose && !found.dosage)) found.said = s.text;
      found.dosage ??= dose;
      found.frequency ??= frequencyIn(after);
      found.spans.push(s.span);
      byName.set(name.toLowerCase(), found);
    }
  }
  return [...byName.values()];
}
