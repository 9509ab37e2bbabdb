// Builds the shipped code sets from ../shared/data (run once; outputs are committed):
//   data/icd10cm/codes.tsv.gz  — every FY2026 billable ICD-10-CM code: code_dotted \t title
//   data/drugs/drugs.tsv       — Orange Book drug terms: term \t generic \t rx (1 if prescription)
// Usage: node_modules/.bin/node --import tsx scripts/build-lexicon.ts [shared-data-dir]
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const shared = process.argv[2] ?? new URL('../../shared/data', import.meta.url).pathname;
const out = new URL('../data/', import.meta.url).pathname;

function rows(file: string): string[][] {
  return readFileSync(file, 'utf8').split('\n').slice(1).filter(Boolean).map((l) => l.split('\t'));
}

const codes = rows(join(shared, 'icd10cm/icd10cm_codes_2026.tsv')).map(([, dotted, title]) => `${dotted}\t${title}`);
writeFileSync(join(out, 'icd10cm/codes.tsv.gz'), gzipSync(codes.join('\n') + '\n', { level: 9 }));

const drugs = rows(join(shared, 'drugs/drug_lexicon_orange_book.tsv')).map(
  ([term, , generic, , status]) => `${term}\t${generic}\t${(status ?? '').split('|').includes('RX') ? 1 : 0}`,
);
writeFileSync(join(out, 'drugs/drugs.tsv'), 'term\tgeneric\trx\n' + drugs.join('\n') + '\n');
console.log(`icd10cm: ${codes.length} billable codes; drugs: ${drugs.length} terms`);
