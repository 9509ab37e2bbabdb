// Estimates one speaker's MLLR transform of the acoustic model's means from confident
// pass-1 stretches of their speech: features (sphinx_fe), Baum-Welch statistics against the
// stretches' words (bw), then the regression solved (mllr_solve). No reference text is used.
import { open, mkdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { PcmSource } from '../audio/decode.ts';
import { BYTES_PER_SECOND } from '../audio/decode.ts';
import { runProgram } from '../process.ts';
import type { ModelPaths } from '../pocketsphinx/models.ts';
import type { Trainer } from './trainer.ts';
import { type Stretch, stretchSeconds } from './stretches.ts';

/** Features flags bw must share with the decoder (from the model's feat.params). */
const FEATURE_FLAGS = ['-feat', '-svspec', '-cmn', '-agc', '-varnorm', '-ceplen'];

export type MllrOutcome = { ok: true; path: string } | { ok: false; reason: string };

/** Writes the transform under `dir` (created); `dir` is the caller's to remove. */
export async function estimateMllr(source: PcmSource, stretches: Stretch[], models: ModelPaths, trainer: Trainer, dir: string): Promise<MllrOutcome> {
  await mkdir(join(dir, 'acc'), { recursive: true });
  const ids = await writeStretches(source, stretches, dir);
  const budget = 60_000 + stretchSeconds(stretches) * 2000;
  const fe = await runProgram(
    'sphinx_fe',
    ['-argfile', join(trainer.hmm, 'feat.params'), '-samprate', '16000', '-c', join(dir, 'ctl'), '-di', dir, '-do', dir, '-ei', 'raw', '-eo', 'mfc', '-raw', 'yes', '-input_endian', 'little'],
    { timeoutMs: budget },
  );
  if (fe.missing) return { ok: false, reason: 'sphinx_fe is not installed (Debian package sphinxbase-utils)' };
  if (fe.code !== 0) return { ok: false, reason: 'feature extraction failed' };
  await writeFile(join(dir, 'lsn'), stretches.map((s, i) => `${s.words.join(' ')} (${ids[i]})\n`).join(''));
  const features = FEATURE_FLAGS.flatMap((flag) => (trainer.featParams.has(flag) ? [flag, trainer.featParams.get(flag)!] : []));
  const bw = await runProgram(
    trainer.bw,
    [
      '-hmmdir', trainer.hmm, '-moddeffn', trainer.mdef, '-mixwfn', trainer.mixw, '-ts2cbfn', `.${trainer.modelType}.`,
      ...features,
      '-dictfn', models.dict, '-fdictfn', join(trainer.hmm, 'noisedict'),
      '-ctlfn', join(dir, 'ctl'), '-lsnfn', join(dir, 'lsn'), '-cepdir', dir, '-accumdir', join(dir, 'acc'),
      // Only the means are transformed: the other statistics are not needed.
      '-meanreest', 'yes', '-varreest', 'no', '-mixwreest', 'no', '-tmatreest', 'no', '-timing', 'no',
    ],
    { timeoutMs: budget },
  );
  if (bw.code !== 0 || !existsSync(join(dir, 'acc', 'gauden_counts'))) return { ok: false, reason: 'bw could not align the speech' };
  const out = join(dir, 'mllr_matrix');
  const solve = await runProgram(
    trainer.mllrSolve,
    ['-meanfn', join(trainer.hmm, 'means'), '-varfn', join(trainer.hmm, 'variances'), '-outmllrfn', out, '-accumdir', join(dir, 'acc')],
    { timeoutMs: budget },
  );
  if (solve.code !== 0 || !existsSync(out)) return { ok: false, reason: 'mllr_solve found no transform' };
  return { ok: true, path: out };
}

/** One raw file of samples per stretch, and the control file listing them. */
async function writeStretches(source: PcmSource, stretches: Stretch[], dir: string): Promise<string[]> {
  const ids = stretches.map((_, i) => `u${i}`);
  const file = await open(source.path, 'r');
  try {
    for (const [i, s] of stretches.entries()) {
      const from = Math.max(0, Math.round(s.start * BYTES_PER_SECOND) & ~1);
      const to = Math.min(source.bytes, Math.round(s.end * BYTES_PER_SECOND) & ~1);
      const samples = Buffer.alloc(Math.max(0, to - from));
      await file.read(samples, 0, samples.length, source.offset + from);
      await writeFile(join(dir, `${ids[i]}.raw`), samples);
    }
  } finally {
    await file.close();
  }
  await writeFile(join(dir, 'ctl'), ids.map((id) => `${id}\n`).join(''));
  return ids;
}
