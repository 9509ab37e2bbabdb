// Dose and frequency phrases after a drug name: "500 milligrams twice a day".
const UNIT = /(mg|milligrams?|mcg|micrograms?|g|grams?|ml|milliliters?|units?|puffs?|tablets?|pills?|capsules?|drops?)\b/i;
const UNIT_SHORT: Record<string, string> = { milligram: 'mg', milligrams: 'mg', mg: 'mg', mcg: 'mcg', microgram: 'mcg', micrograms: 'mcg', g: 'g', gram: 'g', grams: 'g', ml: 'mL', milliliter: 'mL', milliliters: 'mL' };

const FREQUENCIES: [RegExp, string][] = [
  [/\b(?:once a day|once daily|a day|per day|daily|every day|each day|q\.?d)\b/i, 'once daily'],
  [/\b(?:twice a day|twice daily|two times a day|2 times a day|bid|b\.i\.d)\b/i, 'twice daily'],
  [/\b(?:three times a day|3 times a day|tid|t\.i\.d)\b/i, 'three times daily'],
  [/\b(?:four times a day|4 times a day|qid)\b/i, 'four times daily'],
  [/\bevery (\d+) hours\b/i, 'every $1 hours'],
  [/\b(?:at night|at bedtime|before bed|nightly|qhs)\b/i, 'at bedtime'],
  [/\b(?:in the morning|every morning)\b/i, 'every morning'],
  [/\b(?:once a week|weekly|every week)\b/i, 'once weekly'],
  [/\b(?:as needed|prn|when needed|if needed)\b/i, 'as needed'],
];

// Thousands are said with a separator ("1,000 mg"); the amount is written without it.
const DOSE = new RegExp(`\\b(\\d{1,3}(?:,\\d{3})+|\\d+(?:\\.\\d+)?)\\s*${UNIT.source}`, 'i');

export function doseIn(text: string): string | undefined {
  const m = DOSE.exec(text);
  if (!m) return undefined;
  const unit = m[2]!.toLowerCase();
  return `${m[1]!.replace(/,/g, '')} ${UNIT_SHORT[unit] ?? unit}`;
}

export function frequencyIn(text: string): string | undefined {
  // Longer phrases first: "twice a day" must not be read as "a day".
  const ordered = [...FREQUENCIES.slice(1), FREQUENCIES[0]!];
  for (const [re, label] of ordered) {
    const m = re.exec(text);
    if (m) return label.replace('$1', m[1] ?? '');
  }
  return undefined;
}
