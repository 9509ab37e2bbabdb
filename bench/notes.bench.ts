// SOAP note benchmark on ACI-bench train + valid (87 visits): ROUGE-1/2/Lsum against the
// reference notes, medication, vital-sign and drug-allergy precision/recall (drugs a reference
// lists as allergies are not expected medications), ungrounded facts, latency and
// memory. Prints numbers and tables only (no transcript or note text).
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { drugNamed } from '../src/engines/clinical/visit/index.ts';
import { generateSoapNote } from '../src/engines/clinical/soap/index.ts';
import { spokenNumbersToDigits, vitalsIn, type Vitals } from '../src/engines/clinical/numbers/index.ts';
import { parseCsv } from '../scripts/lib/csv.ts';
import { rouge } from './lib/rouge.ts';
import { tokenF1 } from './lib/token-f1.ts';

const DATA = new URL('../../shared/data/aci-bench/challenge_data/', import.meta.url);

interface Visit { id: string; split: string; subset: string; dialogue: string; note: string; gender?: string; }

function load(split: string): Visit[] {
  const rows = parseCsv(readFileSync(new URL(`${split}.csv`, DATA), 'utf8')).slice(1).filter((r) => r.length >= 4);
  const meta = parseCsv(readFileSync(new URL(`${split}_metadata.csv`, DATA), 'utf8'));
  const head = meta[0]!;
  const gender = new Map(meta.slice(1).map((r) => [r[head.indexOf('encounter_id')], r[head.indexOf('patient_gender')]]));
  return rows.map((r) => ({ split, subset: r[0]!, id: r[1]!, dialogue: r[2]!, note: r[3]!, gender: gender.get(r[1]!) }));
}

function drugs(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.toLowerCase().matchAll(/[a-z][a-z-]+/g)) { const d = drugNamed(m[0], []); if (d) out.add(d.toLowerCase()); }
  return out;
}

/** The reference note split into what it lists under ALLERGIES (and allergy or drug-reaction sentences) and the rest. */
function allergyLines(note: string): { allergies: string; rest: string } {
  const allergies: string[] = [];
  const rest: string[] = [];
  let inSection = false;
  for (const line of note.split('\n')) {
    if (/^[A-Z][A-Z ,&/]+$/.test(line.trim())) inSection = line.trim() === 'ALLERGIES';
    for (const sentence of line.split(/(?<=\.)\s+/)) (inSection || /\ballerg|\breactions? to\b|\b(?:causes?|gives?|gave)\b.{0,30}\b(?:itch\w*|rash\w*|hives|swelling|anaphylaxis)\b/i.test(sentence) ? allergies : rest).push(sentence);
  }
  return { allergies: allergies.join('\n'), rest: rest.join('\n') };
}

function vitals(text: string): Set<string> {
  const out = new Set<string>();
  for (const line of text.split(/\n|(?<=\.)\s/)) {
    for (const [k, v] of Object.entries(vitalsIn(spokenNumbersToDigits(line.toLowerCase())))) out.add(`${k}=${(v as string).split(' ')[0]}`);
  }
  return out;
}

const pct = (x: number): string => (100 * x).toFixed(1);
const visits = [...load('train'), ...load('valid')];

// Warm-up (lexicon loading) is reported separately from per-visit latency.
const t0 = performance.now();
generateSoapNote({ transcript: visits[0]!.dialogue, noteType: { type: 'soap' } });
const firstCall = performance.now() - t0;

const times: number[] = [];
let peakRss = process.memoryUsage().rss;
const sums = new Map<string, { n: number; r1: number; r2: number; rl: number }>();
const counts = { allTp: 0, allFp: 0, allFn: 0, allergenAsMedication: 0, medTp: 0, medFp: 0, medFn: 0, vitTp: 0, vitFp: 0, vitFn: 0, ungrounded: 0, statements: 0, withoutEvidence: 0, ccVisits: 0, ccF1: 0, ccExact: 0 };
for (const v of visits) {
  const start = performance.now();
  const note = generateSoapNote({ transcript: v.dialogue, noteType: { type: 'soap' }, patientInfo: v.gender ? { gender: v.gender } : undefined });
  times.push(performance.now() - start);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);

  const r = rouge(note.markdown, v.note);
  for (const key of ['all', v.split, v.subset]) {
    const s = sums.get(key) ?? { n: 0, r1: 0, r2: 0, rl: 0 };
    s.n++; s.r1 += r.rouge1; s.r2 += r.rouge2; s.rl += r.rougeLsum;
    sums.set(key, s);
  }

  // Medications and vitals: the note's JSON against what the reference note names.
  const json = note.json as { subjective?: { allergies?: { substance: string }[] }; plan?: { medications?: { name: string; dosage?: string }[] }; objective?: { vitalSigns?: Vitals }; evidence: { markdown: { spans: unknown[]; request?: string }[] } };
  const ours = new Set((json.plan?.medications ?? []).map((m) => m.name.toLowerCase()));
  // Drugs the reference lists as allergies are not medications it expects.
  const reference = allergyLines(v.note);
  const theirs = drugs(reference.rest);
  for (const d of ours) theirs.has(d) ? counts.medTp++ : counts.medFp++;
  for (const d of theirs) if (!ours.has(d)) counts.medFn++;
  // Allergy substances (drug names) against the reference's ALLERGIES section and allergy sentences.
  const ourAllergies = new Set<string>();
  for (const a of json.subjective?.allergies ?? []) for (const d of drugs(a.substance)) ourAllergies.add(d);
  const theirAllergies = drugs(reference.allergies);
  for (const d of ourAllergies) theirAllergies.has(d) ? counts.allTp++ : counts.allFp++;
  for (const d of theirAllergies) if (!ourAllergies.has(d)) counts.allFn++;
  for (const d of ours) if (theirAllergies.has(d)) counts.allergenAsMedication++;
  const ourVitals = new Set(Object.entries(json.objective?.vitalSigns ?? {}).map(([k, val]) => `${k}=${(val as string).split(' ')[0]}`));
  const refVitals = vitals(v.note);
  for (const x of ourVitals) refVitals.has(x) ? counts.vitTp++ : counts.vitFp++;
  for (const x of refVitals) if (!ourVitals.has(x)) counts.vitFn++;

    // Chief complaint: the note's against the reference's CHIEF COMPLAINT / CC line, where it has one.
  const refCc = v.note.match(/^(?:CHIEF COMPLAINT|CC)\s*:?\s*\n+([^\n]+)/im)?.[1]?.trim();
  if (refCc) {
    const ourCc = (json as { subjective?: { chiefComplaint?: string } }).subjective?.chiefComplaint ?? '';
    counts.ccVisits++;
    counts.ccF1 += tokenF1(ourCc, refCc);
    if (tokenF1(ourCc, refCc) === 1) counts.ccExact++;
  }

  // Ungrounded: a drug, dose or vital number the transcript never said, or a statement without evidence.
  const said = spokenNumbersToDigits(v.dialogue.toLowerCase());
  for (const m of json.plan?.medications ?? []) {
    if (!said.includes(m.name.toLowerCase())) counts.ungrounded++;
    const dose = m.dosage?.split(' ')[0];
    if (dose && !said.includes(dose)) counts.ungrounded++;
  }
  for (const val of Object.values(json.objective?.vitalSigns ?? {})) for (const n of (val as string).match(/\d+(?:\.\d+)?/g) ?? []) if (!said.includes(n)) counts.ungrounded++;
  for (const e of json.evidence.markdown) { counts.statements++; if (!e.spans.length && !e.request) counts.withoutEvidence++; }
}
times.sort((a, b) => a - b);
const q = (p: number): number => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;

console.log(`\n### SOAP notes vs ACI-bench reference notes (train + valid, ${visits.length} visits)\n`);
console.log('| split / subset | visits | ROUGE-1 | ROUGE-2 | ROUGE-Lsum |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const [key, s] of sums) console.log(`| ${key} | ${s.n} | ${pct(s.r1 / s.n)} | ${pct(s.r2 / s.n)} | ${pct(s.rl / s.n)} |`);
const prf = (tp: number, fp: number, fn: number): string => `${pct(tp / Math.max(1, tp + fp))} | ${pct(tp / Math.max(1, tp + fn))}`;
console.log('\n| facts | precision | recall |');
console.log('| --- | ---: | ---: |');
console.log(`| medications (names) | ${prf(counts.medTp, counts.medFp, counts.medFn)} |`);
console.log(`| vital signs (kind=value) | ${prf(counts.vitTp, counts.vitFp, counts.vitFn)} |`);
console.log(`| drug allergies (names; ${counts.allTp + counts.allFn} in references) | ${prf(counts.allTp, counts.allFp, counts.allFn)} |`);
console.log(`\n| chief complaint (${counts.ccVisits} references with a CC line) | value |`);
console.log('| --- | ---: |');
console.log(`| mean token F1 | ${pct(counts.ccF1 / Math.max(1, counts.ccVisits))} |`);
console.log(`| same words | ${counts.ccExact}/${counts.ccVisits} |`);
console.log('\n| grounding | count |');
console.log('| --- | ---: |');
console.log(`| ungrounded drugs/doses/vitals | ${counts.ungrounded} |`);
console.log(`| allergens listed as medications | ${counts.allergenAsMedication} |`);
console.log(`| markdown sentences | ${counts.statements} |`);
console.log(`| markdown sentences without evidence | ${counts.withoutEvidence} |`);
console.log('\n| latency / memory | value |');
console.log('| --- | ---: |');
console.log(`| first call (loads lexicons) | ${firstCall.toFixed(0)} ms |`);
console.log(`| p50 per visit | ${q(0.5).toFixed(1)} ms |`);
console.log(`| p99 per visit | ${q(0.99).toFixed(1)} ms |`);
console.log(`| peak RSS | ${(peakRss / 1048576).toFixed(0)} MB |`);
