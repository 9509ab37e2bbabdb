// Speaker roles from labels, or inferred from what each speaker says when labels are generic.
import type { SpeakerRole } from './types.ts';

export function roleFromLabel(label: string): SpeakerRole | undefined {
  const l = label.toLowerCase().replace(/[_.\-]/g, ' ').trim();
  if (/^(?:doctor|dr|d|physician|provider|clinician|nurse|np|pa|md|do|gp)\b/.test(l)) return 'clinician';
  if (/guest|family|relative/.test(l)) return 'family';
  if (/^(?:patient|pt|p|client)\b/.test(l)) return 'patient';
  if (/guest|family|mother|mom|father|dad|parent|wife|husband|son|daughter|caregiver|partner|spouse/.test(l)) return 'family';
  return undefined;
}

// Things clinicians say far more often than patients.
const CLINICIAN_CUES = /\b(?:exam|examine|prescribe|i'?m going to|i want you to|let'?s|any (?:pain|fever|chest)|how are you|what brings you|follow up|i'?ll order|diagnos|medication|take a listen|deep breath|results?|x-?ray|blood work|recommend)\b/g;

/** Given each generic speaker's text, the clinician scores highest; the speaker with most words among the rest is the patient. */
export function inferRoles(bySpeaker: Map<string, string[]>): Map<string, SpeakerRole> {
  const scores = [...bySpeaker].map(([speaker, lines]) => {
    const text = lines.join(' ').toLowerCase();
    const words = text.split(/\s+/).length || 1;
    const questions = (text.match(/\?/g) ?? []).length;
    const cues = (text.match(CLINICIAN_CUES) ?? []).length;
    return { speaker, words, score: (questions + 2 * cues) / Math.sqrt(words) };
  });
  const roles = new Map<string, SpeakerRole>();
  if (scores.length === 0) return roles;
  scores.sort((a, b) => b.score - a.score);
  roles.set(scores[0]!.speaker, 'clinician');
  const rest = scores.slice(1).sort((a, b) => b.words - a.words);
  rest.forEach((s, i) => roles.set(s.speaker, i === 0 ? 'patient' : 'family'));
  return roles;
}
