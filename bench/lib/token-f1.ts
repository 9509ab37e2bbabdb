// Token F1 of two strings over lower-case alphanumeric tokens (bag of words, each token
// counted as often as it occurs): how benches score short free-text answers.

const tokens = (s: string): string[] => s.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/** 1 when both are empty, 0 when they share no token. */
export function tokenF1(a: string, b: string): number {
  const x = tokens(a);
  const y = tokens(b);
  if (x.length === 0 && y.length === 0) return 1;
  const pool = new Map<string, number>();
  for (const t of y) pool.set(t, (pool.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of x) if ((pool.get(t) ?? 0) > 0) (common++, pool.set(t, pool.get(t)! - 1));
  if (common === 0) return 0;
  const p = common / x.length;
  const r = common / y.length;
  return (2 * p * r) / (p + r);
}
