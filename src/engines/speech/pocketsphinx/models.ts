// Where the acoustic model, language model and pronunciation dictionary come from.
// Defaults: Debian's pocketsphinx-en-us acoustic model, the clinical language model
// shipped in data/speech (interpolated with the default en-us one) when present with its
// own trimmed dictionary, else the full CMU dictionary; drug-name pronunciations from
// data/speech are added to either.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SYSTEM_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';
export const DATA_DIR = fileURLToPath(new URL('../../../../data/speech/', import.meta.url));

export interface ModelPaths {
  hmm: string;
  lm: string;
  dict: string;
  /** Extra decoder flags (search beams and passes), appended to every decoder start. */
  flags?: string[];
}

export interface ModelOptions {
  /** Acoustic model directory. */
  hmm?: string;
  /** Language model (.lm.bin or ARPA); 'default' forces Debian's general en-us model. */
  lm?: string;
  /** Pronunciation dictionary; extra entries from `dictAdditions` are appended. */
  dict?: string;
  dictAdditions?: string | null;
  /** Decoder flags instead of DECODER_FLAGS (e.g. ['-ds', '1'] for the slower full search). */
  decoderFlags?: string[];
}

/** Speed/accuracy trade-off of the decoder, measured with bench/speech.bench.ts (clinical LM,
 * 3 held-out dialogues): at most 3000 active HMMs and 5 word exits per frame, no second
 * (flat-lexicon) pass. CPU per audio second 0.31 → 0.17 with WER 61.8 → 60.7 %; -topn 2 or
 * -ds 2 save little more and cost 2.5–7.6 WER points. */
export const DECODER_FLAGS: string[] = ['-maxhmmpf', '3000', '-maxwpf', '5', '-fwdflat', 'no'];

export const CLINICAL_LM = join(DATA_DIR, 'clinical-en-us.lm.bin');
export const DRUG_DICT = join(DATA_DIR, 'drug-names.dict');
/** The clinical model's own words only (cmudict + drug names): faster decoder starts. */
export const CLINICAL_DICT = join(DATA_DIR, 'clinical-en-us.dict');

export function resolveModels(options: ModelOptions = {}): ModelPaths {
  const hmm = options.hmm ?? process.env.CLINSCRIBE_POCKETSPHINX_HMM ?? join(SYSTEM_MODEL_DIR, 'en-us');
  const systemLm = join(SYSTEM_MODEL_DIR, 'en-us.lm.bin');
  const wanted = options.lm ?? process.env.CLINSCRIBE_POCKETSPHINX_LM;
  const lm = wanted === 'default' ? systemLm : (wanted ?? (existsSync(CLINICAL_LM) ? CLINICAL_LM : systemLm));
  const fullDict = join(SYSTEM_MODEL_DIR, 'cmudict-en-us.dict');
  const ownDict = lm === CLINICAL_LM && existsSync(CLINICAL_DICT) ? CLINICAL_DICT : fullDict;
  const baseDict = options.dict ?? process.env.CLINSCRIBE_POCKETSPHINX_DICT ?? ownDict;
  const additions = options.dictAdditions === undefined ? (existsSync(DRUG_DICT) ? DRUG_DICT : null) : options.dictAdditions;
  const flags = options.decoderFlags ?? DECODER_FLAGS;
  return { hmm, lm, dict: additions ? mergedDictionary(baseDict, additions) : baseDict, flags };
}

/** The base dictionary plus additions, written once to a cache file named by content. */
function mergedDictionary(base: string, additions: string): string {
  const extra = readFileSync(additions, 'utf8');
  const key = createHash('sha256').update(base).update('\0').update(extra).digest('hex').slice(0, 16);
  const target = join(tmpdir(), `clinscribe-dict-${key}.dict`);
  if (existsSync(target)) return target;
  const known = readFileSync(base, 'utf8');
  const have = new Set(known.split('\n').map((line) => line.split(/\s/, 1)[0]));
  const fresh = extra
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#') && !have.has(line.split(/\s/, 1)[0]));
  const temp = `${target}.${process.pid}.tmp`;
  writeFileSync(temp, `${known.trimEnd()}\n${fresh.join('\n')}\n`);
  renameSync(temp, target);
  return target;
}
