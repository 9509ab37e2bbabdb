// Body-site subterms of the Alphabetic Index (data/icd10cm/coding-sites.tsv, built by
// scripts/build-coding-index.ts): the site a sentence names picks the code by site and side
// ("trigger finger … right index finger" M65.30 → M65.321).
import { readFileSync } from 'node:fs';
import { alternation } from '../language/data.ts';

const FILE = new URL('../../../../data/icd10cm/coding-sites.tsv', import.meta.url);
interface SiteRows { main: string; pattern: RegExp; specs: Map<string, string> }
let table: Map<string, SiteRows> | undefined;

function sites(): Map<string, SiteRows> {
  if (table) return table;
  const grouped = new Map<string, { main: string; specs: Map<string, string> }>();
  for (const line of readFileSync(FILE, 'utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [code, main, site, spec] = line.split('\t');
    if (!code || !main || !site || !spec) continue;
    const g = grouped.get(code) ?? { main, specs: new Map<string, string>() };
    g.specs.set(site, spec);
    grouped.set(code, g);
  }
  table = new Map();
  for (const [code, { main, specs }] of grouped) table.set(code, { main, pattern: new RegExp(`\\b(?:${alternation([...specs.keys()])})s?\\b`, 'gi'), specs });
  return table;
}

/**
 * The code spec (by side) of the index site subterm named nearest to the mention at
 * `at` in `sentence`, for a condition named `name` whose default code is `code`; undefined
 * when the sentence names none of its sites, or the condition is not named by the main term
 * the sites are subterms of ("arthritis" is not "Osteoarthritis, shoulder").
 */
export function indexSiteSpec(code: string, name: string, sentence: string, at: { start: number; end: number }): string | undefined {
  const rows = sites().get(code);
  if (!rows || !` ${name.toLowerCase()} `.includes(` ${rows.main} `)) return undefined;
  let best: { spec: string; dist: number } | undefined;
  rows.pattern.lastIndex = 0;
  for (let m = rows.pattern.exec(sentence); m; m = rows.pattern.exec(sentence)) {
    const said = m[0].toLowerCase().replace(/\s+/g, ' ');
    const spec = rows.specs.get(said) ?? rows.specs.get(said.replace(/s$/, ''));
    if (!spec) continue;
    const end = m.index + m[0].length;
    const dist = end <= at.start ? at.start - end : m.index >= at.end ? m.index - at.end : 0;
    if (!best || dist < best.dist) best = { spec, dist };
  }
  return best?.spec;
}

