// `clinscribe eval`: measures the configured notes engine on ACI-bench-style CSVs
// (columns dialogue and note): ROUGE, medication and vital agreement with the reference
// notes, and facts the transcript does not support, scored as the benchmarks score.
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import type { NoteEngine } from '../engines/ports.ts';
import { createEngines } from '../engines/registry.ts';
import { csvRecords } from '../eval/csv.ts';
import { add, type Agreement, agreement, drugsIn, unsupportedFacts, vitalsInNote } from '../eval/facts.ts';
import { rouge } from '../eval/rouge.ts';
import { UsageError } from './usage.ts';

interface Totals {
  visits: number;
  failed: number;
  r1: number;
  r2: number;
  rl: number;
  medications: Agreement;
  vitals: Agreement;
  /** Listed by the engine in metadata.ungrounded (model engines). */
  listed: number;
  /** Left in the note and not found in the transcript by the grounding check. */
  unsupported: number;
}

const pct = (x: number) => (100 * x).toFixed(1);
const prf = (a: Agreement) => ({ precision: a.tp / Math.max(1, a.tp + a.fp), recall: a.tp / Math.max(1, a.tp + a.fn) });

async function rows(file: string, limit: number | undefined): Promise<{ dialogue: string; note: string }[]> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch {
    throw new UsageError(`cannot read ${path.basename(file)}`);
  }
  const records = csvRecords(text);
  if (records.length && (!('dialogue' in records[0]!) || !('note' in records[0]!))) throw new UsageError(`${path.basename(file)} needs the columns "dialogue" and "note"`);
  return records.filter((r) => r.dialogue?.trim() && r.note?.trim()).slice(0, limit).map((r) => ({ dialogue: r.dialogue!, note: r.note! }));
}

export async function evalCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, strict: true, options: { limit: { type: 'string' }, json: { type: 'boolean' } } });
  if (positionals.length === 0) throw new UsageError('eval needs one or more CSV files');
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) throw new UsageError('--limit must be a positive integer');
  const config = loadConfig(process.env, { logLevel: 'silent' });
  const report = await evaluate(positionals, createEngines(config).notes, config.engines.notes, limit);
  process.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : table(report));
  // Nothing measured (no model server, every visit refused) is a failure, not a score of zero.
  return report.visits > 0 && report.failed === report.visits ? 1 : 0;
}

/** Scores `notes` on every visit of the CSV files. */
export async function evaluate(files: string[], notes: NoteEngine, engine: string, limit?: number): Promise<ReturnType<typeof summary>> {
  const t: Totals = { visits: 0, failed: 0, r1: 0, r2: 0, rl: 0, medications: { tp: 0, fp: 0, fn: 0 }, vitals: { tp: 0, fp: 0, fn: 0 }, listed: 0, unsupported: 0 };
  for (const file of files) {
    for (const row of await rows(file, limit)) {
      t.visits++;
      let note;
      try {
        note = await notes.generateNote({ transcript: row.dialogue, noteType: { type: 'soap' } });
      } catch (error) {
        // The reason is the engine's (never PHI); the visit counts as failed and scores zero.
        t.failed++;
        process.stderr.write(`visit ${t.visits}: ${(error as Error).message}\n`);
        continue;
      }
      const r = rouge(note.markdown, row.note);
      t.r1 += r.rouge1;
      t.r2 += r.rouge2;
      t.rl += r.rougeLsum;
      add(t.medications, agreement(drugsIn(note.markdown), drugsIn(row.note)));
      add(t.vitals, agreement(vitalsInNote(note.markdown), vitalsInNote(row.note)));
      const listed = (note.json.metadata as { ungrounded?: unknown[] } | undefined)?.ungrounded;
      t.listed += Array.isArray(listed) ? listed.length : 0;
      t.unsupported += unsupportedFacts(note.markdown, row.dialogue);
    }
  }
  return summary(engine, t);
}

function summary(engine: string, t: Totals) {
  const n = Math.max(1, t.visits);
  return {
    engine,
    visits: t.visits,
    failed: t.failed,
    rouge1: t.r1 / n,
    rouge2: t.r2 / n,
    rougeLsum: t.rl / n,
    medications: prf(t.medications),
    vitals: prf(t.vitals),
    ungroundedListed: t.listed,
    unsupportedInNotes: t.unsupported,
  };
}

function table(s: ReturnType<typeof summary>): string {
  return [
    `Notes engine: ${s.engine} — ${s.visits} visits, ${s.failed} failed`,
    '',
    '| measure | value |',
    '| --- | ---: |',
    `| ROUGE-1 | ${pct(s.rouge1)} |`,
    `| ROUGE-2 | ${pct(s.rouge2)} |`,
    `| ROUGE-Lsum | ${pct(s.rougeLsum)} |`,
    `| medications precision / recall | ${pct(s.medications.precision)} / ${pct(s.medications.recall)} |`,
    `| vital signs precision / recall | ${pct(s.vitals.precision)} / ${pct(s.vitals.recall)} |`,
    `| ungrounded facts listed by the engine | ${s.ungroundedListed} |`,
    `| unsupported drugs/doses/vitals left in notes | ${s.unsupportedInNotes} |`,
    '',
  ].join('\n');
}
