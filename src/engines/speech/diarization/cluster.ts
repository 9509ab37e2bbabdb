// k-means with k-means++ seeding (deterministic) and the silhouette score, used to group
// speech windows by voice and to estimate how many voices there are.

export interface Clustering {
  k: number;
  labels: Int32Array;
  silhouette: number;
}

/** Small deterministic PRNG so that a file always gets the same speakers. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function distance2(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] - b[i]) ** 2;
  return sum;
}

export function kmeans(points: Float64Array[], k: number, weights: number[], seed = 7, restarts = 4): Int32Array {
  let bestLabels = new Int32Array(points.length);
  let bestCost = Infinity;
  const rand = random(seed + k);
  for (let attempt = 0; attempt < restarts; attempt++) {
    const centres = seedCentres(points, k, rand);
    const labels = new Int32Array(points.length);
    let cost = Infinity;
    for (let iteration = 0; iteration < 50; iteration++) {
      let changed = false;
      cost = 0;
      points.forEach((p, i) => {
        let best = 0;
        let bestD = Infinity;
        centres.forEach((c, j) => {
          const d = distance2(p, c);
          if (d < bestD) {
            bestD = d;
            best = j;
          }
        });
        if (labels[i] !== best) changed = true;
        labels[i] = best;
        cost += bestD * weights[i];
      });
      const sums = centres.map((c) => new Float64Array(c.length));
      const mass = new Float64Array(k);
      points.forEach((p, i) => {
        const s = sums[labels[i]];
        for (let d = 0; d < p.length; d++) s[d] += p[d] * weights[i];
        mass[labels[i]] += weights[i];
      });
      sums.forEach((s, j) => {
        if (mass[j] > 0) centres[j] = s.map((v) => v / mass[j]);
      });
      if (!changed && iteration > 0) break;
    }
    if (cost < bestCost) {
      bestCost = cost;
      bestLabels = labels;
    }
  }
  return bestLabels;
}

function seedCentres(points: Float64Array[], k: number, rand: () => number): Float64Array[] {
  const centres = [points[Math.floor(rand() * points.length)]];
  while (centres.length < k) {
    const d = points.map((p) => Math.min(...centres.map((c) => distance2(p, c))));
    const total = d.reduce((a, b) => a + b, 0);
    if (total === 0) break;
    let pick = rand() * total;
    let index = 0;
    for (; index < d.length - 1 && pick > d[index]; index++) pick -= d[index];
    centres.push(points[index]);
  }
  while (centres.length < k) centres.push(points[0]);
  return centres.map((c) => Float64Array.from(c));
}

/** Mean silhouette over (at most `sample`) points: near 1 for well-separated groups. */
export function silhouette(points: Float64Array[], labels: Int32Array, k: number, sample = 600): number {
  const n = points.length;
  const step = Math.max(1, Math.floor(n / sample));
  let total = 0;
  let counted = 0;
  for (let i = 0; i < n; i += step) {
    const sums = new Float64Array(k);
    const counts = new Float64Array(k);
    for (let j = 0; j < n; j += step) {
      if (j === i) continue;
      sums[labels[j]] += Math.sqrt(distance2(points[i], points[j]));
      counts[labels[j]]++;
    }
    const own = labels[i];
    if (counts[own] === 0) continue;
    const a = sums[own] / counts[own];
    let b = Infinity;
    for (let c = 0; c < k; c++) if (c !== own && counts[c] > 0) b = Math.min(b, sums[c] / counts[c]);
    if (!Number.isFinite(b)) continue;
    total += (b - a) / Math.max(a, b);
    counted++;
  }
  return counted ? total / counted : 0;
}
