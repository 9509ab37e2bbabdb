// Body-site subterms of the Alphabetic Index (data/icd10cm/coding-sites.tsv, built by
// scripts/build-coding-index.ts): the site a sentence names picks the code by site and side
// ("trigger finger … right index finger" M65.30 → M65.321; "melanoma on her back" C43.9 → C43.59).
import { alternation, wordsPattern } from '../language/data.ts';
import { codingCues } from '../language/coding.ts';
import { icd10cmTable } from '../lexicon/tables.ts';
import { tiedTo } from './site-ties.ts';

/**
 * A site subterm of one or more main terms ("carcinoma|cancer"), whether it must be said tied to
 * the mention, or only in its sentence (`near`: a spine region, "arthritis … of your neck"; never
 * read from the whole visit), and the personal-history code of a malignancy there (Z85.3 for the breast).
 */
export interface SiteSpec { mains: string[]; spec: string; tied: boolean; near: boolean; history?: string }
interface SiteRows {
  pattern: RegExp;
  /** The sites coded by side only (read from the whole visit); undefined when there are none. */
  sidedPattern?: RegExp;
  specs: Map<string, SiteSpec[]>;
  /** Sites ending in the main term's last word, by their other words ("index" of "index finger" under Trigger finger). */
  leads: { lead: string; site: SiteSpec }[];
}
let table: Map<string, SiteRows> | undefined;

function sites(): Map<string, SiteRows> {
  if (table) return table;
  const grouped = new Map<string, Map<string, SiteSpec[]>>();
  for (const [code, mains, site, spec, tied, history] of icd10cmTable('coding-sites.tsv')) {
    if (!code || !mains || !site || !spec) continue;
    const specs = grouped.get(code) ?? new Map<string, SiteSpec[]>();
    specs.set(site, [...(specs.get(site) ?? []), { mains: mains.split('|'), spec, tied: tied === 'tied', near: tied === 'near', history }]);
    grouped.set(code, specs);
  }
  table = new Map();
  for (const [code, specs] of grouped) {
    const leads = [...specs].flatMap(([site, list]) => list.filter((x) => x.mains.some((main) => main.split(' ').at(-1) === site.split(' ').at(-1) && site.includes(' '))).map((x) => ({ lead: site.slice(0, site.lastIndexOf(' ')), site: x })));
    const sided = [...specs].filter(([, list]) => list.some((x) => !x.tied && !x.near)).map(([site]) => site);
    const pattern = (words: string[]): RegExp => new RegExp(`\\b(?:${alternation(words)})s?\\b`, 'gi');
    table.set(code, { pattern: pattern([...specs.keys()]), sidedPattern: sided.length > 0 ? pattern(sided) : undefined, specs, leads });
  }
  return table;
}

/**
 * The code spec (by side) of the index site subterm named nearest to the mention at
 * `at` in `sentence` (one tied to it first; a site without sides only when tied), for a condition named `name` whose default code is `code`; undefined
 * when the sentence names none of its sites, or the condition is not named by the main term
 * the sites are subterms of ("arthritis" is not "Osteoarthritis, shoulder").
 */
export function indexSiteSpec(code: string, name: string, sentence: string, at: { start: number; end: number }): SiteSpec | undefined {
  const rows = sites().get(code);
  if (!rows) return undefined;
  const named = ` ${name.toLowerCase()} `;
  let best: { site: SiteSpec; dist: number } | undefined;
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
    if (!best || dist < best.dist) best = { site, dist };
  }
  return best?.site ?? splitSite(rows, named, sentence.slice(0, at.start));
}

/**
 * The site of a condition named in the visit when its sentence names none: the site of the
 * main term coded by side that the visit names most, when it stands out (named more often than
 * any other), as the injury tables read the visit's site (specify.ts visitSiteOf): "right
 * trigger finger injection" in a visit about the "right index finger". Sites of no side are
 * not read from the visit.
 */
export function visitIndexSiteSpec(code: string, name: string, visit: string): SiteSpec | undefined {
  const rows = sites().get(code);
  const re = rows?.sidedPattern;
  if (!rows || !re) return undefined;
  const named = ` ${name.toLowerCase()} `;
  const counts = new Map<SiteSpec, number>();
  re.lastIndex = 0;
  for (let m = re.exec(visit); m; m = re.exec(visit)) {
    const said = m[0].toLowerCase().replace(/\s+/g, ' ');
    const site = (rows.specs.get(said) ?? rows.specs.get(said.replace(/s$/, '')))?.find((x) => !x.tied && !x.near && x.mains.some((main) => named.includes(` ${main} `)));
    if (site) counts.set(site, (counts.get(site) ?? 0) + 1);
  }
  const [first, second] = [...counts].sort((a, b) => b[1] - a[1]);
  return first && (!second || first[1] > second[1]) ? first[0] : undefined;
}

/**
 * A site said around the main term that shares its last word: "right index trigger finger"
 * is the index finger of "Trigger finger, index finger M65.32-".
 */
function splitSite(rows: SiteRows, named: string, before: string): SiteSpec | undefined {
  const words = before.toLowerCase().match(/[a-z']+/g)?.slice(-3).join(' ');
  if (!words) return undefined;
  return rows.leads.find(({ lead, site }) => ` ${words}`.endsWith(` ${lead}`) && site.mains.some((main) => named.includes(` ${main} `)))?.site;
}


let levelBefore: RegExp | undefined;

/**
 * The spine region of the sentence before, for a condition whose sentence points back to its
 * level ("facet joint disease at this level" after "a grade two L4 spondylolisthesis"; coding.json
 * level_said_before): only a region (`near` rows), never a site by side. `before` is the text
 * before the condition's sentence.
 */
export function levelSaidBeforeSpec(code: string, name: string, sentence: string, before: string): SiteSpec | undefined {
  levelBefore ??= new RegExp(wordsPattern(codingCues().level_said_before.phrases), 'i');
  if (!levelBefore.test(sentence)) return undefined;
  const prev = before.trimEnd().split(/(?<=[.!?])\s+/).at(-1) ?? '';
  const spec = indexSiteSpec(code, name, prev, { start: prev.length, end: prev.length });
  return spec?.near ? spec : undefined;
}
