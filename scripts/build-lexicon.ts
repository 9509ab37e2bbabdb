// Builds the shipped code sets from ../shared/data (run once; outputs are committed):
//   data/icd10cm/codes.tsv.gz  — every FY2026 billable ICD-10-CM code: code_dotted \t title
//   data/drugs/drugs.tsv       — Orange Book drug terms: term \t generic \t rx (1 if prescription)
// Usage: node_modules/.bin/node --import tsx scripts/build-lexicon.ts [shared-data-dir]
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { parseCsv } from './lib/csv.ts';

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

// ---------------------------------------------------------------- alphabetic index phrases
// data/icd10cm/index-terms.tsv: phrase \t code spec (same form as concepts.tsv: a code, or
// R:…,L:…,U:… by side). A guarded subset of the Index to Diseases, used after the
// hand-written concepts: multi-word main terms, single-word main terms that name a disease
// (-itis, -osis, -oma…), and main term + one subterm ("hallux rigidus").

const billable = new Map(codes.map((l) => l.split('\t') as [string, string]));
const sorted = [...billable.keys()].sort();

/** Resolve an index code (maybe a header or "M20.2-") to billable codes by side. */
function resolve(raw: string): string | undefined {
  const prefix = raw.replace(/-$/, '');
  if (billable.has(prefix)) return prefix;
  const under = sorted.filter((c) => c.startsWith(prefix));
  if (under.length === 0) return undefined;
  if (under.length === 1) return under[0];
  const initial = under.filter((c) => !/^[ST]/.test(c) || c.endsWith('A'));
  const pick = (re: RegExp, not?: RegExp): string | undefined =>
    initial.filter((c) => re.test(billable.get(c)!) && !(not && not.test(billable.get(c)!))).sort((a, b) => a.length - b.length || a.localeCompare(b))[0];
  const u = pick(/unspecified/i);
  if (!u) return undefined;
  const r = pick(/\bright\b/i, /\bleft\b|unspecified/i);
  const l = pick(/\bleft\b/i, /\bright\b|unspecified/i);
  return r && l ? `R:${r},L:${l},U:${u}` : u;
}

const DISEASE_WORD = /(itis|osis|oma|emia|algia|pathy|ectasis|plasia|trophy|rrhea|uria|cele|ism)$/;
// Main terms too general to stand for a diagnosis on their own, or whose codes need axes
// (injury type, encounter, poisoning) that a phrase cannot give.
const GENERAL = new Set(['pain', 'history', 'status', 'examination', 'encounter', 'observation', 'admission', 'problem', 'problems', 'contact', 'exposure', 'screening', 'test', 'fall', 'injury', 'complication', 'complications', 'disease', 'disorder', 'syndrome', 'condition', 'findings', 'abnormal', 'counseling', 'care', 'aftercare', 'dependence', 'use', 'pregnancy', 'delivery', 'maternal', 'newborn', 'personal', 'family', 'presence', 'absence', 'tear', 'wound', 'burn', 'fracture', 'sprain', 'strain', 'dislocation', 'contusion', 'bite', 'poisoning', 'effect', 'effects', 'reaction', 'neoplasm', 'tumor', 'mass', 'lesion', 'cyst', 'abuse', 'late', 'sequelae', 'anomaly', 'deformity', 'deficiency', 'failure', 'insufficiency', 'infection', 'inflammation', 'hemorrhage', 'ulcer', 'obstruction', 'stenosis', 'rupture', 'necrosis', 'other', 'unspecified', 'state', 'person', 'supervision', 'prophylactic', 'vaccination', 'health', 'work', 'stress', 'visit', 'follow-up', 'long-term', 'therapy']);
const WORDS = /^[a-z][a-z' -]*$/;

const index = parseCsv(readFileSync(join(shared, 'icd10cm/icd10cm_2025_index.csv'), 'utf8')).slice(1);
const phrases = new Map<string, string>();
let main = '';
for (const [, , level, term, , , , code] of index) {
  const t = (term ?? '').toLowerCase().replace(/\s*\([^)]*\)/g, '').trim();
  if (level === '0') main = t;
  if (!code || !WORDS.test(t)) continue;
  const spec = resolve(code);
  if (!spec) continue;
  const candidates: string[] = [];
  if (level === '0' && !GENERAL.has(t)) {
    if (t.includes(' ') || (DISEASE_WORD.test(t) && t.length >= 7)) candidates.push(t);
  } else if (level === '1' && !GENERAL.has(main) && WORDS.test(main) && !t.includes(' ') && t.length >= 4 && !['with', 'without', 'due', 'in', 'of', 'to', 'by', 'and'].includes(t)) {
    candidates.push(`${main} ${t}`, `${t} ${main}`);
  }
  for (const p of candidates) if (!phrases.has(p)) phrases.set(p, spec);
}
writeFileSync(join(out, 'icd10cm/index-terms.tsv'), [...phrases].map(([p, s]) => `${p}\t${s}`).join('\n') + '\n');
console.log(`index phrases: ${phrases.size}`);
