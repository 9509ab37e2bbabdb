// Template-note wording over the shared voice and tidy: tone, contractions and lay-to-technical words.
// The meaning and the words stay the transcript's own, so every statement remains traceable to its span.
import { readFileSync } from 'node:fs';
import { clinicianToNote, patientToThird, sentenceCase, THEY, tidy, type Voice } from '../language/index.ts';
import { spokenNumbersToDigits } from '../numbers/index.ts';
import type { SpeakerRole } from '../transcript/index.ts';
import { escapeRegExp as escape } from '../language/data.ts';
import { spelledOut } from '../language/written.ts';

interface RewriteData {
  layToTechnical: Record<string, string>;
}

const data = JSON.parse(readFileSync(new URL('../../../../data/templates/rewrite.json', import.meta.url), 'utf8')) as RewriteData;

const LAY = Object.entries(data.layToTechnical).sort((a, b) => b[0].length - a[0].length);

export function applyTone(text: string, tone: string | undefined): string {
  const t = (tone ?? '').toLowerCase();
  let out = text;
  if (/formal|technical|clinical|professional/.test(t)) {
    out = spelledOut(out);
  }
  if (/technical|clinical/.test(t)) {
    for (const [lay, technical] of LAY) out = out.replace(new RegExp(`\\b${escape(lay)}\\b`, 'gi'), technical);
  }
  if (/instruction/.test(t)) {
    // "I want the patient to ice the knee" → "Ice the knee".
    out = out
      .replace(/^(?:I (?:want|would like|need)|we (?:want|would like|need)) (?:the patient|them) to\s+/i, '')
      .replace(/^(?:the patient|they) (?:should|needs? to|must|will need to|can)\s+/i, '')
      .replace(/^(?:make sure|be sure)(?: that)? (?:the patient|they)\s+/i, '')
      .replace(/^please\s+/i, '');
  }
  return sentenceCase(out);
}

/** Turns a transcript sentence into a note sentence; the patient is named when the sentence opens with them. */
export function rewriteSentence(text: string, role: SpeakerRole, tone?: string, voice: Voice = THEY): string {
  const t = spokenNumbersToDigits(tidy(text)).replace(/(\d) ?milligrams?\b/gi, '$1 mg');
  if (!t) return '';
  return applyTone(role === 'patient' ? patientToThird(t, voice, { nameFirst: true }) : clinicianToNote(t, voice, { nameFirst: true }), tone);
}
