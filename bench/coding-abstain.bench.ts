// Coding abstention benchmark: MTS-Dialog snippets that are history taking only (family/social, past
// medical, past surgical history, allergies) hold no assessment or plan, so the policy expects no
// ICD-10-CM code for them (bench/data/coding-gold/README.md, "Abstention bench"). Per section header
// and overall, dev and held out: snippets, snippets with any code, codes emitted, abstention %.
// `--detail` lists dev snippets that drew codes (id, header, codes, evidence span); never held-out ones.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseCsv } from '../scripts/lib/csv.ts';
import { sharedData } from '../scripts/lib/shared-data.ts';
import { codeText } from '../src/engines/clinical/coding/index.ts';

/** History-only section headers: the row's dialogue asks about history, nothing is assessed. */
const HEADERS = ['FAM/SOCHX', 'PASTMEDICALHX', 'PASTSURGICAL', 'ALLERGY'];
const FILES = [
  { set: 'train', file: 'mts-dialog/MTS-Dialog-TrainingSet.csv' },
  { set: 'valid', file: 'mts-dialog/MTS-Dialog-ValidationSet.csv' },
];

interface Snippet { id: string; header: string; split: 'dev' | 'heldout'; dialogue: string }
interface Coded extends Snippet { codes: { code: string; span: string }[] }

function loadSnippets(): Snippet[] {
  const out: Snippet[] = [];
  for (const { set, file } of FILES) {
    const [header, ...rows] = parseCsv(readFileSync(new URL(file, pathToFileURL(`${sharedData()}/`)), 'utf8'));
    const col = (name: string): number => {
      const i = header!.indexOf(name);
      if (i < 0) throw new Error(`${file} lacks column ${name}`);
      return i;
    };
    const [id, sec, dlg] = [col('ID'), col('section_header'), col('dialogue')];
    for (const r of rows) {
      if (!HEADERS.includes(r[sec]!)) continue;
      // The project's MTS-Dialog rule: numeric ID divisible by 3 is held out.
      const split = Number(r[id]) % 3 === 0 ? 'heldout' : 'dev';
      out.push({ id: `mts-${set}-${r[id]}`, header: r[sec]!, split, dialogue: r[dlg]! });
    }
  }
  return out;
}

const pct = (x: number): string => (x * 100).toFixed(1);
function row(label: string, items: Coded[]): string {
  const coded = items.filter((s) => s.codes.length > 0).length;
  const codes = items.reduce((n, s) => n + s.codes.length, 0);
  return `| ${label} | ${items.length} | ${coded} | ${codes} | ${pct((items.length - coded) / Math.max(1, items.length))} |`;
}

const results: Coded[] = loadSnippets().map((s) => ({
  ...s,
  codes: codeText(s.dialogue).diagnoses.map((d) => ({ code: d.code.coding[0]!.code, span: d.text_span.text })),
}));

for (const split of ['dev', 'heldout'] as const) {
  console.log(`\n### History-only MTS-Dialog snippets (policy: no code), ${split === 'dev' ? 'development' : 'held-out'}\n`);
  console.log('| section header | snippets | snippets with any code | codes emitted | abstention % |\n| --- | --- | --- | --- | --- |');
  const inSplit = results.filter((s) => s.split === split);
  for (const h of HEADERS) console.log(row(h, inSplit.filter((s) => s.header === h)));
  console.log(row('**overall**', inSplit));
}

if (process.argv.includes('--detail')) {
  // Development snippets only: held-out snippets' texts and codes stay unseen.
  console.log('\n| id | header | codes | evidence span |\n| --- | --- | --- | --- |');
  for (const s of results.filter((x) => x.split === 'dev' && x.codes.length > 0)) {
    console.log(`| ${s.id} | ${s.header} | ${s.codes.map((c) => c.code).join(' ')} | ${s.codes.map((c) => JSON.stringify(c.span)).join(' ')} |`);
  }
}
