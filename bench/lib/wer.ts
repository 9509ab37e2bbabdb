// Word error rate: Levenshtein alignment of normalised words (substitutions, deletions,
// insertions all cost 1), plus the helpers the speech bench uses to score speakers.

/** Lower-case words without punctuation or the decoder's alternate-pronunciation marks;
 * hyphenated words count as their parts ("follow-up" = "follow up"). */
export function normaliseWords(words: string[] | string): string[] {
  const list = typeof words === 'string' ? words.split(/\s+/) : words;
  return list
    .flatMap((w) => w.toLowerCase().replace(/\(\d+\)$/, '').split(/[-_\s]+/))
    .map((w) => w.replace(/[^a-z0-9']/g, '').replace(/^'+|'+$/g, ''))
    .filter(Boolean);
}

export interface WerCounts {
  substitutions: number;
  deletions: number;
  insertions: number;
  /** Words in the reference. */
  reference: number;
}

export function wordErrors(reference: string[], hypothesis: string[]): WerCounts {
  const ref = normaliseWords(reference);
  const hyp = normaliseWords(hypothesis);
  const n = ref.length;
  const m = hyp.length;
  // cost[j] and the operation counts of the best path to (i, j), one row at a time.
  let prev = Array.from({ length: m + 1 }, (_, j) => ({ cost: j, s: 0, d: 0, i: j }));
  for (let i = 1; i <= n; i++) {
    const row = [{ cost: i, s: 0, d: i, i: 0 }];
    for (let j = 1; j <= m; j++) {
      const same = ref[i - 1] === hyp[j - 1];
      const diag = prev[j - 1];
      const up = prev[j];
      const left = row[j - 1];
      let best = { cost: diag.cost + (same ? 0 : 1), s: diag.s + (same ? 0 : 1), d: diag.d, i: diag.i };
      if (up.cost + 1 < best.cost) best = { cost: up.cost + 1, s: up.s, d: up.d + 1, i: up.i };
      if (left.cost + 1 < best.cost) best = { cost: left.cost + 1, s: left.s, d: left.d, i: left.i + 1 };
      row.push(best);
    }
    prev = row;
  }
  const end = prev[m];
  return { substitutions: end.s, deletions: end.d, insertions: end.i, reference: n };
}

export function wer(reference: string[], hypothesis: string[]): number {
  const c = wordErrors(reference, hypothesis);
  return c.reference ? (c.substitutions + c.deletions + c.insertions) / c.reference : hypothesis.length ? 1 : 0;
}

export function sumCounts(all: WerCounts[]): WerCounts {
  return all.reduce(
    (a, c) => ({ substitutions: a.substitutions + c.substitutions, deletions: a.deletions + c.deletions, insertions: a.insertions + c.insertions, reference: a.reference + c.reference }),
    { substitutions: 0, deletions: 0, insertions: 0, reference: 0 },
  );
}

/** "sub/del/ins (reference words)" for tables. */
export function formatCounts(c: WerCounts): string {
  return `${c.substitutions}/${c.deletions}/${c.insertions} (${c.reference})`;
}

export function rate(c: WerCounts): number {
  return c.reference ? (c.substitutions + c.deletions + c.insertions) / c.reference : 0;
}

/** Share of items whose hypothesis label, after the best one-to-one renaming of hypothesis
 * labels to reference labels, equals the reference label. `pairs` are [reference, hypothesis]. */
export function bestMappingAccuracy<R, H>(pairs: [R, H][]): number {
  if (pairs.length === 0) return 0;
  const refs = [...new Set(pairs.map((p) => p[0]))];
  const hyps = [...new Set(pairs.map((p) => p[1]))];
  const counts = hyps.map((h) => refs.map((r) => pairs.filter((p) => p[0] === r && p[1] === h).length));
  let best = 0;
  // Few labels (≤ 4 speakers each side): try every assignment of hypothesis labels to distinct references.
  const used = new Array<boolean>(refs.length).fill(false);
  const search = (h: number, total: number) => {
    if (h === hyps.length) {
      best = Math.max(best, total);
      return;
    }
    search(h + 1, total); // this hypothesis label matches no reference label
    for (let r = 0; r < refs.length; r++) {
      if (used[r]) continue;
      used[r] = true;
      search(h + 1, total + counts[h][r]);
      used[r] = false;
    }
  };
  search(0, 0);
  return best / pairs.length;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}
