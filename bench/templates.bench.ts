// Note templates bench: round trips on ACI-bench (CC BY 4.0, /work/shared/data/aci-bench).
// 1. Generation: a template from 3 reference notes of ACI-bench train (per subset, which
//    stands for one clinician's house style); heading recall/precision against the sample
//    notes' headings and against held-out notes of the same subset (valid split).
// 2. Filling: each template filled from the valid-split transcripts of its subset; ROUGE
//    against the reference notes, next to a headings-only floor.
// 3. Latency of generation and filling.
// 4. Refinement: scripted instructions and before/after pairs (bench/data/template-refinement.json).
// Prints only numbers and tables.
import { readFileSync } from 'node:fs';
import type { HeadingSection, NoteTemplate, TemplateSection } from '../src/engines/ports.ts';
import { normaliseHeading } from '../src/engines/clinical/templates/catalog.ts';
import { createEmbeddedTemplateEngine, fillTemplate, noteHeadings, validateTemplate } from '../src/engines/clinical/templates/index.ts';
import { DETAIL_LEVELS, detailOf } from '../src/engines/clinical/templates/build.ts';
import { rouge, type RougeScores } from './lib/rouge-lite.ts';
import { csvRecords } from '../scripts/lib/csv.ts';
import { sharedData } from '../scripts/lib/shared-data.ts';

const DATA = `${sharedData()}/aci-bench/challenge_data`;
const TRIPLES_PER_SUBSET = 4;

interface Encounter {
  dataset: string;
  id: string;
  dialogue: string;
  note: string;
  /** patient_gender from the metadata: what a caller sends as patientInfo.gender. */
  gender?: string;
}


function load(split: string): Encounter[] {
  const gender = new Map(csvRecords(readFileSync(`${DATA}/${split}_metadata.csv`, 'utf8')).map((m) => [m.encounter_id!, m.patient_gender!]));
  return csvRecords(readFileSync(`${DATA}/${split}.csv`, 'utf8')).map((r) => ({ dataset: r.dataset!, id: r.encounter_id!, dialogue: r.dialogue!, note: r.note!, gender: gender.get(r.encounter_id!) }));
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
}

function templateHeadings(t: NoteTemplate): string[] {
  return t.sections.filter((s): s is HeadingSection => s.type === 'heading').map((s) => s.properties.text);
}

function overlap(template: string[], reference: string[]): { recall: number; precision: number } {
  const t = new Set(template.map(normaliseHeading));
  const r = new Set(reference.map(normaliseHeading));
  let hit = 0;
  for (const h of r) if (t.has(h)) hit++;
  return { recall: r.size ? hit / r.size : 1, precision: t.size ? hit / t.size : 1 };
}

const engine = createEmbeddedTemplateEngine();
const train = load('train');
const valid = load('valid');
const subsets = [...new Set(train.map((e) => e.dataset))].sort();

// ------------------------------------------------------------------ generation + filling
const genRows: string[] = [];
const fillRows: string[] = [];
const genTimes: number[] = [];
const fillTimes: number[] = [];
const allGen = { sr: [] as number[], sp: [] as number[], hr: [] as number[], hp: [] as number[] };
const allFill: RougeScores[] = [];
const allFloor: RougeScores[] = [];
const allAnonymous: RougeScores[] = [];
const allDump: RougeScores[] = [];

for (const subset of subsets) {
  const notes = train.filter((e) => e.dataset === subset);
  const heldOut = valid.filter((e) => e.dataset === subset);
  const gen = { sr: [] as number[], sp: [] as number[], hr: [] as number[], hp: [] as number[] };
  const filled: RougeScores[] = [];
  const floor: RougeScores[] = [];
  const anonymous: RougeScores[] = [];
  const dump: RougeScores[] = [];
  let common = 0;
  for (let k = 0; k < TRIPLES_PER_SUBSET && (k + 1) * 3 <= notes.length; k++) {
    const samples = notes.slice(k * 3, k * 3 + 3);
    const t0 = performance.now();
    const { template, insights } = await engine.generate({ notes: samples.map((s) => ({ content: s.note })) });
    genTimes.push(performance.now() - t0);
    if (!validateTemplate(template).ok) throw new Error('generated template is invalid');
    common += (insights?.commonHeadings as string[]).length;
    const th = templateHeadings(template);
    const sampleOverlap = overlap(th, samples.flatMap((s) => noteHeadings(s.note)));
    gen.sr.push(sampleOverlap.recall);
    gen.sp.push(sampleOverlap.precision);
    for (const visit of heldOut) {
      const o = overlap(th, noteHeadings(visit.note));
      gen.hr.push(o.recall);
      gen.hp.push(o.precision);
      const f0 = performance.now();
      const note = fillTemplate(template, visit.dialogue, undefined, { gender: visit.gender });
      fillTimes.push(performance.now() - f0);
      filled.push(rouge(note.markdown, visit.note));
      anonymous.push(rouge(fillTemplate(template, visit.dialogue).markdown, visit.note));
      if (k === 0) dump.push(rouge(visit.dialogue, visit.note));
      floor.push(rouge(th.join('\n'), visit.note));
    }
  }
  const n = gen.sr.length;
  genRows.push(
    `| ${subset} | ${n} | ${pct(mean(gen.sr))} | ${pct(mean(gen.sp))} | ${pct(mean(gen.hr))} | ${pct(mean(gen.hp))} | ${(common / Math.max(1, n)).toFixed(1)} |`,
  );
  fillRows.push(
    `| ${subset} | ${filled.length} | ${mean(filled.map((r) => r.rouge1)).toFixed(3)} | ${mean(filled.map((r) => r.rouge2)).toFixed(3)} | ${mean(filled.map((r) => r.rougeL)).toFixed(3)} | ${mean(anonymous.map((r) => r.rouge1)).toFixed(3)} | ${mean(floor.map((r) => r.rouge1)).toFixed(3)} | ${mean(dump.map((r) => r.rouge1)).toFixed(3)} / ${mean(dump.map((r) => r.rougeL)).toFixed(3)} |`,
  );
  for (const key of ['sr', 'sp', 'hr', 'hp'] as const) allGen[key].push(...gen[key]);
  allFill.push(...filled);
  allFloor.push(...floor);
  allAnonymous.push(...anonymous);
  allDump.push(...dump);
}

console.log('### Template generation from 3 ACI-bench train notes (heading match after case/punctuation normalisation)\n');
console.log('| subset | templates | recall vs samples | precision vs samples | recall vs held-out notes | precision vs held-out notes | common headings |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const row of genRows) console.log(row);
console.log(`| **all** | ${allGen.sr.length} | ${pct(mean(allGen.sr))} | ${pct(mean(allGen.sp))} | ${pct(mean(allGen.hr))} | ${pct(mean(allGen.hp))} | |`);

console.log('\n### Filling generated templates from ACI-bench valid transcripts (ROUGE F1 vs reference notes)\n');
console.log('Filled with patientInfo.gender from the metadata (as a caller would send it); the next column fills without it; then the floor of a note holding only the headings, and the whole transcript pasted as the note (ROUGE-1 / ROUGE-L), a baseline any note writer should beat.\n');
console.log('| subset | notes | ROUGE-1 | ROUGE-2 | ROUGE-L | ROUGE-1 without gender | ROUGE-1 headings only | transcript as note R-1 / R-L |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const row of fillRows) console.log(row);
console.log(
  `| **all** | ${allFill.length} | ${mean(allFill.map((r) => r.rouge1)).toFixed(3)} | ${mean(allFill.map((r) => r.rouge2)).toFixed(3)} | ${mean(allFill.map((r) => r.rougeL)).toFixed(3)} | ${mean(allAnonymous.map((r) => r.rouge1)).toFixed(3)} | ${mean(allFloor.map((r) => r.rouge1)).toFixed(3)} | ${mean(allDump.map((r) => r.rouge1)).toFixed(3)} / ${mean(allDump.map((r) => r.rougeL)).toFixed(3)} |`,
);

console.log('\n### Latency (ms, this machine, one process, warm)\n');
console.log('| operation | runs | median | p95 |');
console.log('|---|---:|---:|---:|');
console.log(`| generate from 3 notes | ${genTimes.length} | ${quantile(genTimes, 0.5).toFixed(1)} | ${quantile(genTimes, 0.95).toFixed(1)} |`);
console.log(`| fill one note | ${fillTimes.length} | ${quantile(fillTimes, 0.5).toFixed(1)} | ${quantile(fillTimes, 0.95).toFixed(1)} |`);

// ------------------------------------------------------------------ refinement
interface Check {
  absent?: string;
  present?: string;
  after?: string;
  before?: string;
  heading?: string;
  type?: 'text' | 'list';
  list_type?: 'numeric' | 'bullet';
  detail_change?: number;
  max_sentences?: number;
  max_items?: number;
  tone?: string;
  first?: string;
  last?: string;
  bold_headings?: boolean;
  level?: number;
  hide_if_empty_all?: boolean;
  global_contains?: string;
}
interface Case {
  instructions?: string;
  note_comparison?: { before: string; after: string };
  checks: Check[];
  /** "tuned": used while writing the parser; "held-out": written afterwards, never tuned on. */
  set?: string;
}
const spec = JSON.parse(readFileSync(new URL('./data/template-refinement.json', import.meta.url), 'utf8')) as { baseNote: string; cases: Case[] };

const names = (t: NoteTemplate) => templateHeadings(t).map((h) => h.toLowerCase());
const indexOf = (t: NoteTemplate, h: string) => names(t).indexOf(h.toLowerCase());
function contentOf(t: NoteTemplate, h: string): Exclude<TemplateSection, HeadingSection> | undefined {
  const s = t.sections[indexOf(t, h)];
  return s?.type === 'heading' ? (s.children[0] as Exclude<TemplateSection, HeadingSection>) : undefined;
}
const detailIndex = (c: Exclude<TemplateSection, HeadingSection> | undefined) => DETAIL_LEVELS.indexOf(detailOf(c?.properties?.detail_level));

function holds(check: Check, t: NoteTemplate, base: NoteTemplate): boolean {
  if (check.absent !== undefined && indexOf(t, check.absent) >= 0) return false;
  if (check.present !== undefined) {
    const i = indexOf(t, check.present);
    if (i < 0) return false;
    if (check.after !== undefined && indexOf(t, check.after) !== i - 1) return false;
    if (check.before !== undefined && indexOf(t, check.before) !== i + 1) return false;
  }
  if (check.first !== undefined && names(t)[0] !== check.first.toLowerCase()) return false;
  if (check.last !== undefined && names(t).at(-1) !== check.last.toLowerCase()) return false;
  if (check.heading !== undefined) {
    const c = contentOf(t, check.heading);
    if (!c) return false;
    if (check.type && c.type !== check.type) return false;
    if (check.list_type === 'numeric' && c.properties?.list_type !== 'numeric') return false;
    if (check.list_type === 'bullet' && c.properties?.list_type === 'numeric') return false;
    if (check.max_sentences !== undefined && c.properties?.max_sentences !== check.max_sentences) return false;
    if (check.max_items !== undefined && c.properties?.max_items !== check.max_items) return false;
    if (check.tone !== undefined && c.properties?.tone !== check.tone) return false;
    if (check.detail_change !== undefined) {
      // Shorter means a lower detail level or a tighter sentence cap (a brief section can
      // only get a tighter cap); longer means a higher level or a cap lifted or raised.
      const was = contentOf(base, check.heading);
      const delta = detailIndex(c) - detailIndex(was);
      const cap = (x: typeof was) => {
        const p = x?.properties;
        return typeof p?.max_sentences === 'number' ? p.max_sentences : typeof p?.max_items === 'number' ? p.max_items : Infinity;
      };
      const capDelta = cap(c) - cap(was);
      const moved = check.detail_change < 0 ? delta < 0 || capDelta < 0 : delta > 0 || capDelta > 0;
      if (!moved) return false;
    }
  }
  const headings = t.sections.filter((s): s is HeadingSection => s.type === 'heading');
  if (check.bold_headings && !headings.every((h) => h.properties.bold)) return false;
  if (check.level !== undefined && !headings.every((h) => h.properties.level === check.level)) return false;
  if (check.hide_if_empty_all && !headings.every((h) => h.children.every((c) => c.type !== 'heading' && c.properties?.hideIfEmpty))) return false;
  if (check.global_contains !== undefined && !(t.global_prompt ?? '').toLowerCase().includes(check.global_contains)) return false;
  return true;
}

const tally = new Map<string, { ok: number; total: number }>();
const count = (key: string, ok: boolean) => {
  const t = tally.get(key) ?? { ok: 0, total: 0 };
  t.total++;
  if (ok) t.ok++;
  tally.set(key, t);
};
const refineTimes: number[] = [];
const failedCases: number[] = [];
for (const [i, c] of spec.cases.entries()) {
  const baseNote = c.note_comparison ? c.note_comparison.before : spec.baseNote;
  const base = (await engine.generate({ notes: [{ content: baseNote }] })).template;
  const t0 = performance.now();
  const { template } = await engine.refine({ template: base, instructions: c.instructions, note_comparison: c.note_comparison });
  refineTimes.push(performance.now() - t0);
  const ok = validateTemplate(template).ok && c.checks.every((check) => holds(check, template, base));
  count(`${c.note_comparison ? 'note_comparison before/after' : 'instructions'} (${c.set ?? 'tuned'})`, ok);
  count('**all**', ok);
  if (!ok) failedCases.push(i + 1);
}
console.log('\n### Refinement (scripted cases, bench/data/template-refinement.json)\n');
console.log('| kind | cases | applied correctly |');
console.log('|---|---:|---:|');
for (const [key, t] of [...tally.entries()].sort((a, b) => (a[0] === '**all**' ? 1 : b[0] === '**all**' ? -1 : a[0].localeCompare(b[0])))) {
  console.log(`| ${key} | ${t.total} | ${t.ok} (${pct(t.ok / t.total)}) |`);
}
console.log(`\nRefinement latency: median ${quantile(refineTimes, 0.5).toFixed(2)} ms. Cases not applied: ${failedCases.length ? failedCases.join(', ') : 'none'}.`);
