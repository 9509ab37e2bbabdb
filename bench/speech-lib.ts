// Shared by the speech benches: tool versions (so a number can be traced to what made it),
// CPU seconds of this process and its children, and the engine configurations compared.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { PocketSphinxOptions } from '../src/engines/speech/pocketsphinx/engine.ts';

/** Debian package versions of the programs that make and decode the bench audio. */
export function toolVersions(): string {
  const packages = ['espeak-ng', 'sox', 'pocketsphinx', 'pocketsphinx-en-us', 'sphinxtrain', 'pocketsphinx-testdata'];
  return packages
    .map((p) => {
      try {
        return `${p} ${execFileSync('dpkg-query', ['-W', '-f', '${Version}', p], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })}`;
      } catch {
        return `${p} (not installed)`;
      }
    })
    .join(', ');
}

/** CPU seconds used so far by this process and its finished children (decoders, ffmpeg,
 * bw): unlike wall time, not inflated when other work shares the machine. */
export function cpuSeconds(): number {
  const self = process.cpuUsage();
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  const children = (Number(fields[13]) + Number(fields[14])) / 100; // cutime + cstime, clock ticks
  return (self.user + self.system) / 1e6 + children;
}

export interface SpeechConfig {
  name: string;
  options: PocketSphinxOptions;
}

/** The compared configurations; SPEECH_BENCH_CONFIG picks those whose name starts with it,
 * SPEECH_BENCH_FLAGS replaces the decoder flags of all. */
export function speechConfigs(includeDefaultLm: boolean): SpeechConfig[] {
  const flags = process.env.SPEECH_BENCH_FLAGS === undefined ? undefined : process.env.SPEECH_BENCH_FLAGS.split(/\s+/).filter(Boolean);
  const only = process.env.SPEECH_BENCH_CONFIG;
  const all: SpeechConfig[] = [
    ...(includeDefaultLm ? [{ name: 'default LM, 1 pass', options: { lm: 'default', dictAdditions: null, decoderFlags: flags, passes: 1 as const } }] : []),
    { name: 'clinical LM, 1 pass', options: { decoderFlags: flags, passes: 1 } },
    { name: 'clinical LM, 2 passes (MLLR)', options: { decoderFlags: flags, passes: 2 } },
  ];
  return all.filter((c) => !only || c.name.startsWith(only));
}
