// Shared by the speech scripts and the speech bench: reading the public dialogue corpora
// (ACI-bench CSV, MTS-Dialog CSV, PriMock57 TextGrid) and turning their written text into
// the words a speaker says ("7.2" → "seven point two", "do n't" → "don't"), lower-case, as
// the CMU dictionary spells them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv } from '../lib/csv.ts';

export const SHARED_DATA = new URL('../../../shared/data/', import.meta.url).pathname;

export interface Turn {
  /** doctor, patient, patient_guest, … as the corpus labels them. */
  role: string;
  text: string;
}

export interface Dialogue {
  id: string;
  turns: Turn[];
}

/** ACI-bench challenge split (train or valid): `[doctor] …` lines per encounter. */
export function loadAciBench(split: 'train' | 'valid'): Dialogue[] {
  const path = join(SHARED_DATA, 'aci-bench/challenge_data', `${split}.csv`);
  const rows = parseCsv(readFileSync(path, 'utf8')).slice(1).filter((r) => r.length >= 4);
  return rows.map((r) => ({ id: r[1], turns: parseTaggedTurns(r[2]) }));
}

export function parseTaggedTurns(dialogue: string): Turn[] {
  const turns: Turn[] = [];
  for (const line of dialogue.split(/\r?\n/)) {
    const match = /^\s*\[([a-z_]+)\]\s*(.*)$/i.exec(line);
    if (match) turns.push({ role: match[1].toLowerCase(), text: match[2] });
    else if (line.trim() && turns.length) turns[turns.length - 1].text += ` ${line.trim()}`;
  }
  return turns;
}

/** MTS-Dialog dialogues ("Doctor: …" / "Patient: …" / "Guest_family: …" lines). */
export function loadMtsDialog(split: 'train' | 'valid' = 'train'): Dialogue[] {
  const path = join(SHARED_DATA, 'mts-dialog', split === 'train' ? 'MTS-Dialog-TrainingSet.csv' : 'MTS-Dialog-ValidationSet.csv');
  const rows = parseCsv(readFileSync(path, 'utf8'));
  const head = rows[0];
  const col = head.indexOf('dialogue');
  return rows.slice(1).filter((r) => r.length > col).map((r, i) => ({
    id: `mts-${split}-${i}`,
    turns: r[col]
      .split(/\r?\n/)
      .map((line) => /^\s*(doctor|patient|guest_family|guest_clinician)[^:]*:\s*(.*)$/i.exec(line))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => ({ role: m[1].toLowerCase().replace(/^guest_.*/, 'patient_guest'), text: m[2] })),
  }));
}

/** PriMock57 consultations: both channels' TextGrid utterances merged in time order. */
export function loadPrimock(): Dialogue[] {
  const dir = join(SHARED_DATA, 'primock57/transcripts');
  const names = readdirSync(dir).filter((f) => f.endsWith('_doctor.TextGrid'));
  return names.map((name) => {
    const id = name.replace('_doctor.TextGrid', '');
    const utterances: { at: number; turn: Turn }[] = [];
    for (const role of ['doctor', 'patient']) {
      const text = readFileSync(join(dir, `${id}_${role}.TextGrid`), 'utf8');
      for (const m of text.matchAll(/xmin = ([\d.]+)\s*\r?\n\s*xmax = [\d.]+\s*\r?\n\s*text = "((?:[^"]|"")*)"/g)) {
        const spoken = m[2].replace(/""/g, '"').replace(/<UNIN\/>/g, ' ').replace(/<\/?UNSURE>/g, ' ').trim();
        if (spoken) utterances.push({ at: Number(m[1]), turn: { role, text: spoken } });
      }
    }
    utterances.sort((a, b) => a.at - b.at);
    return { id, turns: utterances.map((u) => u.turn) };
  });
}

const ONES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** Words for a whole number below a billion ("one hundred twenty", American style). */
export function numberWords(n: number): string[] {
  if (!Number.isInteger(n) || n < 0 || n >= 1e9) return String(n).split('').map((d) => ONES[Number(d)] ?? d);
  if (n < 20) return [ONES[n]];
  if (n < 100) return n % 10 ? [TENS[Math.floor(n / 10)], ONES[n % 10]] : [TENS[n / 10]];
  if (n < 1000) return [ONES[Math.floor(n / 100)], 'hundred', ...(n % 100 ? numberWords(n % 100) : [])];
  if (n < 1e6) return [...numberWords(Math.floor(n / 1000)), 'thousand', ...(n % 1000 ? numberWords(n % 1000) : [])];
  return [...numberWords(Math.floor(n / 1e6)), 'million', ...(n % 1e6 ? numberWords(n % 1e6) : [])];
}

const CLITIC = /^(n't|'s|'re|'ll|'ve|'m|'d)$/;
const SYMBOLS: Record<string, string[]> = { '%': ['percent'], '&': ['and'], '+': ['plus'], '/': ['over'], '=': ['equals'] };

/** One written token → spoken words (may be none, e.g. for punctuation). */
function spokenToken(token: string): string[] {
  const t = token.toLowerCase();
  const out: string[] = [];
  if (/^\d+(st|nd|rd|th)$/.test(t)) return numberWords(Number(t.replace(/\D/g, '')));
  // Numbers with decimals, fractions ("120/80") and ordinals.
  for (const piece of t.split(/(?<=\d)(?=[a-z%])|(?<=[a-z])(?=\d)|([/%&+=])/).filter(Boolean)) {
    if (SYMBOLS[piece]) out.push(...SYMBOLS[piece]);
    else if (/^\d+(\.\d+)?$/.test(piece)) {
      const [whole, frac] = piece.split('.');
      out.push(...numberWords(Number(whole)));
      if (frac) out.push('point', ...frac.split('').map((d) => ONES[Number(d)]));
    } else out.push(...piece.replace(/[^a-z']+/g, ' ').split(' ').map((w) => w.replace(/^'+|'+$/g, '')).filter(Boolean));
  }
  return out;
}

/** Written text → the words spoken, lower-case, clitics joined ("do n't" → "don't"). */
export function spokenWords(text: string): string[] {
  const words: string[] = [];
  const tokens = text
    .replace(/[“”"]/g, ' ')
    .replace(/[’‘]/g, "'")
    .split(/\s+/)
    .filter(Boolean);
  for (const token of tokens) {
    const t = token.toLowerCase();
    if (CLITIC.test(t) && words.length) {
      words[words.length - 1] += t;
      continue;
    }
    words.push(...spokenToken(t));
  }
  return words.filter((w) => /[a-z]/.test(w));
}

/** Text for a speech synthesiser: the spoken words with sentence punctuation kept for prosody. */
export function speakableText(text: string): string {
  const sentences = text.replace(/\s+([.?!,])/g, '$1').split(/(?<=[.?!])\s+/);
  return sentences
    .map((s) => {
      const mark = /[.?!]\s*$/.exec(s)?.[0].trim() ?? '';
      const words = spokenWords(s.replace(/[.?!]\s*$/, ''));
      return words.length ? words.join(' ') + (mark || '.') : '';
    })
    .filter(Boolean)
    .join(' ');
}
