// Index-lookup recall self-check (issue #18): entries of the FY2025 Alphabetic Index and FY2026
// tabular titles, rephrased the way clinicians write them (subterm first, reordered "X of Y" ↔ "Y X",
// pluralised, abbreviated), each coded alone in a one-line assessment; the share whose category the
// coder reaches, and the share of codes it gives in another category. Touches no gold set.
import { readFileSync } from 'node:fs';
import { codeText } from '../src/engines/clinical/coding/index.ts';
import { parseCsv } from '../scripts/lib/csv.ts';

const shared = new URL('../../shared/data/', import.meta.url).pathname;
// Chapters that need axes one phrase cannot give (injuries, external causes, pregnancy, perinatal, Z).
const SKIP_CHAPTER = /^[OPSTVWXYZ]/;
// Sub-terms that are connectives or catch-alls, not a way to name the condition.
const NOT_SAID = /\b(?:with|without|due|in|of|nec|and|or|by|to|specified|other|unspecified|see|following|after|during)\b|[^a-z ]/;
const STEP = 23; // every 23rd eligible entry: a fixed sample, the same on every run

interface Case { kind: string; phrase: string; category: string }

// Nouns in -is, -us, -um, -ss take a Latin or no plural ("arthritis"): left out of the plural rows.
const LATIN = /(?:is|us|um|ss|ae|ia)$/;
const plural = (w: string): string => (/(?:s|sh|ch|x)$/.test(w) ? `${w}es` : /[^aeiou]y$/.test(w) ? `${w.slice(0, -1)}ies` : `${w}s`);
const pluralLast = (p: string): string => p.replace(/(\w+)$/, (w) => plural(w));

/** Body sites: the first-level terms of the Table of Neoplasms ("breast", "kidney"). */
function neoplasmSites(): Set<string> {
  const [header, ...rows] = parseCsv(readFileSync(`${shared}icd10cm/icd10cm_2025_table_of_neoplasms.csv`, 'utf8'));
  const level = header!.indexOf('Level');
  const term = header!.indexOf('Term');
  return new Set(rows.filter((r) => r[level] === '1').map((r) => r[term]!.toLowerCase().replace(/\s*\([^)]*\)/g, '').trim()));
}

/** "calculus" → "calculi", "metastasis" → "metastases", "diverticulum" → "diverticula", "varix" → "varices". */
function latinPlural(w: string): string | undefined {
  for (const [one, many] of [['sis', 'ses'], ['us', 'i'], ['um', 'a'], ['ix', 'ices']] as const) if (w.endsWith(one) && w.length > one.length + 3) return w.slice(0, -one.length) + many;
  return undefined;
}

function indexCases(): Case[] {
  const rows = parseCsv(readFileSync(`${shared}icd10cm/icd10cm_2025_index.csv`, 'utf8')).slice(1);
  const sites = neoplasmSites();
  const out: Case[] = [];
  let main = '';
  let n = 0;
  for (const [, , level, term = '', , , , code = ''] of rows) {
    const t = term.toLowerCase().replace(/\s*\([^)]*\)/g, '').trim();
    if (level === '0') main = t.split(',')[0]!.trim();
    if (level !== '1' || !code || SKIP_CHAPTER.test(code) || NOT_SAID.test(t) || NOT_SAID.test(main) || t.split(' ').length > 3) continue;
    if (n++ % STEP !== 0) continue;
    const category = code.slice(0, 3);
    out.push({ kind: 'index: subterm + main term', phrase: `${t} ${main}`, category });
    // "Abscess, liver" → "abscess of the liver": a site subterm only ("abdomen, acute" is no "of" phrase).
    if (sites.has(t)) out.push({ kind: 'index: main term of the (site) subterm', phrase: `${main} of the ${t}`, category });
    if (!LATIN.test(main)) out.push({ kind: 'index: plural', phrase: pluralLast(`${t} ${main}`), category });
    const latin = latinPlural(main);
    if (latin) out.push({ kind: 'index: Latin plural', phrase: `${t} ${latin}`, category });
  }
  return out;
}

/** The Alphabetic Index's rows, each with the path of terms down to it (lower case, no nonessential modifiers). */
function* indexPaths(): Generator<{ level: string; term: string; code: string; path: readonly string[] }> {
  const rows = parseCsv(readFileSync(`${shared}icd10cm/icd10cm_2025_index.csv`, 'utf8')).slice(1);
  const path: string[] = [];
  for (const [, , level = '0', term = '', , , , code = ''] of rows) {
    path.length = Number(level);
    path.push(term.toLowerCase().replace(/\s*\([^)]*\)/g, '').trim());
    yield { level, term, code, path };
  }
}

// The neck, lower back and upper back as patients name the spine regions (Tabular List M40-M54 regions).
const LAY_REGION: Record<string, string> = { cervical: 'neck', lumbar: 'lower back', thoracic: 'upper back' };

/**
 * Index entries of the Dorsopathies (M40-M54) coded by spine region ("Spondylosis, without
 * myelopathy or radiculopathy, cervical region" M47.812), said with the region first ("cervical
 * spondylosis") or after the condition in lay words ("spondylosis in the neck"); a "without …"
 * subterm on the way is left unsaid. Scored at the code (the region is the point), not the category.
 */
function spineRegionCases(): Case[] {
  const out: Case[] = [];
  for (const { code, path } of indexPaths()) {
    const region = /^(\w+) region$/.exec(path.at(-1)!)?.[1];
    if (!region || path.length < 2 || !/^M(?:4\d|5[0-4])\./.test(code)) continue;
    const between = path.slice(1, -1);
    if (!between.every((w) => w.startsWith('without '))) continue;
    const main = path[0]!.split(',')[0]!.trim();
    if (!/^[a-z]+$/.test(main)) continue;
    const exact = code.replace(/-$/, '');
    out.push({ kind: 'spine region: region + main term (code)', phrase: `${region} ${main}`, category: exact });
    if (LAY_REGION[region]) out.push({ kind: 'spine region: main term in the lay region (code)', phrase: `${main} in the ${LAY_REGION[region]}`, category: exact });
  }
  return out;
}

/**
 * A named member two levels down under a one-word kind ("Deficiency, vitamin, D" E55.9; "Deficiency,
 * immunity, IgA" D80.2), the member written with a capital or digit: said kind first ("vitamin d
 * deficiency") and, for a name of two or more characters, without the kind ("iga deficiency").
 */
function namedSecondLevelCases(): Case[] {
  const out: Case[] = [];
  for (const { level, term, code, path } of indexPaths()) {
    if (level !== '2' || !code || SKIP_CHAPTER.test(code) || !/[A-Z0-9]/.test(term)) continue;
    const [main = '', kind = '', name = ''] = [path[0]!.split(',')[0]!.trim(), path[1]!, path[2]!];
    if (!/^[a-z]+$/.test(main) || !/^[a-z]+$/.test(kind) || NOT_SAID.test(kind) || !/^[a-z0-9]+$/.test(name) || /\b(?:nos|nec)\b/.test(name)) continue;
    const category = code.slice(0, 3);
    out.push({ kind: 'index: kind word + named second level + main term', phrase: `${kind} ${name} ${main}`, category });
    if (name.length > 1) out.push({ kind: 'index: named second level + main term', phrase: `${name} ${main}`, category });
  }
  return out;
}

function tabularCases(): Case[] {
  const lines = readFileSync(`${shared}icd10cm/icd10cm_codes_2026.tsv`, 'utf8').split('\n').slice(1);
  const out: Case[] = [];
  let n = 0;
  for (const line of lines) {
    const [, code = '', title = ''] = line.split('\t');
    const t = title.toLowerCase();
    const words = t.split(' ');
    if (SKIP_CHAPTER.test(code) || words.length < 2 || words.length > 5 || /[^a-z ]/.test(t)) continue;
    const of = /^(\w+(?: \w+)?) of (?:the )?(\w+(?: \w+)?)$/.exec(t);
    const plain = !/\b(?:with|without|due|in|of|and|or|by|to|specified|other|unspecified|right|left|bilateral)\b/.test(t);
    if (!of && !plain) continue;
    if (n++ % STEP !== 0) continue;
    const category = code.slice(0, 3);
    if (of) {
      out.push({ kind: 'tabular: title "X of Y"', phrase: t, category });
      out.push({ kind: 'tabular: reordered "Y X"', phrase: `${of[2]} ${of[1]}`, category });
    } else {
      out.push({ kind: 'tabular: title', phrase: t, category });
      if (!LATIN.test(t)) out.push({ kind: 'tabular: title, plural', phrase: pluralLast(t), category });
    }
  }
  return out;
}

/** Abbreviations whose one sense (share ≥ 0.9 in the sign-out inventory) names a condition: the sense coded gives the category. */
function abbreviationCases(): Case[] {
  const out: Case[] = [];
  for (const line of readFileSync(`${shared}abbreviations/stetson_signout_sense_distribution.tsv`, 'utf8').split('\n')) {
    const [abbr = '', sense = '', share = '0'] = line.split('\t');
    if (Number(share) < 0.9 || !/^[a-z]{2,5}$/.test(abbr)) continue;
    const codes = coded(sense);
    if (codes.length !== 1 || SKIP_CHAPTER.test(codes[0]!)) continue;
    out.push({ kind: 'abbreviation (sign-out inventory)', phrase: abbr.toUpperCase(), category: codes[0]!.slice(0, 3) });
  }
  return out;
}

function coded(phrase: string): string[] {
  return codeText(`ASSESSMENT\n${phrase}.\nPLAN\nWe will treat this.`).diagnoses.map((d) => d.code.coding[0]!.code);
}

const cases = [...indexCases(), ...tabularCases(), ...abbreviationCases(), ...spineRegionCases(), ...namedSecondLevelCases()];
const kinds = new Map<string, { n: number; hit: number; codes: number; wrong: number }>();
for (const c of cases) {
  const codes = coded(c.phrase);
  if (process.argv.includes('--misses') && !codes.some((x) => x.startsWith(c.category))) console.log(`${c.kind}\t${c.phrase}\t${c.category}\t${codes.join(' ')}`);
  const k = kinds.get(c.kind) ?? { n: 0, hit: 0, codes: 0, wrong: 0 };
  k.n++;
  if (codes.some((x) => x.startsWith(c.category))) k.hit++;
  k.codes += codes.length;
  k.wrong += codes.filter((x) => !x.startsWith(c.category)).length;
  kinds.set(c.kind, k);
}
const pct = (a: number, b: number): string => (b ? ((a / b) * 100).toFixed(1) : '-');
console.log('\n### Index lookup recall on rephrased index entries and tabular titles (category level)\n');
console.log('| rephrasing | phrases | category reached % | codes given | in another category % |');
console.log('| --- | --- | --- | --- | --- |');
for (const [kind, k] of kinds) console.log(`| ${kind} | ${k.n} | ${pct(k.hit, k.n)} | ${k.codes} | ${pct(k.wrong, k.codes)} |`);
