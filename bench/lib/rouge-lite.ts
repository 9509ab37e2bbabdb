// ROUGE-1, ROUGE-2 and ROUGE-L (F1) on lower-cased alphanumeric tokens, for benches.
// Small and dependency-free; scores match the usual definitions without stemming.

export interface RougeScores {
  rouge1: number;
  rouge2: number;
  rougeL: number;
}

export function tokens(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
}

function f1(overlap: number, candidate: number, reference: number): number {
  if (overlap === 0 || candidate === 0 || reference === 0) return 0;
  const p = overlap / candidate;
  const r = overlap / reference;
  return (2 * p * r) / (p + r);
}

function ngramOverlap(a: string[], b: string[], n: number): [number, number, number] {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= b.length; i++) {
    const g = b.slice(i, i + n).join(' ');
    counts.set(g, (counts.get(g) ?? 0) + 1);
  }
  let overlap = 0;
  for (let i = 0; i + n <= a.length; i++) {
    const g = a.slice(i, i + n).join(' ');
    const c = counts.get(g) ?? 0;
    if (c > 0) {
      overlap++;
      counts.set(g, c - 1);
    }
  }
  return [overlap, Math.max(0, a.length - n + 1), Math.max(0, b.length - n + 1)];
}

function lcs(a: string[], b: string[]): number {
  let prev = new Uint32Array(b.length + 1);
  let cur = new Uint32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      cur[j] = a[i - 1] === b[j - 1] ? prev[j - 1]! + 1 : Math.max(prev[j]!, cur[j - 1]!);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[b.length]!;
}

export function rouge(candidate: string, reference: string): RougeScores {
  const a = tokens(candidate);
  const b = tokens(reference);
  return {
    rouge1: f1(...ngramOverlap(a, b, 1)),
    rouge2: f1(...ngramOverlap(a, b, 2)),
    rougeL: f1(lcs(a, b), a.length, b.length),
  };
}
