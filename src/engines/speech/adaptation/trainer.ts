// Finds SphinxTrain's adaptation tools (Debian package sphinxtrain) and the acoustic-model
// files they need that the decoder-ready model lacks (a text model definition and float
// mixture weights), prepared once per model into a cache folder named by content.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runProgram } from '../process.ts';
import { threadId } from 'node:worker_threads';
import { readSendump, writeS3MixtureWeights } from './mixture-weights.ts';

/** Debian installs the tools outside PATH. */
export const SPHINXTRAIN_DIRS = ['/usr/lib/sphinxtrain', '/usr/libexec/sphinxtrain', '/usr/local/lib/sphinxtrain'];

export interface Trainer {
  bw: string;
  mllrSolve: string;
  /** Acoustic model directory and the files bw reads from it or from the cache. */
  hmm: string;
  mdef: string;
  mixw: string;
  /** "ptm" or "cont" (the model's -model), picks bw's codebook mapping. */
  modelType: string;
  /** Front-end and feature flags from the model's feat.params. */
  featParams: Map<string, string>;
}

export type TrainerLookup = { ok: true; trainer: Trainer } | { ok: false; reason: string };

/** findTrainer, or the service's own, which prepares the model in an engine thread. */
export type TrainerFinder = (hmm: string, dirs?: string[]) => Promise<TrainerLookup>;

const prepared = new Map<string, Promise<TrainerLookup>>();

export function findTrainer(hmm: string, dirs = SPHINXTRAIN_DIRS): Promise<TrainerLookup> {
  const key = `${hmm}\0${dirs.join(':')}`;
  let found = prepared.get(key);
  if (!found) {
    found = prepare(hmm, dirs);
    prepared.set(key, found);
  }
  return found;
}

async function prepare(hmm: string, dirs: string[]): Promise<TrainerLookup> {
  const dir = dirs.find((d) => existsSync(join(d, 'bw')) && existsSync(join(d, 'mllr_solve')));
  if (!dir) return { ok: false, reason: 'SphinxTrain (bw, mllr_solve) is not installed (Debian package sphinxtrain)' };
  const featParams = readFeatParams(join(hmm, 'feat.params'));
  const modelType = featParams.get('-model') ?? 'cont';
  if (modelType !== 'ptm' && modelType !== 'cont') return { ok: false, reason: `acoustic models of type ${modelType} are not adapted` };
  const cache = join(tmpdir(), `clinscribe-trainer-${modelKey(hmm)}`);
  mkdirSync(cache, { recursive: true });
  const mdef = await textMdef(hmm, cache);
  if (!mdef) return { ok: false, reason: 'the acoustic model definition could not be converted (pocketsphinx_mdef_convert)' };
  const mixw = mixtureWeights(hmm, cache);
  if (!mixw) return { ok: false, reason: 'the acoustic model has no mixture weights bw can read' };
  return { ok: true, trainer: { bw: join(dir, 'bw'), mllrSolve: join(dir, 'mllr_solve'), hmm, mdef, mixw, modelType, featParams } };
}

function modelKey(hmm: string): string {
  const hash = createHash('sha256').update(hmm);
  for (const name of ['mdef', 'sendump', 'mixture_weights']) {
    const path = join(hmm, name);
    if (existsSync(path)) hash.update(`${name}:${statSync(path).size}:${statSync(path).mtimeMs}`);
  }
  return hash.digest('hex').slice(0, 16);
}

export function readFeatParams(path: string): Map<string, string> {
  const params = new Map<string, string>();
  if (!existsSync(path)) return params;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const [name, value] = line.trim().split(/\s+/, 2);
    if (name?.startsWith('-') && value !== undefined) params.set(name, value);
  }
  return params;
}

/** bw reads only the text form of the model definition; Debian ships the binary one. */
async function textMdef(hmm: string, cache: string): Promise<string | undefined> {
  const source = join(hmm, 'mdef');
  const target = join(cache, 'mdef.txt');
  if (existsSync(target)) return target;
  if (isTextMdef(source)) return source;
  const temp = `${target}.${process.pid}.${threadId}.tmp`; // engine threads share the pid
  const run = await runProgram('pocketsphinx_mdef_convert', ['-text', source, temp], { timeoutMs: 60_000 });
  if (run.code !== 0 || !existsSync(temp)) return undefined;
  renameSync(temp, target);
  return target;
}

function isTextMdef(path: string): boolean {
  const head = readFileSync(path).subarray(0, 64).toString('latin1');
  return /^(#|0\.3)/.test(head);
}

function mixtureWeights(hmm: string, cache: string): string | undefined {
  const own = join(hmm, 'mixture_weights');
  if (existsSync(own)) return own;
  const sendump = join(hmm, 'sendump');
  if (!existsSync(sendump)) return undefined;
  const target = join(cache, 'mixture_weights');
  if (existsSync(target)) return target;
  const temp = `${target}.${process.pid}.${threadId}.tmp`; // engine threads share the pid
  try {
    writeFileSync(temp, writeS3MixtureWeights(readSendump(readFileSync(sendump))));
  } catch {
    return undefined; // a sendump layout the converter does not read
  }
  renameSync(temp, target);
  return target;
}
