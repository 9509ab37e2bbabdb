// Corrects misheard drug names in note text against the caller's medicationList
// ("lisinipril" → "lisinopril"): same first letter, at least 6 letters, and a small edit
// distance, so ordinary words are left alone.
import { editDistance } from '../lexicon/index.ts';

export function correctDrugNames(text: string, medicationList: string[] | undefined): string {
  const names = (medicationList ?? []).map((m) => m.trim()).filter((m) => /^[A-Za-z][A-Za-z-]{5,}$/.test(m));
  if (names.length === 0) return text;
  return text.replace(/\b[A-Za-z][A-Za-z-]{5,}\b/g, (word) => {
    const lower = word.toLowerCase();
    let best: string | undefined;
    let bestDistance = Infinity;
    for (const name of names) {
      const target = name.toLowerCase();
      if (target === lower) return word;
      if (target[0] !== lower[0]) continue;
      const limit = Math.max(1, Math.floor(target.length / 4));
      const d = editDistance(lower, target, limit);
      if (d <= limit && d < bestDistance) {
        best = name;
        bestDistance = d;
      }
    }
    if (!best) return word;
    return word[0] === word[0]!.toUpperCase() ? best.charAt(0).toUpperCase() + best.slice(1) : best.toLowerCase();
  });
}
