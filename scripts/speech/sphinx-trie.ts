// Reads a sphinxbase "trie" binary language model (the en-us.lm.bin Debian ships) into a
// back-off model. Needed because Debian's sphinx_lm_convert (0.8+5prealpha) aborts when it
// writes this model as ARPA. Layout (little-endian): the text "Trie Language Model", order
// (u8), n-gram counts (u32 each), quantiser type (i32) and tables (float32: for each middle
// order 65536 probabilities then 65536 back-offs, then 65536 top-order probabilities),
// unigrams {prob f32, backoff f32, next u32} × (count+1), bit-packed middle and top-order
// arrays (word id, quantised weights, pointer to the next order's range), then the words.
// The trie is keyed from the predicted word back through its history: the path
// [w3, w2, w1] holds the trigram "w1 w2 w3". Weights are logarithms to base 1.0001 (sphinxbase's logmath); they are returned as log10.
import { readFileSync } from 'node:fs';
import type { BackoffModel, Entry } from './ngram.ts';

const HEADER = 'Trie Language Model';
const QUANT_BITS = 16;
const TABLE = 1 << QUANT_BITS;

function requiredBits(max: number): number {
  let bits = 0;
  while (max > 0) {
    bits++;
    max = Math.floor(max / 2);
  }
  return bits;
}

/** Reads `length` (≤ 32) bits starting at bit `offset` (little-endian bit order). */
function readBits(buf: Buffer, base: number, offset: number, length: number): number {
  const byte = base + Math.floor(offset / 8);
  const shift = offset % 8;
  // Up to 32 + 7 bits: read 5 bytes as a number (safe below 2^53).
  let value = 0;
  for (let i = 4; i >= 0; i--) value = value * 256 + (byte + i < buf.length ? buf[byte + i] : 0);
  return Math.floor(value / 2 ** shift) % 2 ** length;
}

/** The file's layout before the words: n-gram counts, quantisation tables, unigrams, bit-packed layers. */
interface TrieLayout {
  order: number;
  counts: number[];
  middleProb: Float32Array[];
  middleBo: Float32Array[];
  longestProb: Float32Array;
  unigrams: { prob: Float64Array; bo: Float64Array; next: Uint32Array };
  wordBits: number;
  layers: { base: number; totalBits: number; nextBits: number }[];
  words: string[];
}

const LN_TO_LOG10 = Math.log10(1.0001);

/** Reads the quantisation tables (orders 2..n) from `at`; returns them and where they end. */
function readTables(buf: Buffer, order: number, start: number): { middleProb: Float32Array[]; middleBo: Float32Array[]; longestProb: Float32Array; at: number } {
  let at = start;
  const middleProb: Float32Array[] = [];
  const middleBo: Float32Array[] = [];
  if (order <= 1) return { middleProb, middleBo, longestProb: new Float32Array(0), at };
  at += 4; // quantiser type
  const table = () => {
    const t = new Float32Array(TABLE);
    for (let i = 0; i < TABLE; i++, at += 4) t[i] = buf.readFloatLE(at);
    return t;
  };
  for (let i = 0; i < order - 2; i++) {
    middleProb.push(table());
    middleBo.push(table());
  }
  const longestProb = table();
  return { middleProb, middleBo, longestProb, at };
}

function readLayout(buf: Buffer): TrieLayout {
  if (buf.toString('latin1', 0, HEADER.length) !== HEADER) throw new Error('not a sphinxbase trie language model');
  let at = HEADER.length;
  const order = buf.readUInt8(at);
  at += 1;
  const counts: number[] = [];
  for (let i = 0; i < order; i++, at += 4) counts.push(buf.readUInt32LE(at));
  const tables = readTables(buf, order, at);
  at = tables.at;
  const unigrams = { prob: new Float64Array(counts[0] + 1), bo: new Float64Array(counts[0] + 1), next: new Uint32Array(counts[0] + 1) };
  for (let i = 0; i <= counts[0]; i++, at += 12) {
    unigrams.prob[i] = buf.readFloatLE(at);
    unigrams.bo[i] = buf.readFloatLE(at + 4);
    unigrams.next[i] = buf.readUInt32LE(at + 8);
  }
  // Bit-packed arrays: middles (orders 2..n-1) then the top order.
  const wordBits = requiredBits(counts[0]);
  const layers: TrieLayout['layers'] = [];
  for (let k = 2; k <= order; k++) {
    const top = k === order;
    const nextBits = top ? 0 : requiredBits(counts[k]);
    const totalBits = wordBits + (top ? QUANT_BITS : 2 * QUANT_BITS) + nextBits;
    layers.push({ base: at, totalBits, nextBits });
    at += Math.floor(((1 + counts[k - 1]) * totalBits + 7) / 8) + 8;
  }
  const wordBytes = buf.readInt32LE(at);
  at += 4;
  const words = buf.toString('utf8', at, at + wordBytes).split('\0').slice(0, counts[0]);
  return { order, counts, middleProb: tables.middleProb, middleBo: tables.middleBo, longestProb: tables.longestProb, unigrams, wordBits, layers, words };
}

/** Keeps only n-grams whose words all pass `keep` (the sentence marks always pass);
 * `unigramsOnly` reads every unigram and nothing else. */
export function readSphinxTrie(path: string, keep: (word: string) => boolean = () => true, unigramsOnly = false): BackoffModel {
  const buf = readFileSync(path);
  const { order, counts, middleProb, middleBo, longestProb, unigrams, wordBits, layers, words } = readLayout(buf);
  const grams: Map<string, Entry>[] = Array.from({ length: order }, () => new Map());
  const ok = words.map((w) => unigramsOnly || w === '<s>' || w === '</s>' || keep(w));
  for (let i = 0; i < counts[0]; i++) {
    if (ok[i]) grams[0].set(words[i], { logp: unigrams.prob[i] * LN_TO_LOG10, bow: unigrams.bo[i] * LN_TO_LOG10 });
  }
  // Depth-first walk (history grows leftwards): entry j of layer k spans [next(j), next(j+1)) of layer k+1.
  const walk = (k: number, from: number, to: number, history: string[]) => {
    const layer = layers[k - 2];
    const top = k === order;
    for (let j = from; j < to; j++) {
      const bit = j * layer.totalBits;
      const wid = readBits(buf, layer.base, bit, wordBits);
      if (!ok[wid]) continue;
      const key = [words[wid], ...history];
      if (top) {
        const q = readBits(buf, layer.base, bit + wordBits, QUANT_BITS);
        grams[k - 1].set(key.join(' '), { logp: longestProb[q] * LN_TO_LOG10, bow: 0 });
        continue;
      }
      const bo = readBits(buf, layer.base, bit + wordBits, QUANT_BITS);
      const prob = readBits(buf, layer.base, bit + wordBits + QUANT_BITS, QUANT_BITS);
      grams[k - 1].set(key.join(' '), { logp: middleProb[k - 2][prob] * LN_TO_LOG10, bow: middleBo[k - 2][bo] * LN_TO_LOG10 });
      const nextAt = bit + wordBits + 2 * QUANT_BITS;
      const begin = readBits(buf, layer.base, nextAt, layer.nextBits);
      const end = readBits(buf, layer.base, nextAt + layer.totalBits, layer.nextBits);
      walk(k + 1, begin, end, key);
    }
  };
  if (order > 1 && !unigramsOnly) {
    for (let i = 0; i < counts[0]; i++) if (ok[i]) walk(2, unigrams.next[i], unigrams.next[i + 1], [words[i]]);
  }
  return { grams };
}
