/**
 * Spoken numbers, units and vitals.
 *   spokenNumbersToDigits(text) — "one twenty over eighty" → "120/80", "ninety eight point six" → "98.6".
 *   vitalsIn(sentence) — {bloodPressure, heartRate, temperature, respiratoryRate, oxygenSaturation, weight}.
 *   doseIn(text), frequencyIn(text) — "500 mg", "twice daily".
 */
export { spokenNumbersToDigits } from './spoken.ts';
export { bareReading, continuedReading, lastNamedKind, statedReadings, vitalReadings, vitalsIn, weightUnitSaid, type VitalReading, type Vitals } from './vitals.ts';
export { doseIn, frequencyIn } from './dose.ts';
