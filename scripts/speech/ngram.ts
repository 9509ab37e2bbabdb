// Back-off n-gram language models in memory, as the ARPA format describes them: for each
// order a table of n-grams with log10 probability and (below the top order) log10 back-off
// weight. Training by interpolated absolute discounting, pruning, static interpolation of two
// models (the mixture's back-off weights recomputed so every history still sums to one),
// perplexity, and ARPA reading and writing.

export interface Entry {
  /** log10 P(last word | the words before it). */
  logp: number;
  /** log10 back-off weight of this n-gram used as a history (0 = weight 1). */
  bow: number;
}

export interface BackoffModel {
  /** grams[k] holds the (k+1)-grams, keyed by their words joined with one space. */
  grams: Map<string, Entry>[];
}

export const BOS = '<s>';
export const EOS = '</s>';
/** log10 probability written for <s> (never predicted, only used as a history). */
const NEVER = -99;

export function order(model: BackoffModel): number {
  return model.grams.length;
}

/** log10 P(word | history) with back-off; history is at most order-1 words, oldest first. */
export function logProb(model: BackoffModel, history: string[], word: string): number {
  const n = Math.min(history.length, order(model) - 1);
  let bows = 0;
  for (let k = n; k >= 0; k--) {
    const h = history.slice(history.length - k);
    const key = [...h, word].join(' ');
    const entry = model.grams[k].get(key);
    if (entry) return entry.logp + bows;
    if (k > 0) bows += model.grams[k - 1].get(h.join(' '))?.bow ?? 0;
  }
  return -Infinity;
}

// ------------------------------------------------------------------------- training

export interface TrainOptions {
  order?: number;
  /** Drop n-grams (order ≥ 2) seen fewer times than this, per order index (default [1,1,2]). */
  minCounts?: number[];
  /** Unigram add-δ smoothing so every vocabulary word keeps a little probability. */
  unigramDelta?: number;
}

/** Interpolated absolute discounting (discount D = n1 / (n1 + 2·n2) per order) written as a
 * back-off model: seen n-grams carry the interpolated probability, the back-off weight of a
 * history is the mass it set aside, D · (distinct followers) / count. */
export function trainAbsoluteDiscount(sentences: string[][], vocabulary: Iterable<string>, options: TrainOptions = {}): BackoffModel {
  const n = options.order ?? 3;
  const minCounts = options.minCounts ?? [1, 1, 2];
  const delta = options.unigramDelta ?? 0.5;
  const counts: Map<string, number>[] = Array.from({ length: n }, () => new Map());
  const vocab = new Set(vocabulary);
  vocab.delete(BOS);
  vocab.add(EOS);
  for (const sentence of sentences) {
    const words = [BOS, ...sentence, EOS];
    for (let i = 1; i < words.length; i++) {
      for (let k = 0; k < n && i - k >= 0; k++) {
        const gram = words.slice(i - k, i + 1);
        // An n-gram spanning an unknown word is not counted; nor is a history through one.
        if (gram.some((w, j) => !(vocab.has(w) || (w === BOS && j === 0 && i - k === 0)))) break;
        const key = gram.join(' ');
        counts[k].set(key, (counts[k].get(key) ?? 0) + 1);
      }
    }
  }
  const grams: Map<string, Entry>[] = Array.from({ length: n }, () => new Map());
  // Unigrams: add-δ over the vocabulary.
  let total = 0;
  for (const w of vocab) total += (counts[0].get(w) ?? 0) + delta;
  for (const w of vocab) grams[0].set(w, { logp: Math.log10(((counts[0].get(w) ?? 0) + delta) / total), bow: 0 });
  grams[0].set(BOS, { logp: NEVER, bow: 0 });
  for (let k = 1; k < n; k++) {
    const kept = new Map<string, number>();
    for (const [key, c] of counts[k]) if (c >= (minCounts[k] ?? 1)) kept.set(key, c);
    let n1 = 0;
    let n2 = 0;
    for (const c of counts[k].values()) {
      if (c === 1) n1++;
      else if (c === 2) n2++;
    }
    const D = n1 + n2 > 0 ? Math.min(0.95, Math.max(0.1, n1 / (n1 + 2 * n2))) : 0.5;
    // Per history: total count (over all followers, kept or not) and kept followers.
    const historyTotal = new Map<string, number>();
    for (const [key, c] of counts[k]) {
      const h = key.slice(0, key.lastIndexOf(' '));
      historyTotal.set(h, (historyTotal.get(h) ?? 0) + c);
    }
    for (const [key, c] of kept) {
      const cut = key.lastIndexOf(' ');
      const h = key.slice(0, cut);
      const lower = key.slice(key.indexOf(' ') + 1);
      // Lower-order probability of the same word, as the finished lower model gives it.
      const pLower = 10 ** logProb({ grams: grams.slice(0, k) }, lower.split(' ').slice(0, -1), key.slice(cut + 1));
      const ch = historyTotal.get(h)!;
      // Interpolated: discounted share plus the set-aside mass spread by the lower order.
      // Followers dropped by minCounts fall back entirely; the weights are renormalised below.
      const followers = distinctFollowers(counts[k], h);
      const gamma = (D * followers) / ch;
      grams[k].set(key, { logp: Math.log10(Math.max(c - D, 0) / ch + gamma * pLower), bow: 0 });
    }
    recomputeBackoffs(grams, k);
  }
  return { grams };
}

const followerCache = new WeakMap<Map<string, number>, Map<string, number>>();
function distinctFollowers(counts: Map<string, number>, history: string): number {
  let table = followerCache.get(counts);
  if (!table) {
    table = new Map();
    for (const key of counts.keys()) {
      const h = key.slice(0, key.lastIndexOf(' '));
      table.set(h, (table.get(h) ?? 0) + 1);
    }
    followerCache.set(counts, table);
  }
  return table.get(history) ?? 0;
}

/** Sets the back-off weight of every (k)-gram history of order-k+1 n-grams so that, for each
 * history, explicit probabilities plus backed-off ones sum to one. */
export function recomputeBackoffs(grams: Map<string, Entry>[], k: number): void {
  const seen = new Map<string, { explicit: number; lower: number }>();
  const lowerModel = { grams: grams.slice(0, k) };
  for (const [key, entry] of grams[k]) {
    const cut = key.lastIndexOf(' ');
    const h = key.slice(0, cut);
    const word = key.slice(cut + 1);
    const hLower = h.split(' ').slice(1);
    const s = seen.get(h) ?? { explicit: 0, lower: 0 };
    s.explicit += 10 ** entry.logp;
    s.lower += 10 ** logProb(lowerModel, hLower, word);
    seen.set(h, s);
  }
  for (const [key, entry] of grams[k - 1]) {
    const s = seen.get(key);
    if (!s) {
      entry.bow = 0;
      continue;
    }
    const num = Math.max(1e-9, 1 - s.explicit);
    const den = Math.max(1e-9, 1 - s.lower);
    entry.bow = Math.log10(num / den);
  }
}

// ------------------------------------------------------------------------- pruning and mixing

/** Keeps only n-grams whose words are all in `vocabulary` (plus <s>, </s>), renormalises the
 * unigrams (words of the vocabulary the model lacks get `floorLogp`) and the back-off weights. */
export function restrictVocabulary(model: BackoffModel, vocabulary: Set<string>, floorLogp = -7): BackoffModel {
  const ok = (w: string) => w === BOS || w === EOS || vocabulary.has(w);
  const grams = model.grams.map((table) => {
    const out = new Map<string, Entry>();
    for (const [key, e] of table) if (key.split(' ').every(ok)) out.set(key, { ...e });
    return out;
  });
  for (const w of vocabulary) if (!grams[0].has(w)) grams[0].set(w, { logp: floorLogp, bow: 0 });
  normaliseUnigrams(grams[0]);
  for (let k = 1; k < grams.length; k++) recomputeBackoffs(grams, k);
  return { grams };
}

function normaliseUnigrams(table: Map<string, Entry>): void {
  let total = 0;
  for (const [w, e] of table) if (w !== BOS) total += 10 ** e.logp;
  const shift = Math.log10(total);
  for (const [w, e] of table) if (w !== BOS) e.logp -= shift;
}

/** Drops n-grams (order ≥ 2) whose joint probability P(history)·P(word | history) is below
 * `threshold` and whose probability the back-off would give nearly as well; back-off
 * weights are recomputed afterwards. */
export function pruneByJointProbability(model: BackoffModel, threshold: number): BackoffModel {
  const grams = model.grams.map((t) => new Map([...t].map(([k, e]) => [k, { ...e }])));
  for (let k = grams.length - 1; k >= 1; k--) {
    for (const [key, e] of grams[k]) {
      const words = key.split(' ');
      const hist = words.slice(0, -1);
      let logJoint = e.logp;
      for (let i = 0; i < hist.length; i++) logJoint += hist[i] === BOS ? 0 : logProb(model, hist.slice(0, i), hist[i]);
      if (logJoint < Math.log10(threshold) && !isHistory(grams, k, key)) grams[k].delete(key);
    }
  }
  for (let k = 1; k < grams.length; k++) recomputeBackoffs(grams, k);
  return { grams };
}

let historyIndex: { grams: Map<string, Entry>[]; sets: Set<string>[] } | undefined;
/** Whether `key` (a (k+1)-gram) is the history of some kept (k+2)-gram. */
function isHistory(grams: Map<string, Entry>[], k: number, key: string): boolean {
  if (k + 1 >= grams.length) return false;
  if (historyIndex?.grams !== grams) historyIndex = { grams, sets: [] };
  let set = historyIndex.sets[k];
  if (!set) {
    set = new Set([...grams[k + 1].keys()].map((g) => g.slice(0, g.lastIndexOf(' '))));
    historyIndex.sets[k] = set;
  }
  return set.has(key);
}

/** Static linear interpolation λ·A + (1−λ)·B over the union of both models' n-grams, with
 * back-off weights recomputed for the mixture. Both models must share one vocabulary. */
export function interpolate(a: BackoffModel, b: BackoffModel, lambda: number): BackoffModel {
  const n = Math.max(order(a), order(b));
  const grams: Map<string, Entry>[] = Array.from({ length: n }, () => new Map());
  for (let k = 0; k < n; k++) {
    const keys = new Set([...(a.grams[k]?.keys() ?? []), ...(b.grams[k]?.keys() ?? [])]);
    for (const key of keys) {
      const words = key.split(' ');
      const word = words[words.length - 1];
      const hist = words.slice(0, -1);
      if (word === BOS) {
        grams[k].set(key, { logp: NEVER, bow: 0 });
        continue;
      }
      const p = lambda * 10 ** logProb(a, hist, word) + (1 - lambda) * 10 ** logProb(b, hist, word);
      grams[k].set(key, { logp: Math.log10(p), bow: 0 });
    }
  }
  for (let k = 1; k < n; k++) recomputeBackoffs(grams, k);
  return { grams };
}

export interface Perplexity {
  perplexity: number;
  words: number;
  oov: number;
}

/** Perplexity over sentences (each ends with </s>); words outside the model are skipped and counted. */
export function perplexity(model: BackoffModel, sentences: string[][]): Perplexity {
  let sum = 0;
  let words = 0;
  let oov = 0;
  const n = order(model);
  for (const sentence of sentences) {
    const history = [BOS];
    for (const w of [...sentence, EOS]) {
      if (!model.grams[0].has(w)) {
        oov++;
        history.length = 0; // context is broken by an unknown word
        continue;
      }
      sum += logProb(model, history.slice(-(n - 1)), w);
      words++;
      history.push(w);
    }
  }
  return { perplexity: 10 ** (-sum / Math.max(1, words)), words, oov };
}

// ------------------------------------------------------------------------- ARPA text

/** ARPA text: \data\ counts, then each order's n-grams sorted by word, "logp words [bow]". */
export function writeArpa(model: BackoffModel): string {
  const n = order(model);
  const lines = ['\\data\\'];
  model.grams.forEach((t, k) => lines.push(`ngram ${k + 1}=${t.size}`));
  const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(6).replace(/\.?0+$/, '') || '0' : String(NEVER));
  for (let k = 0; k < n; k++) {
    lines.push('', `\\${k + 1}-grams:`);
    const keys = [...model.grams[k].keys()].sort(compareGrams);
    for (const key of keys) {
      const e = model.grams[k].get(key)!;
      const parts = [fmt(e.logp), key.split(' ').join(' ')];
      if (k < n - 1) parts.push(fmt(e.bow));
      lines.push(parts.join('\t'));
    }
  }
  lines.push('', '\\end\\', '');
  return lines.join('\n');
}

function compareGrams(x: string, y: string): number {
  const a = x.split(' ');
  const b = y.split(' ');
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return a.length - b.length;
}

export function readArpa(text: string): BackoffModel {
  const grams: Map<string, Entry>[] = [];
  let current = -1;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const section = /^\\(\d+)-grams:$/.exec(line);
    if (section) {
      current = Number(section[1]) - 1;
      grams[current] = new Map();
      continue;
    }
    if (line.startsWith('\\') || current < 0 || line.startsWith('ngram ')) continue;
    const parts = line.split(/\s+/);
    const k = current + 1;
    const logp = Number(parts[0]);
    const words = parts.slice(1, 1 + k);
    const bow = parts.length > 1 + k ? Number(parts[1 + k]) : 0;
    grams[current].set(words.join(' '), { logp, bow });
  }
  return { grams };
}
