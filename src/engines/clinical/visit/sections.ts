// Section cues: which part of the note each sentence of the visit belongs to, or none (chit-chat).
import { CLINICAL_TALK as CLINICAL, introducesPatient, isCommand, isDictation, PROBLEM_FRAME, WAKE_WORDS } from '../language/index.ts';
import type { Sentence } from '../transcript/index.ts';

import type { Part } from './types.ts';

export type { Part };

const CHATTER = new RegExp(String.raw`\b(?:${WAKE_WORDS}|weather|vacation|football|baseball|game|nice to meet|how are you|good morning|hello|hi there|have a (?:good|great)|bye|thank you|thanks|see you(?! (?:back|again|in\b)))\b`);
const EXAM = /\b(?:exam(?:ination)?|tender(?:ness)?|swelling|murmur|lungs?|heart (?:sounds|is regular|exam)|auscultat|palpat|range of motion|edema|reflexes|pulses?|appreciate|bruit|gallop|rub|rales|wheez|crackles|erythema|effusion|strength|sensation|abdomen is|soft|non-?tender|regular rate|clear to|no evidence of|ecchymosis|lesion|rash on|looks good|normal)\b/;
const RESULTS = /\b(?:x-?rays?|mri|ct scan|cat scan|ultrasound|echo(?:cardiogram)?|ekg|ecg|labs?|lab work|blood work|a1c|hemoglobin|lipid|cholesterol|results?|showed|shows|revealed|reveals|biopsy|mammogram|culture|level was|levels? (?:is|are|were))\b/;
const PLAN = /\b(?:prescrib|start (?:you|him|her|them|an?|the|on)|let's (?:start|try|get|put|give|switch|increase|decrease|continue|refer|order|schedule|have)|see (?:you|him|her) (?:back|again|in)|as needed|puffs?|starting|continue|increase|decrease|stop (?:taking|the)|refer|referral|order(?:ing)?|follow up|follow-up|come back|schedul|recommend|i want (?:you|to)|we'?ll|we will|going to (?:have|put|give|send|start|order|get|refer|check|do)|gon na (?:have|put|give|send|start|order|get|refer|check|do)|physical therapy|surgery|injection|diagnos|my assessment|my impression|i think (?:you|it|this|that)|sounds like (?:you|it)|consistent with|plan|prescription|milligrams|mg|dose|therapy|avoid|make sure|ice|rest|brace|counsel)\b/;

// Tests still to be done or waited for ("we should have the results back", "depending on the results") are plan, not results.
const PLANNED = /\b(?:going to|gon na|we'?ll|will|would|should|order\w*|let's|need to|want to|depending|recommend\w*|schedul\w*|drawn|have the results)\b/;

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
    if (clinician && /\b(?:physical exam|examine you|take a look|take a listen|check (?:you|your) out|look at your|on exam)\b/.test(t)) phase = 'exam';
    if (clinician && /\b(?:assessment|my plan|impression|the plan|for your first problem|in terms of (?:your|the) plan|so for your)\b/.test(t) && i > n * 0.4) phase = 'plan';
    let part: Part = 'none';
    if (words < 4 || CHATTER.test(t) || (clinician && (isCommand(t) || isDictation(t)))) part = 'none';
    // A bare answer ("no, not that I've noticed") means nothing out of its question; ROS keeps those.
    else if (!clinician && /^(?:no|not|nope|nothing|yes|yeah|yep|mm-hmm|uh-huh)\b/.test(t) && words < 7) part = 'none';
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
