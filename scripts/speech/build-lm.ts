// Builds data/speech/clinical-en-us.lm.bin: a trigram model of doctor–patient conversation
// (ACI-bench train, MTS-Dialog train, PriMock57 — public, CC BY 4.0) trained by interpolated
// absolute discounting, linearly interpolated with Debian's general en-us model, over a
// vocabulary the pronunciation dictionary can say. The interpolation weight is the one with
// the lowest perplexity on a dev split (the last ACI-bench train encounters, left out of the
// counts while choosing); ACI-bench valid stays untouched for the speech bench.
//
//   npx tsx scripts/speech/build-lm.ts [--general-words 15000] [--prune 1e-6]
// en-us.lm.bin is read directly (sphinx-trie.ts: Debian's sphinx_lm_convert aborts writing it as
// ARPA); sphinx_lm_convert (Debian sphinxbase-utils) turns the result into the binary.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLINICAL_DICT, CLINICAL_LM, DATA_DIR, DRUG_DICT, SYSTEM_MODEL_DIR } from '../../src/engines/speech/pocketsphinx/models.ts';
import { BOS, EOS, interpolate, logProb, type BackoffModel, perplexity, pruneByJointProbability, readArpa, restrictVocabulary, trainAbsoluteDiscount, writeArpa } from './ngram.ts';
import { readSphinxTrie } from './sphinx-trie.ts';
import { type Dialogue, loadAciBench, loadMtsDialog, loadPrimock, spokenWords } from './text.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const GENERAL_WORDS = Number(arg('general-words', '15000'));
const PRUNE = Number(arg('prune', '1e-6'));
const DEV_ENCOUNTERS = 7;
const LAMBDAS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];

/** Sentences of a dialogue as spoken words (one per . ? ! in the written text). */
export function sentencesOf(dialogues: Dialogue[]): string[][] {
  const out: string[][] = [];
  for (const d of dialogues) {
    for (const turn of d.turns) {
      for (const piece of turn.text.split(/(?<=[.?!])\s+|\s+[.?!]\s*/)) {
        const words = spokenWords(piece);
        if (words.length) out.push(words);
      }
    }
  }
  return out;
}

function dictionaryWords(path: string): Set<string> {
  const words = new Set<string>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const w = line.split(/\s/, 1)[0];
    if (w && !w.startsWith('#')) words.add(w.replace(/\(\d+\)$/, ''));
  }
  return words;
}

/** Single-word drug names the product knows (data/drugs), marketed on prescription. */
function drugNames(): string[] {
  const path = join(DATA_DIR, '../drugs/drugs.tsv');
  return readFileSync(path, 'utf8')
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t'))
    .filter((c) => c[2] === '1' && /^[a-z]+$/.test(c[0]))
    .map((c) => c[0]);
}

/** Debian's general en-us model, limited to `keep` words (all words when not given). */
function generalModel(keep?: (word: string) => boolean, unigramsOnly = false): BackoffModel {
  return readSphinxTrie(join(SYSTEM_MODEL_DIR, 'en-us.lm.bin'), keep, unigramsOnly);
}

type Log = (message: string) => void;

/** Every pronounceable conversation word and drug name, plus the general model's most frequent pronounceable words. */
function buildVocabulary(trainAll: string[][], drugs: string[], pronounceable: Set<string>, log: Log): Set<string> {
  const generalWords = generalModel(undefined, true).grams[0];
  const vocabulary = new Set<string>();
  for (const s of trainAll) for (const w of s) if (pronounceable.has(w)) vocabulary.add(w);
  for (const w of drugs) vocabulary.add(w);
  const clinicalWords = vocabulary.size;
  const byFrequency = [...generalWords].filter(([w]) => w !== BOS && w !== EOS && pronounceable.has(w)).sort((a, b) => b[1].logp - a[1].logp);
  for (const [w] of byFrequency) {
    if (vocabulary.size >= clinicalWords + GENERAL_WORDS) break;
    vocabulary.add(w);
  }
  log(`vocabulary: ${vocabulary.size} words (${clinicalWords} from the conversations and drug list)`);
  return vocabulary;
}

/** The clinical model's weight in the mixture: the λ with the lowest perplexity on the dev split (table printed). */
function chooseLambda(clinicalDev: BackoffModel, generalSmall: BackoffModel, dev: string[][]): number {
  const rows: string[] = [];
  const general0 = perplexity(generalSmall, dev);
  const clinical0 = perplexity(clinicalDev, dev);
  rows.push(`| general en-us (restricted, pruned) | ${general0.perplexity.toFixed(1)} |`, `| clinical only | ${clinical0.perplexity.toFixed(1)} |`);
  let best = { lambda: 0.5, perplexity: Infinity };
  for (const lambda of LAMBDAS) {
    const p = mixedPerplexity(clinicalDev, generalSmall, lambda, dev);
    rows.push(`| mixture λ=${lambda} | ${p.toFixed(1)} |`);
    if (p < best.perplexity) best = { lambda, perplexity: p };
  }
  console.log(`\nDev perplexity (${DEV_ENCOUNTERS} ACI-bench train encounters held out, ${general0.words} words, ${general0.oov} out of vocabulary)`);
  console.log('| model | perplexity |\n|---|---|');
  console.log(rows.join('\n'));
  return best.lambda;
}

/** The mixture as PocketSphinx's binary model, and the dictionary trimmed to its words. */
function writeModel(mixed: BackoffModel, vocabulary: Set<string>, log: Log): void {
  const work = join(tmpdir(), `clinscribe-lm-${process.pid}`);
  mkdirSync(work, { recursive: true });
  try {
    const arpa = join(work, 'clinical.arpa');
    writeFileSync(arpa, writeArpa(mixed));
    mkdirSync(DATA_DIR, { recursive: true });
    execFileSync('sphinx_lm_convert', ['-i', arpa, '-o', CLINICAL_LM], { stdio: 'ignore' });
    log(`wrote ${CLINICAL_LM} (${(statSync(CLINICAL_LM).size / 1e6).toFixed(1)} MB)`);
    const dict = trimmedDictionary(vocabulary);
    writeFileSync(CLINICAL_DICT, dict);
    log(`wrote ${CLINICAL_DICT} (${dict.split('\n').length - 1} pronunciations)`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function main(): void {
  const t0 = Date.now();
  const log: Log = (message) => console.log(`[${((Date.now() - t0) / 1000).toFixed(0)} s] ${message}`);
  const pronounceable = dictionaryWords(join(SYSTEM_MODEL_DIR, 'cmudict-en-us.dict'));
  if (existsSync(DRUG_DICT)) for (const w of dictionaryWords(DRUG_DICT)) pronounceable.add(w);

  const aci = loadAciBench('train');
  const dev = sentencesOf(aci.slice(-DEV_ENCOUNTERS));
  const trainNoDev = [...sentencesOf(aci.slice(0, -DEV_ENCOUNTERS)), ...sentencesOf(loadMtsDialog('train')), ...sentencesOf(loadPrimock())];
  const trainAll = [...sentencesOf(aci), ...sentencesOf(loadMtsDialog('train')), ...sentencesOf(loadPrimock())];
  const drugs = drugNames().filter((w) => pronounceable.has(w));
  // Each drug name once as its own utterance: known to the model, with little weight.
  const drugSentences = drugs.map((w) => [w]);
  log(`corpus: ${trainAll.length} sentences, ${trainAll.reduce((a, s) => a + s.length, 0)} words; dev ${dev.length} sentences; ${drugs.length} drug names`);
  const vocabulary = buildVocabulary(trainAll, drugs, pronounceable, log);

  const general = generalModel((w) => vocabulary.has(w));
  log(`general en-us model within the vocabulary: ${general.grams.map((t) => t.size).join(' / ')} n-grams`);
  const generalSmall = pruneByJointProbability(restrictVocabulary(general, vocabulary), PRUNE);
  log(`general model restricted and pruned: ${generalSmall.grams.map((t) => t.size).join(' / ')} n-grams`);

  // Weight on the dev split: clinical counts without the dev encounters.
  const lambda = chooseLambda(trainAbsoluteDiscount([...trainNoDev, ...drugSentences], vocabulary), generalSmall, dev);
  log(`chosen weight of the clinical model: ${lambda}`);
  const clinical = trainAbsoluteDiscount([...trainAll, ...drugSentences], vocabulary);
  const mixed = interpolate(clinical, generalSmall, lambda);
  log(`mixture: ${mixed.grams.map((t) => t.size).join(' / ')} n-grams`);
  writeModel(mixed, vocabulary, log);
}

/** The pronunciations of the model's words only (cmudict entries with their alternates, then
 * drug names): a decoder start reads 24k entries instead of 135k. */
function trimmedDictionary(vocabulary: Set<string>): string {
  const lines: string[] = [];
  const have = new Set<string>();
  for (const path of [join(SYSTEM_MODEL_DIR, 'cmudict-en-us.dict'), DRUG_DICT]) {
    if (!existsSync(path)) continue;
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      if (!line.trim() || line.startsWith('#')) continue;
      const entry = line.split(/\s/, 1)[0];
      const word = entry.replace(/\(\d+\)$/, '');
      if (!vocabulary.has(word) || have.has(entry)) continue;
      have.add(entry);
      lines.push(line.trim());
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Perplexity of the exact linear mixture λ·A + (1−λ)·B (probabilities mixed per word). */
function mixedPerplexity(a: BackoffModel, b: BackoffModel, lambda: number, sentences: string[][]): number {
  let sum = 0;
  let words = 0;
  for (const sentence of sentences) {
    const history = [BOS];
    for (const w of [...sentence, EOS]) {
      if (!a.grams[0].has(w)) {
        history.length = 0;
        continue;
      }
      const h = history.slice(-2);
      sum += Math.log10(lambda * 10 ** logProb(a, h, w) + (1 - lambda) * 10 ** logProb(b, h, w));
      words++;
      history.push(w);
    }
  }
  return 10 ** (-sum / Math.max(1, words));
}

if (import.meta.url === `file://${process.argv[1]}`) main();
