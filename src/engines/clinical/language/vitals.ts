// Vital-sign names and weight units as RegExp sources, built once from data/language/en/vitals.json.
import { alternation, languageData, terms } from './data.ts';

export type VitalKind = 'bloodPressure' | 'heartRate' | 'temperature' | 'respiratoryRate' | 'oxygenSaturation' | 'weight';

interface VitalsData {
  names: Record<VitalKind, string[]>;
  notNames: Partial<Record<VitalKind, string[]>>;
  units: { pounds: string[]; kilograms: string[] };
}

const d = languageData<VitalsData>('vitals');

/**
 * What names a vital sign of this kind, as a RegExp source to sit between word boundaries: its names,
 * less any phrase that starts like one but names another sign ("pulse ox" is not a pulse).
 */
export function vitalName(kind: VitalKind): string {
  const not = d.notNames[kind];
  return `${not?.length ? `(?!${terms(not)})` : ''}(?:${terms(d.names[kind])})`;
}

/** The words a weight is given in, as a RegExp source. */
export const WEIGHT_UNITS = alternation([...d.units.pounds, ...d.units.kilograms]);
const KILOGRAMS = new RegExp(`^(?:${alternation(d.units.kilograms)})$`, 'i');

/** A weight unit as a note writes it: "kg" or "lb". */
export function weightUnit(word: string): 'kg' | 'lb' {
  return KILOGRAMS.test(word.trim()) ? 'kg' : 'lb';
}
