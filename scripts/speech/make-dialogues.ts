// Test speech for the speech bench: ACI-bench dialogues read aloud by espeak-ng, one clearly
// different synthetic voice per role, joined by sox with short pauses. Writes, per dialogue,
// a 16 kHz mono WAV, an MP3 and a JSON reference (words and times of every turn) into a
// cache directory outside the repository. Audio is never committed.
//
//   npx tsx scripts/speech/make-dialogues.ts [--split valid] [--count 6] [--seconds 75] [--out DIR]
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Dialogue, loadAciBench, loadMtsDialog, speakableText, spokenWords } from './text.ts';

export interface Voice {
  name: string;
  pitch: number;
  speed: number;
}

export interface ReferenceSegment {
  speaker: string;
  /** Seconds in the joined recording. */
  start: number;
  end: number;
  words: string[];
}

export interface DialogueReference {
  id: string;
  source: string;
  speakers: string[];
  voices: Record<string, Voice>;
  durationSec: number;
  segments: ReferenceSegment[];
  wav: string;
  mp3: string;
}

export interface MakeOptions {
  split?: 'train' | 'valid';
  count?: number;
  /** Dialogues of the split skipped before the first one read (a second, disjoint set). */
  offset?: number;
  /** Stop adding turns once the recording is this long. */
  seconds?: number;
  /** Also make one single-speaker recording (the doctor's turns only) to test speaker counting. */
  monologue?: boolean;
  /** Also make one three-speaker recording (an MTS-Dialog validation dialogue with a family member). */
  threeVoices?: boolean;
  out?: string;
}

// Two voice casts, alternated between dialogues; a third voice for a family member.
const CASTS: Record<string, Voice>[] = [
  { doctor: { name: 'en-us+m3', pitch: 35, speed: 165 }, patient: { name: 'en-us+f4', pitch: 75, speed: 155 }, patient_guest: { name: 'en-us+m7', pitch: 60, speed: 170 } },
  { doctor: { name: 'en-us+f2', pitch: 65, speed: 160 }, patient: { name: 'en-us+m1', pitch: 25, speed: 150 }, patient_guest: { name: 'en-us+f5', pitch: 85, speed: 165 } },
];
const RATE = 16000;
const VERSION = 'v2';

export function defaultCacheDir(): string {
  return join(tmpdir(), 'clinscribe-speech-bench');
}

/** Makes (or finds in the cache) the test recordings and returns their references. */
export function makeDialogues(options: MakeOptions = {}): DialogueReference[] {
  const split = options.split ?? 'valid';
  const count = options.count ?? 6;
  const seconds = options.seconds ?? 75;
  const key = createHash('sha256').update(JSON.stringify([VERSION, split, seconds, CASTS])).digest('hex').slice(0, 10);
  const dir = join(options.out ?? defaultCacheDir(), `${split}-${key}`);
  mkdirSync(dir, { recursive: true });
  const offset = options.offset ?? 0;
  const dialogues = loadAciBench(split).slice(offset, offset + count);
  const refs = dialogues.map((d, i) => ensure(dir, d, CASTS[(offset + i) % CASTS.length], seconds, false));
  if (options.monologue ?? true) refs.push(ensure(dir, dialogues[0], CASTS[1], Math.min(seconds, 45), true));
  if (options.threeVoices ?? true) {
    const family = loadMtsDialog('valid').find((d) => new Set(d.turns.map((t) => t.role)).size === 3 && d.turns.filter((t) => t.role === 'patient_guest').length >= 5);
    if (family) refs.push(ensure(dir, family, CASTS[0], seconds * 1.5, false));
  }
  return refs;
}

function ensure(dir: string, dialogue: Dialogue, cast: Record<string, Voice>, seconds: number, monologue: boolean): DialogueReference {
  const id = monologue ? `${dialogue.id}-mono` : dialogue.id;
  const refPath = join(dir, `${id}.json`);
  if (existsSync(refPath)) return JSON.parse(readFileSync(refPath, 'utf8')) as DialogueReference;
  const work = join(dir, `${id}.parts`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work);
  const turns = monologue ? dialogue.turns.filter((t) => t.role === 'doctor') : dialogue.turns;
  const segments: ReferenceSegment[] = [];
  const parts: string[] = [];
  let at = 0.4;
  parts.push(silence(work, 'lead', 0.4));
  for (const [index, turn] of turns.entries()) {
    if (at >= seconds) break;
    const voice = cast[turn.role] ?? cast.patient_guest;
    const words = spokenWords(turn.text);
    if (words.length === 0) continue;
    const file = join(work, `t${index}.wav`);
    const raw = join(work, `t${index}.raw.wav`);
    execFileSync('espeak-ng', ['-v', voice.name, '-p', String(voice.pitch), '-s', String(voice.speed), '-w', raw, speakableText(turn.text)]);
    // Trim the synthesiser's own leading and trailing silence so segment times are the speech.
    execFileSync('sox', [raw, '-r', String(RATE), '-c', '1', '-b', '16', file, 'silence', '1', '0.02', '0.5%', 'reverse', 'silence', '1', '0.02', '0.5%', 'reverse']);
    const duration = wavSeconds(file);
    if (duration < 0.1) continue;
    segments.push({ speaker: turn.role, start: round(at), end: round(at + duration), words });
    parts.push(file);
    at += duration;
    // Deterministic pauses of 0.35–0.85 s between turns.
    const pause = 0.35 + ((index * 37) % 11) / 20;
    parts.push(silence(work, `p${index}`, pause));
    at += pause;
  }
  const wav = join(dir, `${id}.wav`);
  const mp3 = join(dir, `${id}.mp3`);
  execFileSync('sox', [...parts, wav]);
  execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-i', wav, '-codec:a', 'libmp3lame', '-b:a', '64k', mp3]);
  rmSync(work, { recursive: true, force: true });
  const speakers = [...new Set(segments.map((s) => s.speaker))];
  const voices = Object.fromEntries(speakers.map((s) => [s, cast[s] ?? cast.patient_guest]));
  const ref: DialogueReference = { id, source: dialogue.id.startsWith('mts-') ? 'mts-dialog' : 'aci-bench', speakers, voices, durationSec: round(wavSeconds(wav)), segments, wav, mp3 };
  writeFileSync(`${refPath}.tmp`, JSON.stringify(ref, null, 1));
  renameSync(`${refPath}.tmp`, refPath);
  return ref;
}

function silence(dir: string, name: string, seconds: number): string {
  const file = join(dir, `${name}.wav`);
  execFileSync('sox', ['-n', '-r', String(RATE), '-c', '1', '-b', '16', file, 'trim', '0', seconds.toFixed(3)]);
  return file;
}

/** Duration of a canonical 16-bit mono WAV from its data chunk size. */
function wavSeconds(path: string): number {
  const buf = readFileSync(path);
  let offset = 12;
  while (offset + 8 <= buf.length) {
    const id = buf.toString('ascii', offset, offset + 4);
    const size = buf.readUInt32LE(offset + 4);
    if (id === 'data') return Math.min(size, buf.length - offset - 8) / (RATE * 2);
    offset += 8 + size + (size % 2);
  }
  return 0;
}

const round = (x: number) => Math.round(x * 1000) / 1000;

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const refs = makeDialogues({
    split: (arg('split') as 'train' | 'valid') ?? 'valid',
    count: arg('count') ? Number(arg('count')) : undefined,
    seconds: arg('seconds') ? Number(arg('seconds')) : undefined,
    out: arg('out'),
  });
  for (const r of refs) {
    const words = r.segments.reduce((n, s) => n + s.words.length, 0);
    console.log(`${r.id}\t${r.durationSec.toFixed(1)} s\t${r.speakers.length} speakers\t${words} words\t${r.wav}`);
  }
}
