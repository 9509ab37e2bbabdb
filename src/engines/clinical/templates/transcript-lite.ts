// A small transcript reader for template filling: speaker turns split into sentences,
// each with its character span in the submitted text (for evidence).
import type { Span } from '../../ports.ts';

export type Role = 'doctor' | 'patient' | 'other';

export interface Utterance {
  text: string;
  span: Span;
  role: Role;
  turn: number;
  question: boolean;
}

const LABEL = /^\s*(?:\[?\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?\]?\s*)?(?:\[([a-z_ ]+)\]|([A-Za-z][A-Za-z_. ]{0,24}?\s*\d{0,2})\s*:)\s*/i;

function roleOf(label: string): Role | string {
  const l = label.toLowerCase().replace(/[_.]/g, ' ').trim();
  if (/^(?:doctor|dr|d|physician|provider|clinician|nurse|np|pa|md|clinician)\b/.test(l) || l === 'd') return 'doctor';
  if (/^(?:patient|pt|p)\b/.test(l) || l === 'p') return 'patient';
  if (/guest|family|mother|father|parent|wife|husband|caregiver/.test(l)) return 'other';
  return l; // generic ("speaker 1"): resolved after reading all turns
}

interface RawTurn {
  label: string | Role;
  start: number;
  end: number;
}

/** Splits a transcript into sentences with spans and speaker roles. */
export function readTranscript(text: string): Utterance[] {
  const turns: RawTurn[] = [];
  let offset = 0;
  for (const line of text.split('\n')) {
    const lineStart = offset;
    offset += line.length + 1;
    if (!line.trim() || /^WEBVTT|^\d+$|-->/.test(line.trim())) continue;
    const m = LABEL.exec(line);
    if (m && (m[1] || m[2])) {
      turns.push({ label: roleOf((m[1] ?? m[2])!), start: lineStart + m[0].length, end: lineStart + line.length });
    } else if (turns.length && turns[turns.length - 1]!.end === lineStart - 1 && !m) {
      turns[turns.length - 1]!.end = lineStart + line.length; // continuation line
    } else {
      turns.push({ label: 'unknown', start: lineStart, end: lineStart + line.length });
    }
  }
  // Generic labels: the speaker who asks more questions is taken as the clinician.
  const generic = [...new Set(turns.map((t) => t.label).filter((l) => l !== 'doctor' && l !== 'patient' && l !== 'other'))];
  const roles = new Map<string, Role>();
  if (generic.length) {
    const questions = new Map<string, number>();
    for (const t of turns) questions.set(t.label, (questions.get(t.label) ?? 0) + (text.slice(t.start, t.end).match(/\?/g)?.length ?? 0));
    const ranked = [...generic].sort((a, b) => (questions.get(b) ?? 0) - (questions.get(a) ?? 0));
    const hasDoctor = turns.some((t) => t.label === 'doctor');
    const hasPatient = turns.some((t) => t.label === 'patient');
    ranked.forEach((label, i) => {
      if (label === 'unknown' && generic.length === 1 && !hasDoctor && !hasPatient) roles.set(label, 'other');
      else roles.set(label, i === 0 && !hasDoctor ? 'doctor' : !hasPatient && i === 1 ? 'patient' : 'other');
    });
  }
  const out: Utterance[] = [];
  turns.forEach((turn, index) => {
    const role = (roles.get(turn.label) ?? turn.label) as Role;
    const body = text.slice(turn.start, turn.end);
    const re = /[^.?!]+(?:[.?!]+|$)/g;
    for (let m = re.exec(body); m; m = re.exec(body)) {
      const raw = m[0];
      const lead = raw.length - raw.trimStart().length;
      const trimmed = raw.trim();
      if (!/[a-z0-9]/i.test(trimmed)) continue;
      const start = turn.start + m.index + lead;
      out.push({ text: trimmed, span: { start, end: start + trimmed.length }, role, turn: index, question: trimmed.endsWith('?') });
    }
  });
  return out;
}
