// Section cues: which part of the note each sentence of the visit belongs to, or none (chit-chat).
import { CLINICAL_TALK as CLINICAL, introducesPatient, isCommand, isDictation, PROBLEM_FRAME, SECTION_CUES, WAKE_WORDS } from '../language/index.ts';
import type { Sentence } from '../transcript/index.ts';

import type { Part } from './types.ts';

export type { Part };

// The cue words are data (clinical-terms.json sectionCues); the wake words are dictation's.
const CHATTER = new RegExp(`${SECTION_CUES.chatter.source}|\\b(?:${WAKE_WORDS})\\b`, 'i');
const { exam: EXAM, results: RESULTS, plan: PLAN, planned: PLANNED, examOpener: EXAM_OPENER, planOpener: PLAN_OPENER, bareAnswer: BARE_ANSWER } = SECTION_CUES;

export interface Classified { sentence: Sentence; part: Part; }

/**
 * Classifies each sentence. Position matters: once the clinician announces the exam, statements
 * are exam findings until results or assessment talk begins; patient speech is history.
 */
export function classify(sentences: Sentence[]): Classified[] {
  let phase: 'history' | 'exam' | 'plan' = 'history';
  const out: Classified[] = [];
  const n = sentences.length;
  sentences.forEach((s, i) => {
    const t = s.text.toLowerCase();
    const words = t.split(/\s+/).length;
    // Unlabelled text is usually dictation: read it as the clinician's.
    const clinician = s.role === 'clinician' || s.role === 'unknown';
    if (clinician && EXAM_OPENER.test(t)) phase = 'exam';
    if (clinician && PLAN_OPENER.test(t) && i > n * 0.4) phase = 'plan';
    let part: Part = 'none';
    if (words < 4 || CHATTER.test(t) || (clinician && (isCommand(t) || isDictation(t)))) part = 'none';
    // A bare answer ("no, not that I've noticed") means nothing out of its question; ROS keeps those.
    else if (!clinician && BARE_ANSWER.test(t) && words < 7) part = 'none';
    else if (!clinician) part = s.question ? 'none' : CLINICAL.test(t) || words >= 8 ? 'hpi' : 'none';
    else if (s.question) part = 'none';
    else if (introducesPatient(t)) part = 'hpi';
    else if (RESULTS.test(t)) part = PLANNED.test(t) ? 'plan' : 'results';
    else if (phase === 'exam' && EXAM.test(t)) part = 'exam';
    else if (phase === 'exam' && PLAN.test(t)) { part = 'plan'; }
    else if (phase === 'plan' && (PLAN.test(t) || CLINICAL.test(t) || PROBLEM_FRAME.test(t))) part = 'plan';
    else if (phase === 'history' && PLAN.test(t) && i > n * 0.5) part = 'plan';
    // The clinician's own summary of the history ("so you've had this for two weeks").
    else if (phase === 'history' && CLINICAL.test(t) && words >= 6) part = 'hpi';
    out.push({ sentence: s, part });
  });
  return out;
}
