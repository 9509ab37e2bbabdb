// Review of systems from the clinician's symptom questions and the patient's yes/no answers.
import { answersNo, answersYes, ROS_SYSTEMS as SYSTEMS } from '../language/index.ts';
import type { Sentence } from '../transcript/index.ts';
import type { RosFinding } from './types.ts';

// A negation shortly before a symptom ("i have n't had any chest pain").
const NEGATED_BEFORE = /\b(?:no|not|n't|never|denies|without|any)\b(?:\W+\w+){0,3}\W*$/i;

const singular = (term: string): string => term.replace(/s$/, '');

/** Symptoms the patient said they had (not asked, not denied): a later "no" is about now, not the visit's story. */
function reportedByPatient(sentences: Sentence[]): Set<string> {
  const reported = new Set<string>();
  for (const s of sentences) {
    if (s.role !== 'patient' || s.question || answersNo(s.text)) continue;
    const t = s.text.toLowerCase();
    for (const [, re] of SYSTEMS) {
      for (const m of t.matchAll(re)) if (!NEGATED_BEFORE.test(t.slice(0, m.index))) reported.add(singular(m[0]));
    }
  }
  return reported;
}

export function reviewOfSystems(sentences: Sentence[]): RosFinding[] {
  const found: RosFinding[] = [];
  const seen = new Set<string>();
  const reported = reportedByPatient(sentences);
  for (let i = 0; i < sentences.length; i++) {
    const q = sentences[i]!;
    if (q.role !== 'clinician' || !q.question) continue;
    const answer = sentences.slice(i + 1, i + 4).find((s) => s.turn !== q.turn);
    if (!answer || answer.role === 'clinician') continue;
    const negative = answersNo(answer.text);
    const positive = !negative && answersYes(answer.text);
    if (!negative && !positive) continue;
    const qt = q.text.toLowerCase();
    for (const [system, re] of SYSTEMS) {
      const terms = [...qt.matchAll(re)].map((m) => m[0]
        .replace(/^(?:harm|hurt) yourself$/, 'thoughts of self-harm').replace(/^(?:harm|hurt) others$/, 'thoughts of harming others')
        .replace(/\byour\b/, 'the'));
      // "Denies chest pain" would contradict the history when the patient told of chest pain.
      const fresh = terms.filter((t) => !seen.has(t) && !(negative && reported.has(singular(t))));
      if (!fresh.length) continue;
      fresh.forEach((t) => seen.add(t));
      const list = fresh.join(', ');
      found.push({ system, text: negative ? `Denies ${list}.` : `Endorses ${list}.`, spans: [q.span, answer.span] });
    }
  }
  return found;
}
