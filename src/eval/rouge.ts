// ROUGE scores for `clinscribe eval` and the benchmarks alike (bench/lib/rouge.ts re-exports this file).
// ROUGE-1, ROUGE-2 and ROUGE-Lsum F-measures with rouge_score semantics (as the ACI-bench paper
// reports them): lower-cased [a-z0-9] tokens, no stemming, Lsum over newline-split sentences
// with the union-LCS of each reference sentence against all candidate sentences.

export interface Rouge { rouge1: number; rouge2: number; rougeLsum: number; }

export function tokenize(text: string): string[] {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').split(' ').filter(Boolean);
}

function fmeasure(hits: number, candidate: number, reference: number): number {
  if (!hits || !candidate || !reference) return 0;
  const p = hits / candidate;
  const r = hits / reference;
  return (2 * p * r) / (p + r);
}

function ngrams(tokens: string[], n: number): Map<string, number> {
  const m = new Map<string, number>();
  for (let i = 0; i + n <= tokens.length; i++) {
    const g = tokens.slice(i, i + n).join(' ');
    m.set(g, (m.get(g) ?? 0) + 1);
  }
  return m;
}

function rougeN(c: string[], r: string[], n: number): number {
  const cg = ngrams(c, n);
  const rg = ngrams(r, n);
  let hits = 0;
  for (const [g, k] of rg) hits += Math.min(k, cg.get(g) ?? 0);
  return fmeasure(hits, Math.max(0, c.length - n + 1), Math.max(0, r.length - n + 1));
}

/** Indices of `ref` tokens on one longest common subsequence with `cand`. */
function lcsIndices(ref: string[], cand: string[]): number[] {
  const rows = ref.length + 1;
  const cols = cand.length + 1;
  const t = new Uint16Array(rows * cols);
  for (let i = 1; i < rows; i++) for (let j = 1; j < cols; j++) {
    t[i * cols + j] = ref[i - 1] === cand[j - 1] ? t[(i - 1) * cols + j - 1]! + 1 : Math.max(t[(i - 1) * cols + j]!, t[i * cols + j - 1]!);
  }
  const out: number[] = [];
  let i = ref.length;
  let j = cand.length;
  while (i > 0 && j > 0) {
    if (ref[i - 1] === cand[j - 1]) { out.push(i - 1); i--; j--; }
    else if (t[(i - 1) * cols + j]! >= t[i * cols + j - 1]!) i--;
    else j--;
  }
  return out.reverse();
}

function rougeLsum(candidate: string, reference: string): number {
  const cands = candidate.split('\n').map(tokenize).filter((s) => s.length);
  const refs = reference.split('\n').map(tokenize).filter((s) => s.length);
  const candCount = new Map<string, number>();
  const refCount = new Map<string, number>();
  for (const s of cands) for (const w of s) candCount.set(w, (candCount.get(w) ?? 0) + 1);
  for (const s of refs) for (const w of s) refCount.set(w, (refCount.get(w) ?? 0) + 1);
  let hits = 0;
  for (const ref of refs) {
    const union = new Set<number>();
    for (const cand of cands) for (const i of lcsIndices(ref, cand)) union.add(i);
    for (const i of [...union].sort((a, b) => a - b)) {
      const w = ref[i]!;
      if ((candCount.get(w) ?? 0) > 0 && (refCount.get(w) ?? 0) > 0) {
        hits++;
        candCount.set(w, candCount.get(w)! - 1);
        refCount.set(w, refCount.get(w)! - 1);
      }
    }
  }
  const nc = cands.reduce((a, s) => a + s.length, 0);
  const nr = refs.reduce((a, s) => a + s.length, 0);
  return fmeasure(hits, nc, nr);
}

export function rouge(candidate: string, reference: string): Rouge {
  const c = tokenize(candidate);
  const r = tokenize(reference);
  return { rouge1: rougeN(c, r, 1), rouge2: rougeN(c, r, 2), rougeLsum: rougeLsum(candidate, reference) };
}
