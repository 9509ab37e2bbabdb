// Builds the shipped code sets from ../shared/data (run once; outputs are committed):
//   data/icd10cm/codes.tsv.gz  — every FY2026 billable ICD-10-CM code: code_dotted \t title
//   data/drugs/drugs.tsv       — Orange Book drug terms: term \t generic \t rx (1 if prescription)
//   data/icd10cm/index-terms.tsv, data/lexicon/injury-codes.tsv — see their sections below
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

// ---------------------------------------------------------------- injury codes by type and site
// data/lexicon/injury-codes.tsv: type \t site \t R \t L \t B \t U ('-' = none). Initial-encounter
// codes of the injury types the coder names (contusion, laceration, strain, dislocation, burn…),
// read off the FY2026 billable code titles: "Contusion of right index finger without damage
// to nail, initial encounter" → contusion / index finger / R. `site` is the title's wording
// with the side taken out; data/lexicon/injury-sites.tsv maps spoken sites onto it. Only the
// default reading of a site is kept (no qualifier, or a "without …" one: without damage to
// nail, without penetration into a cavity).

const INJURY_TYPES: [string, RegExp][] = [
  ['contusion', /^Contusion(?: of|,) /],
  ['abrasion', /^Abrasion(?: of|,) /],
  ['laceration', /^Laceration without foreign body(?: of|,) /],
  ['laceration with foreign body', /^Laceration with foreign body(?: of|,) /],
  ['puncture wound', /^Puncture wound without foreign body(?: of|,) /],
  ['open bite', /^Open bite(?: of|,) /],
  ['insect bite', /^Insect bite \(nonvenomous\)(?: of|,) /],
  ['superficial foreign body', /^Superficial foreign body(?: of|,) /],
  ['blister', /^Blister \(nonthermal\)(?: of|,) /],
  ['dislocation', /^(?:Unspecified d|D)islocation of /],
  ['subluxation', /^(?:Unspecified s|S)ubluxation of /],
  ['sprain', /^(?:Unspecified s|S)prain of /],
  ['strain', /^Strain of /],
  ['burn', /^Burn of unspecified degree of /],
  ['burn of first degree', /^Burn of first degree of /],
  ['burn of second degree', /^Burn of second degree of /],
  ['burn of third degree', /^Burn of third degree of /],
];
type InjurySide = 'R' | 'L' | 'B' | 'U';
const SIDE_OF: Record<string, InjurySide> = { right: 'R', left: 'L', bilateral: 'B', unspecified: 'U' };

/** A strain title's site: the muscle group or the level it names. */
function strainSite(rest: string): string | undefined {
  const level = /^unspecified muscles?,? (?:fascia )?and tendons? at (.+) level, \w+$/.exec(rest);
  if (level) return level[1];
  const named: [RegExp, string][] = [
    [/^muscles? and tendons? of the rotator cuff of shoulder$/, 'rotator cuff'],
    [/^achilles tendon$/i, 'achilles tendon'],
    [/^quadriceps muscle, fascia and tendon$/, 'quadriceps'],
    [/^adductor muscle, fascia and tendon of thigh$/, 'adductor of thigh'],
    [/^muscle, fascia and tendon of the posterior muscle group at thigh level, thigh$/, 'posterior muscle group at thigh level'],
    [/^other muscles? and tendons? of posterior muscle group at lower leg level, leg$/, 'posterior muscle group at lower leg level'],
    [/^muscle, fascia and tendon of other parts of biceps, arm$/, 'biceps'],
    [/^muscle, fascia and tendon of triceps, arm$/, 'triceps'],
  ];
  for (const [re, site] of named) if (re.test(rest)) return site;
  const of = /^muscles?,? (?:fascia )?and tendons? (?:of|at) (.+?)(?: level)?$/.exec(rest);
  return of?.[1];
}

/** Title (less its type and encounter words) → side, site and qualifier. */
function injuryParts(type: string, rest: string): { side: InjurySide; site: string; qual: string } | undefined {
  let r = rest.replace(/\s*\[[^\]]*\]/g, '').replace(/\s*\((?:nail|septum|s|nonvenomous)\)/g, '').replace(/\(s\)/g, '');
  let side: InjurySide | undefined;
  const named = /, (right|left|unspecified) side$|, (bilateral)$/.exec(r);
  if (named) {
    side = SIDE_OF[named[1] ?? named[2]!];
    r = r.slice(0, named.index);
  }
  const lr = /\b(right|left|bilateral)\b /.exec(r);
  if (!side && lr) {
    side = SIDE_OF[lr[1]!];
    r = r.slice(0, lr.index) + r.slice(lr.index + lr[0].length);
  }
  if (!side) {
    // The last "unspecified" before a site word (not "unspecified part of", "… site").
    const all = [...r.matchAll(/\bunspecified (?!site\b|part\b|parts\b|ligament\b|muscles?\b|degree\b|quadrant\b|flank\b|external\b)/g)];
    const last = all[all.length - 1];
    if (last) {
      side = 'U';
      r = r.slice(0, last.index) + r.slice(last.index + last[0].length);
    }
  }
  r = r.replace(/, unspecified site$/, '').replace(/^unspecified (?:site|part|parts|ligament) of /, '').replace(/, unspecified$/, '');
  r = r.replace(/^single (finger) except thumb$/, '$1').replace(/^(.+), \1$/, '$1');
  let site = r;
  let qual = '';
  if (type === 'strain') {
    const s = strainSite(r);
    if (!s) return undefined;
    site = s;
  } else {
    const q = / (with(?:out)? .*)$/.exec(r);
    if (q) {
      site = r.slice(0, q.index);
      qual = q[1]!;
    }
  }
  return { side: side ?? 'U', site: site.toLowerCase().trim(), qual };
}

const injuries = new Map<string, Partial<Record<InjurySide, { code: string; rank: number }>>>();
for (const [code, title] of billable) {
  if (!/^(?:S|T2[0-5])/.test(code) || !code.endsWith('A') || !title.endsWith(', initial encounter')) continue;
  const t = title.slice(0, -', initial encounter'.length);
  const hit = INJURY_TYPES.find(([, re]) => re.test(t));
  if (!hit) continue;
  const [type, re] = hit;
  const parts = injuryParts(type, t.replace(re, ''));
  if (!parts || parts.qual.startsWith('with ')) continue;
  // Default reading first: no qualifier, then "without …"; "Unspecified sprain of" before
  // "Sprain of"; then the lower code.
  const rank = (parts.qual ? 2 : 0) + (/^Unspecified /.test(t) ? 0 : 1);
  const key = `${type}\t${parts.site}`;
  const row = injuries.get(key) ?? {};
  const seen = row[parts.side];
  if (!seen || rank < seen.rank) row[parts.side] = { code, rank };
  injuries.set(key, row);
}
const injuryRows = [...injuries]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([key, row]) => [key, ...(['R', 'L', 'B', 'U'] as const).map((s) => row[s]?.code ?? '-')].join('\t'));
writeFileSync(
  new URL('../data/lexicon/injury-codes.tsv', import.meta.url),
  '# Generated by scripts/build-lexicon.ts from data/icd10cm/codes.tsv.gz (see SOURCES.md); do not edit.\n# type\tsite\tR\tL\tB\tU\n' + injuryRows.join('\n') + '\n',
);
console.log(`injury codes: ${injuryRows.length} type/site rows`);
