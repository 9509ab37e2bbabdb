// CSV reading lives in src/eval/csv.ts so `clinscribe eval` reads data sets as the scripts do.
export * from '../../src/eval/csv.ts';
