// Reads a visit transcript in any supported format into turns and sentences with spans.
import type { Span } from '../../ports.ts';
import { AT_CLAUSES, AT_MARKERS, splitSentences } from '../context/index.ts';
import { cleanUtterance } from '../language/fillers.ts';
import { isQuestion } from '../language/discourse.ts';
import { isSectionHeading } from '../language/headings.ts';
import { addressesListener, addressRatio, CLINICIAN_TALK, inferRoles, roleFromLabel, saysEnough } from './roles.ts';
import { splitAssessmentSlip } from './slips.ts';
import type { Sentence, SpeakerRole, Transcript, Turn } from './types.ts';

interface RawTurn {
  label: string;
  span: Span;
  /** Transcription JSON only: each word's text and span (its value inside the JSON). */
  words?: { word: string; span: Span }[];
}

// "[00:01:02] Doctor: …", "Speaker 1: …", "D: …", "[doctor] …", "[patient_guest] …".
const LABELLED = /^[ \t]*(?:\[?\(?\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d+)?\)?\]?[ \t]*)?(?:\[([A-Za-z][A-Za-z_ ]{0,30})\]|([A-Za-z][A-Za-z_.\- ]{0,24}?[ \t]*\d{0,2})[ \t]*:(?!\d))[ \t]*/;
const VTT_VOICE = /^<v(?:\.[^ >]*)?\s+([^>]+)>/;

/**
 * A note's section heading ("VS: 98.9 F, 84…", "Assessment: …") labels no speaker: the line is part of the
 * dictation or turn it sits in. A role label that is also a heading ("P:") stays a speaker.
 */
const headsSection = (label: string): boolean => isSectionHeading(label.trim()) && roleFromLabel(label.trim()) === undefined;

function labelledTurns(text: string): RawTurn[] | undefined {
  const turns: RawTurn[] = [];
  let offset = 0;
  let labelled = 0;
  let lines = 0;
  for (const line of text.split('\n')) {
    const lineStart = offset;
    offset += line.length + 1;
    if (!line.trim()) continue;
    lines++;
    const m = LABELLED.exec(line);
    const label = m?.[1] ?? m?.[2];
    if (m && label && label.trim().split(/\s+/).length <= 3 && !headsSection(label)) {
      labelled++;
      turns.push(...inlineTurns(line, lineStart, label.trim(), m[0].length));
    } else if (turns.length > 0) {
      // A continuation line belongs to the previous turn.
      turns[turns.length - 1]!.span.end = lineStart + line.replace(/\s+$/, '').length;
    } else {
      turns.push({ label: '', span: { start: lineStart, end: lineStart + line.length } });
    }
  }
  return labelled >= Math.max(1, lines * 0.3) ? turns : undefined;
}

// A bracketed role label inside a line ("… okay . [patient] yes …"): some ASR exports put a whole visit on one line.
// …or a "Doctor:" label after a sentence's end ("… have? Doctor: Well, …"): a translated dialogue's line runs on likewise.
const INLINE_LABEL = /\[([A-Za-z][A-Za-z_ ]{0,30})\]|(?<=[.?!][ \t]{1,3})([A-Z][A-Za-z_]{1,24}(?:[ _]?\d)?)[ \t]*:(?=[ \t])/g;

/** One labelled line as turns: its own label's, then one more at each bracketed label that names a role. */
function inlineTurns(line: string, lineStart: number, label: string, bodyStart: number): RawTurn[] {
  const end = line.replace(/\s+$/, '').length;
  const turns: RawTurn[] = [{ label, span: { start: lineStart + bodyStart, end: lineStart + end } }];
  for (const m of line.slice(bodyStart, end).matchAll(INLINE_LABEL)) {
    const name = (m[1] ?? m[2])!.trim();
    if (!roleFromLabel(name)) continue;
    const at = bodyStart + m.index!;
    const prev = turns[turns.length - 1]!;
    prev.span.end = lineStart + line.slice(0, at).trimEnd().length;
    const after = at + m[0].length;
    const start = after + (line.slice(after).length - line.slice(after).trimStart().length);
    turns.push({ label: name, span: { start: lineStart + start, end: lineStart + end } });
  }
  return turns.filter((t) => t.span.end > t.span.start);
}

function webvttTurns(text: string): RawTurn[] {
  const turns: RawTurn[] = [];
  let offset = 0;
  let inCue = false;
  for (const line of text.split('\n')) {
    const lineStart = offset;
    offset += line.length + 1;
    const t = line.trim();
    if (t.includes('-->')) { inCue = true; continue; }
    if (!t) { inCue = false; continue; }
    if (!inCue) continue;
    let start = lineStart + line.indexOf(t);
    let label = '';
    const v = VTT_VOICE.exec(t);
    if (v) { label = v[1]!.trim(); start += v[0].length; }
    else {
      const m = LABELLED.exec(t);
      if (m && (m[1] ?? m[2])) { label = (m[1] ?? m[2])!.trim(); start += m[0].length; }
    }
    const end = lineStart + line.replace(/(?:<\/v>)?\s*$/, '').length;
    const prev = turns[turns.length - 1];
    if (prev && (label === '' || label === prev.label) && !v) prev.span.end = end;
    else turns.push({ label, span: { start, end } });
  }
  return turns;
}

/** A pasted transcription result: each word located at its "word" value inside the JSON text. */
function transcriptionTurns(text: string): RawTurn[] | undefined {
  let parsed: unknown;
  try { parsed = JSON.parse(text); } catch { return undefined; }
  const channels = (parsed as { channels?: { words?: { word?: string; speaker?: number }[] }[] })?.channels;
  if (!Array.isArray(channels)) return undefined;
  const turns: RawTurn[] = [];
  const wordRe = /"word"\s*:\s*"((?:[^"\\]|\\.)*)"/g;
  channels.forEach((channel, c) => {
    for (const w of channel.words ?? []) {
      const m = wordRe.exec(text);
      if (!m) return;
      const start = m.index + m[0].length - 1 - m[1]!.length;
      const span = { start, end: start + m[1]!.length };
      const label = `speaker ${channels.length > 1 ? c : (w.speaker ?? 0)}`;
      const word = JSON.parse(`"${m[1]}"`) as string;
      const prev = turns[turns.length - 1];
      if (prev && prev.label === label) { prev.span.end = span.end; prev.words!.push({ word, span }); }
      else turns.push({ label, span, words: [{ word, span }] });
    }
  });
  return turns.length ? turns : undefined;
}

/** Sentence spans inside one turn; long unpunctuated ASR runs are cut at discourse markers, then at clause openers. */
function splitTurnSentences(text: string, span: Span): Span[] {
  return splitSentences(text.slice(span.start, span.end), [AT_MARKERS, AT_CLAUSES])
    .map((s) => ({ start: span.start + s.start, end: span.start + s.end }));
}

/** Transcription JSON: sentences are runs of words ending in . ? !; the span covers their values. */
function wordSentences(words: { word: string; span: Span }[]): { span: Span; said: string }[] {
  const out: { span: Span; said: string }[] = [];
  let run: typeof words = [];
  const flush = (): void => {
    if (run.length) out.push({ span: { start: run[0]!.span.start, end: run[run.length - 1]!.span.end }, said: run.map((w) => w.word).join(' ') });
    run = [];
  };
  for (const w of words) {
    run.push(w);
    if (/[.?!]$/.test(w.word)) flush();
  }
  flush();
  return out;
}

/**
 * ASR diarisation sometimes swaps the doctor and patient tags for a whole visit. When the
 * speaker tagged "patient" behaves far more like the clinician (questions, exam and plan talk)
 * the tags are read the other way round — once each side has said enough to tell (roles.ts
 * saysEnough): in an excerpt of a few turns, one question back from the patient or a "let's
 * try that" outweighs a doctor who asks little (dev coding-snippets cs43, coding-visits cv34,
 * MTS-Dialog mts-train-25 and mts-train-1112 were all read swapped), while every dev visit
 * that is swapped runs to thousands of characters (ACI-bench D2N032, D2N034, D2N038, …).
 */
function labelsSwapped(raw: RawTurn[], text: string): boolean {
  const byRole = new Map<string, string[]>();
  for (const t of raw) {
    const r = roleFromLabel(t.label);
    if (r !== 'clinician' && r !== 'patient') continue;
    const lines = byRole.get(r) ?? [];
    lines.push(text.slice(t.span.start, t.span.end));
    byRole.set(r, lines);
  }
  if (byRole.size !== 2 || ![...byRole.values()].every(saysEnough)) return false;
  return (inferRoles(byRole).get('patient') === 'clinician' && clinicianMargin(byRole) > 2) || addressSwapped(byRole);
}

// The "patient" must say "you" for "I" this many times as often as the "doctor" does: unswapped
// visits stay under 0.7, swapped ones are over 2.9 (speakers.json `address`).
const ADDRESS_SWAP = 2;

/** The "patient" speaks to the listener and the "doctor" about themselves: the clinician is the one addressing. */
function addressSwapped(byRole: Map<string, string[]>): boolean {
  const patient = addressRatio(byRole.get('patient')!);
  const clinician = addressRatio(byRole.get('clinician')!);
  return patient !== undefined && clinician !== undefined && patient > 1 && patient > ADDRESS_SWAP * clinician;
}

function clinicianMargin(byRole: Map<string, string[]>): number {
  const cues = (lines: string[]): number => {
    const t = lines.join(' ').toLowerCase();
    return (t.match(CLINICIAN_TALK) ?? []).length / Math.sqrt(t.split(' ').length + 1);
  };
  return cues(byRole.get('patient')!) / Math.max(0.01, cues(byRole.get('clinician')!));
}

/** A turn as the transcript gives it, with its speaker's role: no sentences yet. */
export interface RoleTurn extends RawTurn { role: SpeakerRole }

/** The transcript's turns and each speaker's role (labels, generic speakers inferred, swapped labels): all the coder needs. */
export function readTurns(text: string): { format: Transcript['format']; turns: RoleTurn[] } {
  const trimmed = text.trimStart();
  let format: Transcript['format'];
  let raw: RawTurn[];
  const json = trimmed.startsWith('{') ? transcriptionTurns(text) : undefined;
  if (json) { raw = json; format = 'transcription-json'; }
  else if (/^WEBVTT/.test(trimmed)) { raw = webvttTurns(text); format = 'webvtt'; }
  else {
    const l = labelledTurns(text);
    if (l) { raw = l; format = 'labelled'; }
    else { raw = [{ label: '', span: { start: 0, end: text.length } }]; format = 'unlabelled'; }
  }

  // Roles: explicit labels first, generic ones inferred from what each speaker said.
  const generic = new Map<string, string[]>();
  for (const t of raw) if (!roleFromLabel(t.label)) {
    const list = generic.get(t.label) ?? [];
    list.push(text.slice(t.span.start, t.span.end));
    generic.set(t.label, list);
  }
  const explicit = raw.some((t) => roleFromLabel(t.label) === 'clinician');
  const inferred = format === 'unlabelled' || (generic.size === 1 && generic.has('')) ? new Map<string, SpeakerRole>() : inferRoles(generic);
  const swapped = labelsSwapped(raw, text);
  const roleOf = (label: string): SpeakerRole => {
    let r = roleFromLabel(label);
    if (swapped && r === 'clinician') r = 'patient';
    else if (swapped && r === 'patient') r = 'clinician';
    if (r) return r;
    if (explicit && inferred.get(label) === 'clinician') return 'family';
    return inferred.get(label) ?? 'unknown';
  };
  const turns = raw.map((t) => ({ ...t, role: roleOf(t.label) }));
  // Only labelled turns can be mislabelled; a transcription JSON's words keep their own spans.
  if (format !== 'labelled') return { format, turns };
  // A patient-tagged turn that addresses the listener throughout is the clinician's (roles.ts addressesListener).
  const readAgain = (t: RoleTurn): RoleTurn => (t.role === 'patient' && addressesListener(text.slice(t.span.start, t.span.end)) ? { ...t, role: 'clinician' } : t);
  return { format, turns: turns.flatMap((t) => splitAssessmentSlip(text, t)).map(readAgain) };
}

export function readTranscript(text: string): Transcript {
  const { format, turns: raw } = readTurns(text);
  const turns: Turn[] = [];
  const sentences: Sentence[] = [];
  for (const rt of raw) {
    const { role } = rt;
    const turn: Turn = { label: rt.label, role, span: rt.span, sentences: [] };
    const index = turns.length;
    const pieces = rt.words ? wordSentences(rt.words) : splitTurnSentences(text, rt.span).map((span) => ({ span, said: text.slice(span.start, span.end) }));
    for (const { span, said } of pieces) {
      const clean = cleanUtterance(said.replace(/\s+/g, ' '));
      if (!/[a-z0-9]/i.test(clean)) continue;
      const s: Sentence = { span, text: clean, role, turn: index, question: isQuestion(said) };
      turn.sentences.push(s);
      sentences.push(s);
    }
    turns.push(turn);
  }
  return { turns, sentences, format };
}
