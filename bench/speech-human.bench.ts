// Speech benchmark on real human recordings: the read speech Debian ships in
// pocketsphinx-testdata (LibriVox "Sense and Sensibility" excerpts, one reader; playing-card
// phrases, one speaker) with the package's reference transcripts. Each speaker's files are
// joined into one recording (0.5 s of silence between), as one visit would hold them, so the
// second pass has a speaker to adapt to. Word error rate with S/D/I, RTF and CPU seconds
// per audio second for one and two passes. Prints numbers and tables only.
//
//   npm run bench -- speech-human      SPEECH_BENCH_CONFIG="clinical LM, 1" (one configuration)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createPocketSphinxEngine } from '../src/engines/speech/pocketsphinx/engine.ts';
import { DECODER_FLAGS } from '../src/engines/speech/pocketsphinx/models.ts';
import { formatCounts, rate, sumCounts, type WerCounts, wordErrors } from './lib/wer.ts';
import { cpuSeconds, speechConfigs, toolVersions } from './speech-lib.ts';

const TESTDATA = '/usr/share/pocketsphinx/test/data';

interface HumanRecording {
  id: string;
  wav: string;
  words: string[];
  durationSec: number;
}

/** Reads a Sphinx transcription file: "<s> words </s> (utterance-id)" per line. */
function readTranscription(path: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const match = /^(.*)\(([^()]+)\)\s*$/.exec(line.trim());
    if (match) out.set(match[2], match[1].split(/\s+/).filter((w) => w && w !== '<s>' && w !== '</s>'));
  }
  return out;
}

function joined(id: string, folder: string, transcription: string): HumanRecording | undefined {
  const dir = join(TESTDATA, folder);
  if (!existsSync(join(dir, transcription))) return undefined;
  const refs = readTranscription(join(dir, transcription));
  const files = [...refs.keys()].map((u) => join(dir, `${u}.wav`)).filter(existsSync);
  const out = join(tmpdir(), 'clinscribe-speech-bench', 'human');
  mkdirSync(out, { recursive: true });
  const wav = join(out, `${id}.wav`);
  const gap = join(out, 'gap.wav');
  execFileSync('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', gap, 'trim', '0', '0.5']);
  execFileSync('sox', [...files.flatMap((f) => [f, gap]), '-r', '16000', '-c', '1', '-b', '16', wav]);
  const durationSec = Number(execFileSync('soxi', ['-D', wav], { encoding: 'utf8' }));
  return { id, wav, words: [...refs.values()].flat(), durationSec };
}

const recordings = [joined('librivox', 'librivox', 'transcription'), joined('cards', 'cards', 'cards.transcription')].filter(
  (r): r is HumanRecording => r !== undefined,
);
if (recordings.length === 0) {
  console.log('pocketsphinx-testdata is not installed: no human recordings to score');
  process.exit(0);
}
const audioSec = recordings.reduce((a, r) => a + r.durationSec, 0);
console.log(`${recordings.length} human recordings (pocketsphinx-testdata), ${audioSec.toFixed(1)} s of audio, ${recordings.reduce((a, r) => a + r.words.length, 0)} reference words`);
console.log(`decoder flags: ${process.env.SPEECH_BENCH_FLAGS ?? DECODER_FLAGS.join(' ')}`);
console.log(`versions: ${toolVersions()}`);
const pct = (x: number) => (100 * x).toFixed(1);

const summary: string[] = [];
for (const config of speechConfigs(true)) {
  const engine = createPocketSphinxEngine(config.options);
  await engine.transcribe({ audioPath: recordings[0].wav }); // warm-up: model files into the page cache
  const counts: WerCounts[] = [];
  let wall = 0;
  let cpu = 0;
  const cells: string[] = [];
  for (const rec of recordings) {
    const started = performance.now();
    const before = cpuSeconds();
    const result = await engine.transcribe({ audioPath: rec.wav });
    wall += (performance.now() - started) / 1000;
    cpu += cpuSeconds() - before;
    const errors = wordErrors(rec.words, result.channels[0].words.map((w) => w.word));
    counts.push(errors);
    cells.push(`${pct(rate(errors))} (${formatCounts(errors)})`);
  }
  const total = sumCounts(counts);
  summary.push(`| ${config.name} | ${cells.join(' | ')} | ${pct(rate(total))} | ${formatCounts(total)} | ${(wall / audioSec).toFixed(2)} | ${(cpu / audioSec).toFixed(2)} |`);
}
console.log(`\n| configuration | ${recordings.map((r) => `${r.id} WER % (S/D/I)`).join(' | ')} | pooled WER % | sub/del/ins (of ref words) | RTF (wall) | CPU s / audio s |`);
console.log(`|---|${recordings.map(() => '---|').join('')}---|---|---|---|`);
for (const line of summary) console.log(line);
