import { readFileSync } from 'node:fs';
import { generateSoapNote } from '../src/engines/clinical/soap/index.ts';
import { parseCsv } from '../scripts/lib/csv.ts';
const DATA = new URL('../../shared/data/aci-bench/challenge_data/', import.meta.url);
const rows = parseCsv(readFileSync(new URL(`valid.csv`, DATA), 'utf8')).slice(1).filter((r) => r.length >= 4);
const r = rows[Number(process.argv[2] ?? 0)]!;
console.log(generateSoapNote({ transcript: r[2]!, noteType: { type: 'soap' }, patientInfo: { gender: 'female' } }).markdown);
console.log('=====REFERENCE=====\n' + r[3]);
