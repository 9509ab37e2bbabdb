// Body-site subterms of the Alphabetic Index (data/icd10cm/coding-sites.tsv, built by
// scripts/build-coding-index.ts): the site a sentence names picks the code by site and side
// ("trigger finger … right index finger" M65.30 → M65.321; "melanoma on her back" C43.9 → C43.59).
import { readFileSync } from 'node:fs';
import { alternation } from '../language/data.ts';
import { tiedTo } from './site-ties.ts';

const FILE = new URL('../../../../data/icd10cm/coding-sites.tsv', import.meta.url);
/** A site subterm of one or more main terms ("carcinoma|cancer"), and whether it must be said tied to the mention. */
interface SiteSpec { mains: string[]; spec: string; tied: boolean }
interface SiteRows { pattern: RegExp; specs: Map<string, SiteSpec[]> }
let table: Map<string, SiteRows> | undefined;

function sites(): Map<string, SiteRows> {
  if (table) return table;
  const grouped = new Map<string, Map<string, SiteSpec[]>>();
  for (const line of readFileSync(FILE, 'utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [code, mains, site, spec, tied] = line.split('\t');
    if (!code || !mains || !site || !spec) continue;
    const specs = grouped.get(code) ?? new Map<string, SiteSpec[]>();
    specs.set(site, [...(specs.get(site) ?? []), { mains: mains.split('|'), spec, tied: tied === 'tied' }]);
    grouped.set(code, specs);
  }
  table = new Map();
  for (const [code, specs] of grouped) table.set(code, { pattern: new RegExp(`\\b(?:${alternation([...specs.keys()])})s?\\b`, 'gi'), specs });
  return table;
}

/**
 * The code spec (by side) of the index site subterm named nearest to the mention at
 * `at` in `sentence` (one tied to it first; a site without sides only when tied), for a condition named `name` whose default code is `code`; undefined
 * when the sentence names none of its sites, or the condition is not named by the main term
 * the sites are subterms of ("arthritis" is not "Osteoarthritis, shoulder").
 */
export function indexSiteSpec(code: string, name: string, sentence: string, at: { start: number; end: number }): string | undefined {
  const rows = sites().get(code);
  if (!rows) return undefined;
  const named = ` ${name.toLowerCase()} `;
  let best: { spec: string; dist: number } | undefined;
  rows.pattern.lastIndex = 0;
  for (let m = rows.pattern.exec(sentence); m; m = rows.pattern.exec(sentence)) {
    const said = m[0].toLowerCase().replace(/\s+/g, ' ');
    const site = (rows.specs.get(said) ?? rows.specs.get(said.replace(/s$/, '')))?.find((x) => x.mains.some((main) => named.includes(` ${main} `)));
    if (!site) continue;
    const end = m.index + m[0].length;
    // A site tied to the mention is its own ("melanoma on her back"); a site without sides only then.
    const tied = tiedTo(sentence, at, { start: m.index, end });
    if (site.tied && !tied) continue;
    const dist = tied ? 0 : end <= at.start ? at.start - end : m.index - at.end;
    if (!best || dist < best.dist) best = { spec: site.spec, dist };
  }
  return best?.spec;
}

