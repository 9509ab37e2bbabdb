// Speech benchmark on synthetic held-out dialogues (ACI-bench valid read aloud by two
// espeak-ng voices, plus one single-voice and one three-voice recording; see
// scripts/speech/make-dialogues.ts): word error rate with Debian's default language model vs
// the clinical one (+ drug-name pronunciations), word-level speaker attribution, speaker-count
// accuracy, real-time factor (decode + diarization, wall time / audio time) and streaming
// latency and speaker attribution. Prints numbers and tables only (no transcript text).
//
//   npm run bench -- speech
//   SPEECH_BENCH_COUNT=6 SPEECH_BENCH_SECONDS=75 SPEECH_BENCH_STREAMS=2 SPEECH_BENCH_STREAM_SPEED=1
//   SPEECH_BENCH_CONFIG=clinical (one configuration; "none" for streaming only)
//   SPEECH_BENCH_ONLY=D2N069,D2N072 (recordings) SPEECH_BENCH_FLAGS="-ds 2" (decoder flags)
//   SPEECH_BENCH_END_SILENCE=30 (streaming: silent frames that end an utterance)
//   SPEECH_BENCH_SOFT_UTTERANCE=3 SPEECH_BENCH_MAX_UTTERANCE=6 (streaming: seconds after which
//   a short pause, then any quiet frames, end an utterance)
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { StreamingTranscript, TranscribedWord } from '../src/engines/ports.ts';
import { createPocketSphinxEngine } from '../src/engines/speech/pocketsphinx/engine.ts';
import { DECODER_FLAGS, resolveModels } from '../src/engines/speech/pocketsphinx/models.ts';
import { createStreamingSession } from '../src/engines/speech/streaming/session.ts';
import { type DialogueReference, makeDialogues } from '../scripts/speech/make-dialogues.ts';
import { bestMappingAccuracy, formatCounts, percentile, rate, sumCounts, type WerCounts, wordErrors } from './lib/wer.ts';
import { cpuSeconds, speechConfigs, toolVersions } from './speech-lib.ts';

const count = Number(process.env.SPEECH_BENCH_COUNT ?? 6);
const seconds = Number(process.env.SPEECH_BENCH_SECONDS ?? 75);
const streams = Number(process.env.SPEECH_BENCH_STREAMS ?? 2);
const streamSpeed = Number(process.env.SPEECH_BENCH_STREAM_SPEED ?? 1);
// Decoder flags to try instead of the engine's defaults, e.g. SPEECH_BENCH_FLAGS="-ds 2 -topn 2".
const flagsOverride = process.env.SPEECH_BENCH_FLAGS === undefined ? undefined : process.env.SPEECH_BENCH_FLAGS.split(/\s+/).filter(Boolean);
const limit = process.env.SPEECH_BENCH_ONLY; // comma-separated recording ids

// "dev": the first `count` ACI-bench valid dialogues plus a one- and a three-voice recording
// (what decoder settings were chosen on); "heldout": the next `count` dialogues, for checking.
const set = process.env.SPEECH_BENCH_SET ?? 'dev';
const heldOut = set === 'heldout';
const refs = makeDialogues({ split: 'valid', count, seconds, offset: heldOut ? count : 0, monologue: !heldOut, threeVoices: !heldOut }).filter(
  (r) => !limit || limit.split(',').includes(r.id),
);
const audioSec = refs.reduce((a, r) => a + r.durationSec, 0);
console.log(`${set} set: ${refs.length} recordings (ACI-bench valid, held out from the language model${heldOut ? '' : '; + MTS-Dialog valid'}), ${audioSec.toFixed(0)} s of audio, ${availableParallelism()} CPUs`);
console.log(`decoder flags: ${(flagsOverride ?? DECODER_FLAGS).join(' ') || '(PocketSphinx defaults)'}`);
console.log(`versions: ${toolVersions()}`);

const configs = speechConfigs(true);

const pct = (x: number) => (100 * x).toFixed(1);

interface Scored {
  errors: WerCounts;
  speakerPairs: number;
  speakerAccuracy: number;
  speakersFound: number;
  wall: number;
  cpu: number;
}

function referenceSpeakerAt(ref: DialogueReference, time: number): string {
  let best = ref.segments[0].speaker;
  let gap = Infinity;
  for (const s of ref.segments) {
    const g = time < s.start ? s.start - time : time > s.end ? time - s.end : 0;
    if (g < gap) {
      gap = g;
      best = s.speaker;
    }
  }
  return best;
}

function score(ref: DialogueReference, words: TranscribedWord[], wall: number, cpu: number): Scored {
  const errors = wordErrors(ref.segments.flatMap((s) => s.words), words.map((w) => w.word));
  const pairs = words.map((w): [string, number] => [referenceSpeakerAt(ref, (w.start + w.end) / 2), w.speaker]);
  return {
    errors,
    speakerPairs: pairs.length,
    speakerAccuracy: bestMappingAccuracy(pairs),
    speakersFound: new Set(words.map((w) => w.speaker)).size,
    wall,
    cpu,
  };
}

const summary: string[] = [];
for (const config of configs) {
  const engine = createPocketSphinxEngine(config.options);
  // Warm-up: the first start reads the models from disk.
  await engine.transcribe({ audioPath: refs[refs.length - 1].wav });
  const rows: Scored[] = [];
  console.log(`\n### ${config.name}`);
  console.log('| recording | audio s | speakers ref/found | WER % | sub/del/ins | speaker acc % | RTF | CPU s / audio s |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const ref of refs) {
    const started = performance.now();
    const cpuBefore = cpuSeconds();
    const result = await engine.transcribe({ audioPath: ref.mp3 });
    const wall = (performance.now() - started) / 1000;
    const s = score(ref, result.channels[0].words, wall, cpuSeconds() - cpuBefore);
    rows.push(s);
    const e = s.errors;
    console.log(
      `| ${ref.id} | ${ref.durationSec.toFixed(1)} | ${ref.speakers.length}/${s.speakersFound} | ${pct(rate(e))} | ${e.substitutions}/${e.deletions}/${e.insertions} | ${pct(s.speakerAccuracy)} | ${(wall / ref.durationSec).toFixed(2)} | ${(s.cpu / ref.durationSec).toFixed(2)} |`,
    );
  }
  const total = sumCounts(rows.map((r) => r.errors));
  const attributed = rows.reduce((a, r) => a + r.speakerAccuracy * r.speakerPairs, 0) / Math.max(1, rows.reduce((a, r) => a + r.speakerPairs, 0));
  const countOk = rows.filter((r, i) => r.speakersFound === refs[i].speakers.length).length;
  const wall = rows.reduce((a, r) => a + r.wall, 0);
  const cpu = rows.reduce((a, r) => a + r.cpu, 0);
  summary.push(`| ${config.name} | ${pct(rate(total))} | ${formatCounts(total)} | ${pct(attributed)} | ${countOk}/${rows.length} | ${(wall / audioSec).toFixed(2)} | ${(cpu / audioSec).toFixed(2)} |`);
}

console.log('\n### Summary (all recordings pooled)');
console.log('| configuration | WER % | sub/del/ins (of ref words) | speaker attribution % | speaker count right | RTF (wall) | CPU s / audio s |');
console.log('|---|---|---|---|---|---|---|');
for (const line of summary) console.log(line);

// Streaming: audio pushed in 100 ms chunks at `streamSpeed` × real time; "final lag" is the
// time from pushing a word's last sample to receiving that word in a final result (so the
// first words of a long utterance wait for its end); "end lag" is the same for the last word
// of each final: how long after the speaker stops a final arrives.
if (streams > 0) {
  const envNumber = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
  const endSilence = envNumber('SPEECH_BENCH_END_SILENCE');
  const softUtterance = envNumber('SPEECH_BENCH_SOFT_UTTERANCE');
  const maxUtterance = envNumber('SPEECH_BENCH_MAX_UTTERANCE');
  const streamErrors: WerCounts[] = [];
  const streamSpeakers: [string, number][][] = []; // per recording: (reference speaker, label) per final word
  const models = resolveModels({ decoderFlags: flagsOverride });
  const lags: number[] = [];
  const endLags: number[] = [];
  let longest = 0; // seconds, longest final
  const firstInterims: number[] = [];
  let finals = 0;
  let interims = 0;
  for (const ref of refs.slice(0, streams)) {
    const wav = readFileSync(ref.wav);
    const dataAt = wav.indexOf('data') + 8;
    const pcm = wav.subarray(dataAt);
    const session = createStreamingSession({ sampleRate: 16000, encoding: 'linear16' }, models, {
      endSilenceFrames: endSilence,
      softUtteranceSec: softUtterance,
      maxUtteranceSec: maxUtterance,
    });
    const finalWords: string[] = [];
    const speakerPairs: [string, number][] = [];
    const pushedAt: number[] = []; // wall ms at which each 100 ms chunk was pushed
    const chunkBytes = 3200;
    const firstSpeech = ref.segments[0].start;
    let firstInterim = NaN;
    session.on('transcript', (m: StreamingTranscript) => {
      const now = performance.now();
      if (!m.is_final) {
        interims++;
        if (Number.isNaN(firstInterim)) firstInterim = now - (pushedAt[Math.floor(firstSpeech * 10)] ?? now);
        return;
      }
      finals++;
      finalWords.push(...m.words.map((w) => w.word));
      for (const w of m.words) speakerPairs.push([referenceSpeakerAt(ref, (w.start + w.end) / 2), w.speaker]);
      const lagOf = (end: number) => {
        const chunk = Math.min(pushedAt.length - 1, Math.floor(end * 10));
        return chunk >= 0 && pushedAt[chunk] !== undefined ? (now - pushedAt[chunk]) / 1000 : NaN;
      };
      for (const w of m.words) {
        const lag = lagOf(w.end);
        if (!Number.isNaN(lag)) lags.push(lag);
      }
      if (m.words.length) {
        const lag = lagOf(m.words[m.words.length - 1].end);
        if (!Number.isNaN(lag)) endLags.push(lag);
        longest = Math.max(longest, m.words[m.words.length - 1].end - m.words[0].start);
      }
    });
    const started = performance.now();
    for (let i = 0, at = 0; at < pcm.length; i++, at += chunkBytes) {
      const due = started + (i * 100) / streamSpeed;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      pushedAt.push(performance.now());
      session.push(pcm.subarray(at, at + chunkBytes));
    }
    await session.end();
    if (!Number.isNaN(firstInterim)) firstInterims.push(firstInterim / 1000);
    streamErrors.push(wordErrors(ref.segments.flatMap((seg) => seg.words), finalWords));
    streamSpeakers.push(speakerPairs);
  }
  console.log(`\n### Streaming (${streams} recordings at ${streamSpeed}× real time, 100 ms chunks)`);
  console.log(
    `end of utterance after ${endSilence ?? 30} silent frames; cut at a short pause after ${softUtterance ?? 3} s, at quiet frames after ${maxUtterance ?? 6} s (at most ${(maxUtterance ?? 6) + 2} s)`,
  );
  // Speaker attribution as in the upload table, pooled over words; "one label" is what giving
  // every word speaker 0 would score (the larger speaker's share).
  const pooled = (pairs: [string, number][][]) =>
    pairs.reduce((a, p) => a + bestMappingAccuracy(p) * p.length, 0) / Math.max(1, pairs.reduce((a, p) => a + p.length, 0));
  const attribution = `${pct(pooled(streamSpeakers))} (one label: ${pct(pooled(streamSpeakers.map((p) => p.map(([r]): [string, number] => [r, 0]))))})`;
  const speakersFound = streamSpeakers.map((p, i) => `${refs[i].speakers.length}/${new Set(p.map(([, h]) => h)).size}`).join(', ');
  console.log(
    '| finals | interims | words | WER of finals % | speaker attribution % | speakers ref/found | final lag p50 s | final lag p95 s | end lag p50 / p95 / max s | longest final s | first interim s (from first speech) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  const endLag = `${percentile(endLags, 50).toFixed(2)} / ${percentile(endLags, 95).toFixed(2)} / ${Math.max(...endLags).toFixed(2)}`;
  console.log(
    `| ${finals} | ${interims} | ${lags.length} | ${pct(rate(sumCounts(streamErrors)))} | ${attribution} | ${speakersFound} | ${percentile(lags, 50).toFixed(2)} | ${percentile(lags, 95).toFixed(2)} | ${endLag} | ${longest.toFixed(1)} | ${firstInterims.map((x) => x.toFixed(2)).join(', ')} |`,
  );
}
