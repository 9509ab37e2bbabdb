// The ROUGE scorer lives in src/eval/rouge.ts so `clinscribe eval` and the benchmarks score alike.
export * from '../../src/eval/rouge.ts';
