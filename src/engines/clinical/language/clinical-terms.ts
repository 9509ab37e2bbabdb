// Clinical words, built once from data/language/en/clinical-terms.json: what marks talk as clinical and how clinical a sentence is.
import { languageData, terms } from './data.ts';

interface ClinicalTermData { history: string[]; findings: string[]; actions: string[] }

const d = languageData<ClinicalTermData>('clinical-terms');

/** Symptoms, body parts, medicines, time and history: a sentence naming one is clinical talk. */
export const CLINICAL_TALK = new RegExp(`\\b(?:${terms(d.history)})\\b`, 'i');

/** Every clinical word and any number, global: count them with String.match ("how clinical is this sentence"). */
export const CLINICAL_TERMS = new RegExp(`\\b(?:${terms([...d.history, ...d.findings, ...d.actions])}|\\d+)\\b`, 'gi');
