// Engine inputs for the coding benchmarks, read from the shared data (scripts/lib/shared-data.ts):
// the ACI-bench dialogue or its gold note's assessment and plan, the MTS-Dialog dialogue, the
// merged PriMock57 transcript.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseCsv } from '../../scripts/lib/csv.ts';
import { sharedData } from '../../scripts/lib/shared-data.ts';

/** The shared data folder as a URL, found on first use (a test skips when there is none). */
const shared = (): URL => pathToFileURL(`${sharedData()}/`);

/** PriMock57: merge the doctor and patient TextGrid tiers into "Doctor: …" turns by start time. */
export function primockTranscript(id: string): string {
  const turns: { t: number; who: string; text: string }[] = [];
  for (const who of ['doctor', 'patient']) {
    const grid = readFileSync(new URL(`primock57/transcripts/${id}_${who}.TextGrid`, shared()), 'utf8');
    for (const m of grid.matchAll(/xmin = ([\d.]+)\s*\n\s*xmax = [\d.]+\s*\n\s*text = "((?:[^"]|"")*)"/g)) {
      const text = m[2]!.replace(/""/g, '"').replace(/<[^>]*>/g, '').trim();
      if (text) turns.push({ t: Number(m[1]), who: who === 'doctor' ? 'Doctor' : 'Patient', text });
    }
  }
  return turns.sort((a, b) => a.t - b.t).map((x) => `${x.who}: ${x.text}`).join('\n');
}

const csvCache = new Map<string, string[][]>();
function csvRows(file: string): string[][] {
  let rows = csvCache.get(file);
  if (!rows) csvCache.set(file, (rows = parseCsv(readFileSync(new URL(file, shared()), 'utf8'))));
  return rows;
}

/** A cell of a shared-data CSV, finding the row by the value of its key column. */
export function csvCell(file: string, keyColumn: string, key: string, column: string): string {
  const [header, ...rows] = csvRows(file);
  const k = header!.indexOf(keyColumn);
  const c = header!.indexOf(column);
  if (k < 0 || c < 0) throw new Error(`${file} lacks column ${keyColumn} or ${column}`);
  const row = rows.find((r) => r[k] === key);
  if (!row) throw new Error(`${keyColumn} ${key} not found in ${file}`);
  return row[c]!;
}

/** MTS-Dialog: the dialogue of row `id` (the numeric ID column) of a train or validation CSV. */
export function mtsDialogue(id: number, file: string): string {
  return csvCell(file, 'ID', String(id), 'dialogue');
}

let aciAp: Map<string, string> | undefined;
/** ACI-bench: the gold note's ASSESSMENT AND PLAN division (challenge_data_sections). */
export function aciAssessmentPlan(encounterId: string): string {
  if (!aciAp) {
    aciAp = new Map();
    for (const split of ['train', 'valid']) {
      const url = new URL(`aci-bench/challenge_data_sections/${split}_assessment_and_plan.json`, shared());
      const data = (JSON.parse(readFileSync(url, 'utf8')) as { data: { tgt: string; file: string }[] }).data;
      for (const d of data) aciAp.set(d.file.split('-')[0]!, d.tgt);
    }
  }
  const text = aciAp.get(encounterId);
  if (text === undefined) throw new Error(`no assessment and plan for ${encounterId}`);
  return text;
}

// ACI-bench's own speech-recognition runs of the same visits (src_experiment_data), matched to the
// challenge encounter by their shared note: the same labels, words the engine was not written around.
const ACI_ASR_FILES = ['train_aci_asrcorr', 'train_virtscribe_asr', 'valid_aci_asrcorr', 'valid_virtscribe_asr'];
let aciAsr: Map<string, string> | undefined;
/** ACI-bench: the visit as an ASR transcript, when ACI-bench ships one. */
export function aciAsrDialogue(encounterId: string): string | undefined {
  if (!aciAsr) {
    const byNote = new Map<string, string>();
    for (const split of ['train', 'valid']) {
      const [header, ...rows] = csvRows(`aci-bench/challenge_data/${split}.csv`);
      for (const r of rows) byNote.set(r[header!.indexOf('note')]!, r[header!.indexOf('encounter_id')]!);
    }
    aciAsr = new Map();
    for (const file of ACI_ASR_FILES) {
      const [header, ...rows] = csvRows(`aci-bench/src_experiment_data/${file}.csv`);
      for (const r of rows) {
        const id = byNote.get(r[header!.indexOf('note')]!);
        if (id && !aciAsr.has(id)) aciAsr.set(id, r[header!.indexOf('dialogue')]!);
      }
    }
  }
  return aciAsr.get(encounterId);
}

const MTS_AUGMENTED = 'mts-dialog/MTS-Dialog-Augmented-TrainingSet-3-FR-and-ES-3603-Pairs-final.csv';
/**
 * MTS-Dialog: a training dialogue as the dataset's own back-translation through French or Spanish
 * re-worded it (row `TR=EN-FR-EN <ID>`), when there is one. A paraphrase may drop a line, so its
 * scores are a floor; beside the original's they show how much the engine leans on exact wording.
 */
export function mtsBackTranslated(id: number, via: 'FR' | 'ES', file: string): string | undefined {
  if (!file.endsWith('TrainingSet.csv')) return undefined;
  const [header, ...rows] = csvRows(MTS_AUGMENTED);
  const row = rows.find((r) => r[header!.indexOf('ID')] === `TR=EN-${via}-EN ${id}`);
  return row?.[header!.indexOf('dialogue')];
}
