// Builds data/icd10cm/coding-index.tsv for the coder's index lookup (issue #18) from the FY2025
// Alphabetic Index to Diseases (../shared/data/icd10cm/icd10cm_2025_index.csv), codes resolved
// against the FY2026 billable set. Rows: phrase \t code spec (a code, or R:…,L:…,U:… by side)
// [\t symptom, when the main term names a symptom coded outside chapter XVIII].
// Phrases are the ways a clinician names an index entry:
//   - a main term ("Goiter" E04.9), each of its comma forms ("Enlargement, enlarged"), and each
//     nonessential modifier before it ("chronic sinusitis", as "(chronic)" leaves the code alone);
//   - main term + first-level subterm, either order ("hepatitis c", "enlarged thyroid");
//   - a "see" reference followed to the entry it names ("thyroid — see Goiter" → E04.9).
// Main terms that name no diagnosis on their own (GENERAL) are left out as single phrases.
// Usage: node_modules/.bin/node --import tsx scripts/build-coding-index.ts [shared-data-dir] [--trace]
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv } from './lib/csv.ts';

const shared = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? new URL('../../shared/data', import.meta.url).pathname;
const out = new URL('../data/icd10cm/coding-index.tsv', import.meta.url).pathname;
const outDefaults = new URL('../data/icd10cm/coding-defaults.tsv', import.meta.url).pathname;
const outSites = new URL('../data/icd10cm/coding-sites.tsv', import.meta.url).pathname;
const outSides = new URL('../data/icd10cm/coding-sides.tsv', import.meta.url).pathname;
const outSexes = new URL('../data/icd10cm/coding-sexes.tsv', import.meta.url).pathname;

const billable = new Map(
  readFileSync(join(shared, 'icd10cm/icd10cm_codes_2026.tsv'), 'utf8').split('\n').slice(1).filter(Boolean).map((l) => {
    const [, dotted, title] = l.split('\t');
    return [dotted!, title!] as [string, string];
  }),
);
const sorted = [...billable.keys()].sort();

const byTitle = new Map([...billable].map(([code, title]) => [title.toLowerCase(), code]));
/**
 * The right and left codes of an unspecified-side code, when the tabular list has them under the
 * same title with the side named ("Malignant neoplasm of unspecified site of unspecified female
 * breast" C50.919 → "…of right female breast" C50.911, "…of left female breast" C50.912): the
 * codes by side of one site among several ("Neoplasm, breast C50.9-" spans female and male).
 */
function sidedSiblings(u: string): string | undefined {
  const title = billable.get(u)?.toLowerCase() ?? '';
  // The side takes the place of the last "unspecified" that names one ("…of unspecified hip,
  // unspecified stage" L89.209 → "…of right hip, unspecified stage" L89.219).
  let i = title.lastIndexOf('unspecified');
  if (i < 0) return undefined;
  const sided = (at: number, side: string): string | undefined => byTitle.get(title.slice(0, at) + side + title.slice(at + 'unspecified'.length));
  while (i > 0 && !(sided(i, 'right') && sided(i, 'left'))) {
    const before = title.lastIndexOf('unspecified', i - 1);
    if (before < 0) break;
    i = before;
  }
  const as = (side: string): string | undefined => sided(i, side) ?? commaSided(title, side);
  const r = as('right');
  const l = as('left');
  // The bilateral title drops the part: "…, unspecified ear" → "…, bilateral" (H91.90 → H91.93).
  const partDropped = /, unspecified [a-z]+$/.test(title) ? byTitle.get(title.replace(/, unspecified [a-z]+$/, ', bilateral')) : undefined;
  const b = as('bilateral') ?? partDropped;
  const same = (c: string | undefined): c is string => c !== undefined && c.slice(0, 3) === u.slice(0, 3);
  return same(r) && same(l) ? `R:${r},L:${l},${same(b) ? `B:${b},` : ''}U:${u}` : undefined;
}

/**
 * A title whose "unspecified" closes it after a comma names its side before the site instead
 * ("Pain in arm, unspecified" M79.603 → "Pain in right arm" M79.601): the title with the side
 * put before one of its words, the last first.
 */
function commaSided(title: string, side: string): string | undefined {
  const words = /^(.*), unspecified$/.exec(title)?.[1]?.split(' ') ?? [];
  for (let k = words.length - 1; k > 0; k--) {
    const code = byTitle.get([...words.slice(0, k), side, ...words.slice(k)].join(' '));
    if (code) return code;
  }
  return undefined;
}

/** An index code (maybe a category or "M20.2-") as billable codes by side; the unspecified code of a category. */
function resolve(raw: string): string | undefined {
  const prefix = raw.replace(/-$/, '');
  if (billable.has(prefix)) return prefix;
  const under = sorted.filter((c) => c.startsWith(prefix) && (!/^[ST]/.test(c) || c.endsWith('A')));
  if (under.length === 1) return under[0];
  // Among equals, the code unspecified on the most axes: "L89.2-" (hip, stage not said) is L89.209
  // "…of unspecified hip, unspecified stage", not L89.200 "…of unspecified hip, unstageable".
  // ("…with loss of consciousness of unspecified duration" says a state, not an axis left open; a
  // title opening "Unspecified tear…" leaves open the type the index term names, "bucket-handle".)
  const unspecifiedAxes = (c: string): number => billable.get(c)!.match(/(?<!^)unspecified(?! duration)/gi)?.length ?? 0;
  const pick = (re: RegExp, not?: RegExp): string | undefined =>
    under.filter((c) => re.test(billable.get(c)!) && !(not && not.test(billable.get(c)!))).sort((a, b) => a.length - b.length || unspecifiedAxes(b) - unspecifiedAxes(a) || a.localeCompare(b))[0];
  // The unspecified code of no side first ("C50.9-" → C50.919, not C50.911 "…of right female breast").
  // …else the code the tabular list titles as the one "without mention of" the axes the others add
  // ("M51.36-" → M51.369 "…lumbar region without mention of lumbar back pain or lower extremity pain").
  const u = pick(/unspecified/i, /\b(?:right|left|bilateral)\b/i) ?? pick(/unspecified/i) ?? pick(/\bwithout mention of\b/i);
  if (!u) return undefined;
  // By side only when the category has one right and one left code (one site): "Abscess,
  // thigh L02.41-" spans axilla to foot, and the index gives no way to pick the site.
  const rights = under.filter((c) => /\bright\b/i.test(billable.get(c)!)).length;
  const lefts = under.filter((c) => /\bleft\b/i.test(billable.get(c)!)).length;
  if (rights !== 1 || lefts !== 1) return sidedSiblings(u) ?? u;
  const r = pick(/\bright\b/i, /\bleft\b|unspecified/i);
  const l = pick(/\bleft\b/i, /\bright\b|unspecified/i);
  // A title that is itself "Unspecified …" names its side after it ("Unspecified mononeuropathy of
  // right upper limb" G56.91): the sides are then read from the unspecified code's own title.
  return r && l ? `R:${r},L:${l},U:${u}` : sidedSiblings(u) ?? u;
}

// Body sites as said (data/lexicon/injury-sites.tsv spoken forms): see siteSubterms and codeOf.
const SITE_WORDS = new Set(
  readFileSync(new URL('../data/lexicon/injury-sites.tsv', import.meta.url), 'utf8').split('\n')
    .filter((l) => l && !l.startsWith('#')).flatMap((l) => l.split('\t')[0]!.split('|').map((w) => w.trim().toLowerCase())),
);
// Index site words as the tabular titles may name them (data/icd10cm/index-synonyms.tsv read
// backwards): "Pain, limb, lower M79.60-" is titled "Pain in right leg" M79.604.
const SYNONYM_ROWS = readFileSync(new URL('../data/icd10cm/index-synonyms.tsv', import.meta.url), 'utf8').split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split('\t') as [string, string]);
const TITLED_AS = new Map(SYNONYM_ROWS.flatMap(([word, said]) => said.split('|').map((s) => [s, word] as [string, string])));

/** The sites a subterm may name, as said ("Pain, limb, lower" → "lower limb", then "leg" as titled). */
function siteNames(e: Entry): string[] {
  if (e.level === 0) return [];
  const said = [tokens(e.path.slice(1).reverse().join(' ')).join(' '), tokens(e.path[e.level]!).join(' ')];
  return [...new Set(said.flatMap((s) => [s, ...(TITLED_AS.has(s) ? [TITLED_AS.get(s)!] : [])]))];
}

/**
 * The codes under an index code whose tabular titles name a site with its side: one right, one
 * left ("Pain, limb, upper M79.60-" at "arm" → "Pain in right arm" M79.601, "…left arm" M79.602)
 * and the site's own unspecified code ("Pain in arm, unspecified" M79.603; else resolve's).
 */
function titledAtSite(raw: string, site: string): string | undefined {
  if (!site) return undefined;
  const prefix = raw.replace(/-$/, '');
  const under = sorted.filter((c) => c.startsWith(prefix) && (!/^[ST]/.test(c) || c.endsWith('A')));
  const esc = site.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const titled = (side: string): string[] => under.filter((c) => new RegExp(`\\b${side}${esc}\\b`).test(billable.get(c)!.toLowerCase()));
  const [r, l, b] = [titled('right '), titled('left '), titled('bilateral ')];
  if (r.length !== 1 || l.length !== 1) return undefined;
  // The one titled "unspecified" before another unsided one ("…middle back wall of thorax").
  const unspecifiedFirst = (c: string): number => (/unspecified/i.test(billable.get(c)!) ? 0 : 1);
  const u = titled('').filter((c) => !/\b(?:right|left|bilateral)\b/i.test(billable.get(c)!)).sort((x, y) => unspecifiedFirst(x) - unspecifiedFirst(y) || x.length - y.length || x.localeCompare(y))[0];
  const fallback = resolve(raw)?.replace(/^.*U:/, '');
  return `R:${r[0]},L:${l[0]},${b.length === 1 ? `B:${b[0]},` : ''}U:${u ?? fallback}`;
}

/** An index code read at the first of `sites` its titles name with a side, else as resolve reads it. */
function atSites(raw: string, sites: string[]): string | undefined {
  for (const site of sites) {
    const spec = titledAtSite(raw, site);
    if (spec) return spec;
  }
  return resolve(raw);
}

// Main terms too general to stand for a diagnosis, or whose codes need axes a phrase cannot
// give (injury type and site, encounter, poisoning, pregnancy). The last few are titled by
// themselves (titledByItself) but said of no condition ("under anesthesia", "no worries") or of a
// class the visit names more exactly ("immunodeficiency" beside its type).
const GENERAL = new Set(['pain', 'history', 'status', 'examination', 'encounter', 'observation', 'admission', 'problem', 'contact', 'exposure', 'screening', 'test', 'fall', 'injury', 'complication', 'disease', 'disorder', 'syndrome', 'condition', 'findings', 'abnormal', 'counseling', 'care', 'aftercare', 'dependence', 'use', 'pregnancy', 'delivery', 'maternal', 'newborn', 'personal', 'family', 'presence', 'absence', 'tear', 'wound', 'burn', 'fracture', 'sprain', 'strain', 'dislocation', 'contusion', 'bite', 'poisoning', 'effect', 'reaction', 'neoplasm', 'tumor', 'mass', 'lesion', 'cyst', 'abuse', 'late', 'sequelae', 'anomaly', 'deformity', 'deficiency', 'failure', 'insufficiency', 'infection', 'inflammation', 'hemorrhage', 'ulcer', 'obstruction', 'stenosis', 'rupture', 'necrosis', 'other', 'unspecified', 'state', 'person', 'supervision', 'prophylactic', 'vaccination', 'health', 'work', 'stress', 'visit', 'follow-up', 'long-term', 'therapy', 'mental', 'change', 'changes', 'loss', 'history', 'old', 'birth', 'born', 'child', 'death', 'foreign', 'foreign body', 'hit', 'hurt', 'problem', 'new', 'normal', 'well', 'good', 'low', 'high', 'short', 'long', 'large', 'small', 'weak', 'tired', 'sick', 'ill', 'cold', 'hot', 'heat', 'drop', 'drip', 'run', 'shock', 'spasm', 'block', 'blocked', 'sore', 'swelling', 'lump', 'growth', 'attack', 'disability', 'difficulty', 'disturbance', 'dysfunction', 'anxiety', 'excess', 'elevated', 'elevation', 'decrease', 'increase', 'increased', 'decreased', 'positive', 'negative', 'result', 'results', 'level', 'levels', 'procedure', 'operation', 'surgery', 'removal', 'replacement', 'transplant', 'implant', 'device', 'prosthesis', 'graft', 'shunt', 'personality', 'dentition', 'undiagnosed', 'illness', 'worries', 'crowding', 'anesthesia', 'immunodeficiency']);
const WORDS = /^[a-z][a-z0-9' -]*$/;

/** "Enlargement, enlarged" → ["enlargement", "enlarged"]; the term without nonessential words. */
// A bracket gives the term's abbreviation ("prostate specific antigen [PSA]"): the term is said without it (bracketAbbreviations adds it).
const forms = (term: string): string[] => term.toLowerCase().replace(/\s*\([^)]*\)/g, '').replace(/\s*\[[^\]]*\]/g, '').split(',').map((t) => t.trim().replace(/\s+/g, ' ')).filter((t) => WORDS.test(t));
/**
 * A subterm's forms: its comma forms only when they are one word's variants ("infectious,
 * infective"); otherwise the comma qualifies ("escaped, heart" under Beat is not "heart beat").
 */
function subtermForms(term: string): string[] {
  // "Fibrillation, atrial or auricular, persistent": either word is said ("persistent atrial fibrillation").
  const either = /^([a-z]+) or ([a-z]+)$/.exec(forms(term).length === 1 ? forms(term)[0]! : '');
  if (either) return [either[1]!, either[2]!];
  const all = forms(term);
  const stem = all[0]?.slice(0, 4) ?? '';
  if (all.every((f) => f.startsWith(stem))) return all;
  return oneWordsVariants(all) ? all : [];
}

/**
 * One-word forms of one word whose shared beginning is short ("face, facial", "femur, femoral", "viral,
 * virus", "bile, biliary"): at least 3 letters and half the shortest form. Two words that merely begin
 * alike ("constricting, congenital", "spelling, specific", "nontraumatic, nonpuerperal") share less.
 */
function oneWordsVariants(all: string[]): boolean {
  if (all.length < 2 || all.some((f) => f.includes(' '))) return false;
  let shared = all[0]!.length;
  for (const f of all) while (shared > 0 && f.slice(0, shared) !== all[0]!.slice(0, shared)) shared--;
  return shared >= 3 && shared * 2 >= Math.min(...all.map((f) => f.length));
}
const modifiers = (nonEss: string): string[] => [...nonEss.toLowerCase().matchAll(/\(([^)]*)\)/g)].flatMap((m) => m[1]!.split(',')).map((t) => t.trim()).filter((t) => WORDS.test(t) && t.length >= 4);

interface Entry { path: string[]; see: string; code: string; nonEss: string; level: number; written: string }
const entries: Entry[] = [];
const byPath = new Map<string, Entry>();
// A "see" reference names a subterm without its "NEC" ("Addiction, heroin — see Dependence, drug,
// opioid" is filed under "Dependence, drug NEC, opioid"; "Smoker — see Dependence, drug, nicotine"): keyed so too.
const looseKey = (parts: string[]): string => parts.map((p) => p.replace(/\s+nec$/, '').replace(/\s+/g, ' ').trim()).join('|');
const byLoosePath = new Map<string, Entry>();
const byFirstForm = new Map<string, Entry>();
const stack: string[] = [];
// "See also" references, kept for the Table of Neoplasms (neoplasmPhrases).
const seeAlso = new Map<Entry, string>();
// Main terms as written (capitals kept), to know an acronym ("GERD").
const originalTerms = new Map<Entry, string>();
for (const [, , level, term, see, also, nonEss, code] of parseCsv(readFileSync(join(shared, 'icd10cm/icd10cm_2025_index.csv'), 'utf8')).slice(1)) {
  // A note to the coder ("Note: heart failure stages A, B, C, and D are based on…") is no
  // subterm: the rows after it stay under the term before it ("Failure, heart, systolic" I50.20,
  // not under the note, so "systolic heart failure" is found).
  if (/^note:/i.test((term ?? '').trim())) continue;
  const lv = Number(level);
  stack.length = lv;
  stack.push((term ?? '').toLowerCase().replace(/\s*\([^)]*\)/g, '').trim());
  const e: Entry = { path: [...stack], see: see ?? '', code: code ?? '', nonEss: nonEss ?? '', level: lv, written: (term ?? '').trim() };
  entries.push(e);
  if (lv === 0) originalTerms.set(e, (term ?? '').trim());
  if (also) seeAlso.set(e, also);
  byPath.set(e.path.join('|'), e);
  const loose = looseKey(e.path);
  if (!byLoosePath.has(loose)) byLoosePath.set(loose, e);
  // A main term's "see also" names another main term by its first form ("Hepatomegaly — see also
  // Hypertrophy, liver" for the main term "Hypertrophy, hypertrophic"): found under that form too.
  const head = forms(e.path[0]!)[0];
  const alias = head && head !== e.path[0] ? [head, ...e.path.slice(1)].join('|') : undefined;
  if (alias && !byFirstForm.has(alias)) byFirstForm.set(alias, e);
}

// The subterms of each entry, by its path.
const subtermsOf = new Map<string, string[]>();
for (const e of entries) if (e.level > 0) subtermsOf.set(e.path.slice(0, -1).join('|'), [...(subtermsOf.get(e.path.slice(0, -1).join('|')) ?? []), e.path[e.level]!]);
// A subterm that names a body site or a nerve ("median nerve", "ulnar nerve", "knee").
const namesSite = (sub: string): boolean => SITE_WORDS.has(sub) || /\bnerves?$/.test(sub) || SITE_WORDS.has(sub.split(' ').pop()!);
/**
 * A "see" reference that names a main term by its first comma form ("Cholelithiasis — see
 * Calculus, gallbladder" for the main term "Calculus, calculous, calculi"), as byFirstForm keys it.
 * Not when the entry it names is a list of sites ("Pinched nerve — see Neuropathy, entrapment",
 * whose subterms name the nerve): the speaker's site picks among them, and the heading's own code
 * is the unspecified site, which a phrase said with its site ("pinched nerve in my neck") is not.
 * Nor when it names a general main term (GENERAL: "Disease, heart, coronary — see Disease, heart,
 * ischemic"), as a main term's "see also" is not followed there either: those widen.
 */
function firstFormTarget(key: string): Entry | undefined {
  const target = GENERAL.has(key.split('|')[0]!) ? undefined : byFirstForm.get(key);
  const subs = target ? subtermsOf.get(target.path.join('|')) ?? [] : [];
  return subs.length > 0 && subs.filter(namesSite).length * 2 >= subs.length ? undefined : target;
}
// Entries coded through such a reference: their phrases are added after all others (flushDeferred),
// so a phrase a more specific entry builds keeps its code ("bucket handle meniscus tear" S83.20-,
// not the "Bucket-handle fracture or tear — see Tear, meniscus" S83.209A).
const byFirstFormRef = new Set<Entry>();
const deferred: [string, string, Entry][] = [];

/**
 * The code of an entry, following its "see" reference ("Calculus, bile duct") a few steps. A site
 * subterm sent to an entry that lists sites ("Pain, foot — see Pain, limb, lower") takes the
 * code of its own site there ("Pain, limb, lower, foot M79.67-"), and a code spanning sites is
 * read at the site said (atSites: "Pain, arm" → M79.60- at "arm" → M79.601/M79.602/M79.603).
 */
function codeOf(e: Entry, depth = 0, sites: string[] = siteNames(e)): string | undefined {
  if (e.code) return bySideSubterms(e, atSites(e.code, sites));
  // A main term with neither a code nor a "see" has only its "see also" to name the condition
  // ("Adiposis — see also Obesity" E66.9): the entry it names gives the code. A
  // subterm's "see also" widens to a general entry ("Syndrome, pain — see also Pain"): not followed.
  const ref = e.see || (e.level === 0 ? seeAlso.get(e) : undefined) || '';
  if (!ref || depth > 3 || /\bby\b|\bsee\b|condition|site/i.test(ref)) return undefined;
  const key = ref.toLowerCase().split(',').map((s) => s.trim().replace(/\s*\([^)]*\)/g, '')).join('|');
  // …not a general one ("Dysplasia — see also Anomaly" Q89.9): that widens, as a subterm's does.
  const named = byPath.get(key) ?? (e.see ? byLoosePath.get(looseKey(key.split('|'))) : undefined) ?? (!e.see && e.level === 0 && !GENERAL.has(key.split('|')[0]!) ? byFirstForm.get(key) : undefined);
  const target = named ?? (e.see ? firstFormTarget(key) : undefined);
  if (!target) return undefined;
  if (!named) byFirstFormRef.add(e);
  const ownKey = `${key}|${e.path[e.level]}`;
  const own = e.level > 0 && SITE_WORDS.has(e.path[e.level]!) ? byPath.get(ownKey) ?? byLoosePath.get(looseKey(ownKey.split('|'))) : undefined;
  const next = own?.code ? own : target;
  const spec = codeOf(next, depth + 1, [...sites, ...siteNames(next)]);
  if (byFirstFormRef.has(next)) byFirstFormRef.add(e);
  return spec;
}

// Subterms that name the side of the body their parent lies on: "Pain, abdominal, upper R10.10 —
// left quadrant R10.12, right quadrant R10.11". Only a quadrant or a side: "left ventricle",
// "right heart syndrome" name structures, not sides. Injuries take their side from the injury
// tables (specify.ts).
const SIDE_SUBTERM = /^(right|left) (quadrant|side)$/;
const sideSubterms = new Map<string, Map<string, Partial<Record<'R' | 'L', string>>>>();
for (const e of entries) {
  const m = e.level > 0 && e.code ? SIDE_SUBTERM.exec(e.path[e.level]!) : null;
  const code = m ? resolve(e.code) : undefined;
  if (!m || !code || code.includes(':') || /^[ST]/.test(code)) continue;
  const parent = e.path.slice(0, -1).join('|');
  const byRest = sideSubterms.get(parent) ?? new Map<string, Partial<Record<'R' | 'L', string>>>();
  byRest.set(m[2]!, { ...byRest.get(m[2]!), [m[1] === 'right' ? 'R' : 'L']: code });
  sideSubterms.set(parent, byRest);
}

/**
 * An unsided code whose entry lists its right and left subterms (SIDE_SUBTERM) as codes by side,
 * so the side said picks one (I.B.13: "left upper abdominal pain" R10.12); the parent's own
 * code stays the unspecified side.
 */
function bySideSubterms(e: Entry, spec: string | undefined): string | undefined {
  const pairs = [...(sideSubterms.get(e.path.join('|'))?.values() ?? [])].filter((p) => p.R && p.L);
  if (!spec || spec.includes(':') || pairs.length !== 1) return spec;
  return `R:${pairs[0]!.R},L:${pairs[0]!.L},U:${spec}`;
}

/**
 * Main terms the index sends to a condition named by a first-level subterm "by site" ("Bedsore —
 * see Ulcer, pressure, by site"; "Decubitus"): other names of that condition ("pressure ulcer"),
 * keyed by its path. They take its code said alone (referredByPhrases) and its sites (siteSubterms).
 * Only a condition named by the subterm of a main term with no code of its own (a headless one).
 */
const referredBy = new Map<string, string[]>();
for (const e of entries) {
  const target = e.level === 0 ? /^(.+),\s*by site$/i.exec(e.see.trim())?.[1] : undefined;
  const path = target?.toLowerCase().split(',').map((t) => t.trim()) ?? [];
  const find = (key: string): Entry | undefined => byPath.get(key) ?? byFirstForm.get(key);
  const head = path.length === 2 ? find(path[0]!) : undefined;
  const named = find(path.join('|'));
  if (!head || head.code || head.see || !named?.code) continue;
  const key = named.path.join('|');
  referredBy.set(key, [...(referredBy.get(key) ?? []), ...forms(e.path[0]!)]);
}

/** Other names of a condition coded by site said alone ("bedsore" → Ulcer, pressure L89.9-). */
function referredByPhrases(): void {
  for (const [path, names] of referredBy) {
    const target = byPath.get(path)!;
    const spec = codeOf(target);
    for (const name of names.map((n) => tokens(n).join(' '))) if (spec && name.length >= 4 && !phrases.has(name)) phrases.set(name, [spec, target.path.join(', ')]);
  }
}

// How many main terms open with each first form ("fracture": Fracture, burst; …, pathological; …, traumatic).
const mainsByHead = new Map<string, number>();
for (const e of entries) {
  const head = e.level === 0 ? forms(e.path[0]!)[0] : undefined;
  if (head) mainsByHead.set(head, (mainsByHead.get(head) ?? 0) + 1);
}

const phrases = new Map<string, [string, string]>();
// A single word stands for a diagnosis only when it is built as one (-itis, -osis, -oma…);
// "heart", "left", "impression" are main terms of the index but name no condition when said.
// The Greek suffixes of signs and findings name one too (-megaly "hepatomegaly", -opia/-opsia
// "hemianopia", -penia "neutropenia", -cardia, -pnea, -phagia, -philia).
const DISEASE_WORD = /(?:itis|osis|oma|emia|aemia|algia|pathy|ectasis|plasia|trophy|rrhea|rrhoea|uria|cele|ism|iasis|thermia|plegia|paresis|spasm|rrhage|ectomy|megaly|opia|opsia|penia|cardia|pnea|phagia|philia)$/;
// Words shorter than a suffix match needs (seven letters) that name a diagnosis said alone:
// "Sepsis (generalized) (unspecified organism) A41.9", as "septicemia" (Septicemia A41.9) already does.
const SHORT_DISEASE_WORDS = new Set(['sepsis']);
// Phrases are stored as the coder's tokens (src/engines/clinical/lexicon/tokens.ts: lower-case
// words, apostrophes kept inside a word) joined by one space, so loading needs no tokenizing;
// longer than MAX_WORDS they are not how a condition is said.
const MAX_WORDS = 5;
// A main term whose own nonessential modifier calls it a disorder, disease or syndrome ("Tic
// (disorder)" F95.9, "Gout (disease)"): the index says the single word names the condition.
// Only modifiers of one word each: a longer one spells out an acronym ("POTS (postural orthostatic
// tachycardia syndrome)"), which is said in capitals (abbreviationPhrases).
const namesDisorder = (nonEss: string): boolean => {
  const mods = [...nonEss.toLowerCase().matchAll(/\(([^)]*)\)/g)].map((m) => m[1]!.trim());
  return mods.length > 0 && mods.every((m) => /^[a-z]+$/.test(m)) && mods.some((m) => /^(?:disorder|disease|syndrome)$/.test(m));
};
// Main terms that name a sign or symptom whose code lies outside chapter XVIII ("Pain, finger"
// M79.64-, "Pain, joint" M25.5-): marked, so a confirmed diagnosis explains them.
const SYMPTOM_MAINS = new Set(['pain', 'pain(s)', 'ache', 'aches', 'swelling', 'stiffness', 'stiff', 'cramp', 'cramps', 'tenderness', 'effusion', 'numbness', 'tingling', 'weakness', 'instability']);
const FUNCTION_WORDS = new Set(['a', 'an', 'the', 'in', 'of', 'to', 'on', 'at', 'by', 'for', 'from', 'with', 'without', 'due', 'and', 'or', 'as', 'into', 'not', 'no', 'other', 'see', 'also', 'after', 'during', 'following', 'than']);
const tokens = (phrase: string): string[] => phrase.match(/[a-z0-9]+(?:'[a-z]+)*/g) ?? [];
/**
 * A main term coded in its own entry (no "see") whose tabular title is named by that word: the
 * title opens with it ("Bunion M21.61-" → "Bunion of unspecified foot" M21.619) or leaves only
 * its axes open after it ("Goiter" E04.9 "Nontoxic goiter, unspecified"). The index and the
 * tabular list then agree the word names the condition said alone, as a disease suffix says it;
 * "heart", "break" (retinal break H33.30-) or "movements" (R25.8 "Other abnormal involuntary
 * movements") are not so titled. Not in the chapters whose codes need more than a word (injury
 * and poisoning, external causes, pregnancy, newborn, factors Z, infectious agents B95-B97).
 */
const NEEDS_MORE_THAN_A_WORD = /^(?:[OPSTVWXYZ]|B9[5-7])/;
// Words the hand lexicon (data/lexicon/concepts.tsv) already names keep its reading ("pneumonia",
// not also the index's own, which would read "Streptococcus pneumoniae" as its plural).
const LEXICON_TERMS = new Set(
  readFileSync(new URL('../data/lexicon/concepts.tsv', import.meta.url), 'utf8').split('\n')
    .filter((l) => l && !l.startsWith('#')).flatMap((l) => (l.split('\t')[4] ?? '').split('|').map((w) => w.trim().toLowerCase())),
);
/** The code of a main term coded in its own entry (no "see") that the hand lexicon does not already name. */
function ownMainCode(word: string, e: Entry, spec: string): string | undefined {
  if (e.level !== 0 || !e.code || e.see || LEXICON_TERMS.has(word)) return undefined;
  return spec.split('\t')[0]!.replace(/^.*U:/, '');
}
function titledByItself(word: string, e: Entry, spec: string): boolean {
  const code = ownMainCode(word, e, spec);
  if (code === undefined || NEEDS_MORE_THAN_A_WORD.test(code)) return false;
  const title = billable.get(code)?.toLowerCase() ?? '';
  const same = (w: string): boolean => w === word || w === `${word}s` || `${w}s` === word;
  // The title is the word and its axes: "Bunion of unspecified foot", "Chills (without fever)".
  const opening = /^([a-z]+)(?:$| of | \(|, )/.exec(title)?.[1];
  // …or the word with one qualifier, nothing left open but its type: "Nontoxic goiter, unspecified".
  const closing = /^(?:[a-z]+ )?([a-z]+), unspecified$/.exec(title)?.[1];
  return (opening !== undefined && same(opening)) || (closing !== undefined && same(closing));
}
// A main term the index codes straight to a sign or symptom of chapter XVIII (R00-R69) names that
// symptom said alone ("Malaise R53.81", "Imbalance R26.89", "Incoordination R27.8"), whatever its
// NEC title ("Other malaise"). Not the catch-alls R68.89 "Other general symptoms and signs" and
// R69 "Illness, unspecified", whose words ("infirmity", "illness") name no one symptom, nor a
// main term whose comma part qualifies it (the code is the qualified term's); the
// seven-letter floor of a suffix match keeps short everyday words ("sick", "fit", "gas") out.
const SIGN_CODE = /^R[0-6]\d/;
const SIGN_CATCH_ALLS = new Set(['R68.89', 'R69']);
function namesSign(word: string, e: Entry, spec: string): boolean {
  const code = ownMainCode(word, e, spec);
  // "Tenderness, abdominal" R10.819, "Movements, dystonic" R25.8: the code is the qualified term's.
  if (code === undefined || word.length < 7 || inverted(forms(e.path[0]!)).length > 0) return false;
  return SIGN_CODE.test(code) && !SIGN_CATCH_ALLS.has(code);
}
// A subterm whose nonessential modifier names a cause the code is about ("Abscess, spine (column)
// (tuberculous)" A18.01, "Bent, back (hysterical)" F44.4, "Sepsis, umbilical (newborn)" P36.9): the
// index files the cause-specific code where the plain wording ("spine abscess", "bent back") is
// looked up, but a speaker who means the cause names it. Its phrases must say the cause (or a
// word of the same stem: "tuberculosis"), as the "syndrome knee" → Reiter's class was closed.
const CAUSE_MODIFIERS: [RegExp, RegExp][] = [
  [/\(hysterical\)/i, /^(?:hysteric|psychogenic|conversion)/],
  [/\(tuberculous\)|^tuberculosis\b/i, /^tubercul/],
  [/\(syphilitic\)|^syphilis\b/i, /^syphil/],
  [/\(gonococcal\)|^gonorrh/i, /^gono/],
  [/\(newborn\)/i, /^(?:newborn|neonat|infant|baby)/],
];
// The cause may also be named by the subterm's "see (also)" reference ("Lesion, primary — see also
// Syphilis, primary" A51.0: "primary lesion" is no syphilis unless said).
const saysCause = (e: Entry, words: string[]): boolean =>
  e.level === 0 || CAUSE_MODIFIERS.every(([mod, said]) => ![e.nonEss, e.see, seeAlso.get(e) ?? ''].some((t) => mod.test(t.trim())) || words.some((w) => said.test(w)));
// Eponyms spelled as a possessive pronoun ("Disease, His (-Werner)" A79.0 trench fever, "Disease, Hers"
// E74.09) said as a phrase are speech about a person ("his disease is stable"): not looked up, except
// as the name after "of" ("Block, bundle of His").
const PRONOUNS = new Set(['his', 'her', 'hers', 'its', 'my', 'your', 'our', 'their']);
const ownsPronoun = (words: string[]): boolean => words.some((w, i) => PRONOUNS.has(w) && words[i - 1] !== 'of');
const add = (phrase: string, spec: string, e: Entry, late = false): void => {
  if (!late && byFirstFormRef.has(e)) { deferred.push([phrase, spec, e]); return; }
  const words = tokens(phrase);
  const key = words.join(' ');
  if (!saysCause(e, words) || ownsPronoun(words)) return;
  const disorder = words.length === 1 && e.level === 0 && (namesDisorder(e.nonEss) || titledByItself(key, e, spec) || namesSign(key, e, spec));
  if ((key.length < 4 && !(disorder && key.length === 3)) || words.length > MAX_WORDS || phrases.has(key)) return;
  if (words.length === 1 && !(DISEASE_WORD.test(key) && key.length >= 7) && !SHORT_DISEASE_WORDS.has(key) && !disorder) return;
  // "in pregnancy", "of lung": a subterm put first that starts with a function word is no
  // way to say the condition, and such words start too many n-grams of speech.
  if (FUNCTION_WORDS.has(words[0]!)) return;
  phrases.set(key, [SYMPTOM_MAINS.has(e.path[0]!) ? `${spec}\tsymptom` : spec, e.path.join(', ')]);
};
for (const e of entries) {
  if (e.level > 1) continue;
  const spec = codeOf(e);
  if (!spec) continue;
  const mains = forms(e.path[0]!);
  if (e.level === 0) {
    // Comma forms stand alone only as one word's variants ("Enlargement, enlarged"); otherwise the
    // words after the comma qualify the main term ("Hypochromasia, blood cells" is not "blood cells").
    const alone = inverted(mains).length > 0 ? mains.slice(0, 1) : mains;
    for (const m of [...alone, ...inverted(mains)]) {
      if (GENERAL.has(m)) continue;
      add(m, spec, e);
      // The index writes a nonessential modifier after its term, and it is said there too
      // ("Diabetes, diabetic (mellitus)" → "diabetes mellitus"), or before ("chronic sinusitis").
      for (const mod of modifiers(e.nonEss)) {
        add(`${mod} ${m}`, spec, e);
        add(`${m} ${mod}`, spec, e);
      }
    }
  } else {
    // "Elevated, prostate specific antigen [PSA] R97.20": the abbreviation is said for the subterm ("elevated psa").
    const said = saidMains(e.path[0]!);
    for (const m of said) for (const abbr of bracketAbbreviations(e.written)) {
      add(`${m} ${abbr}`, spec, e);
      add(`${abbr} ${m}`, spec, e);
    }
    for (const m of said) for (const s of subtermForms(e.path[1]!)) {
      if (!sayable(s)) continue;
      add(`${m} ${s}`, spec, e);
      add(`${s} ${m}`, spec, e);
      // The subterm's own nonessential words, said or not ("Disease, coronary (artery)" I25.10 →
      // "coronary artery disease"), in the places a modifier takes.
      for (const mod of modifiers(e.nonEss)) {
        add(`${s} ${mod} ${m}`, spec, e);
        add(`${mod} ${s} ${m}`, spec, e);
        // The main term's adjective form before the subterm, its noun after ("Hypertension,
        // hypertensive, heart (disease)" I11.9 → "hypertensive heart disease").
        if (m !== said[0]) add(`${m} ${s} ${mod}`, spec, e);
      }
    }
  }
}
secondLevelPhrases();
referredByPhrases();
listedSitePhrases();
sentSitePhrases();
const spineRows = spineRegionPhrases();

interface SpineTargets {
  regions: Map<string, string[]>;
  middles: Map<string, string[]>;
  keyOf: (path: string[]) => string;
  /** Target path (main term, subterms) → its region entries: region word, code spec, said middle forms. */
  byTarget: Map<string, { region: string; spec: string; mids: string[] }[]>;
}

/** The index entries coded by spine region, grouped by the entry a speaker names before the region (see spineRegionPhrases). */
function spineRegionTargets(): SpineTargets {
  const DORSOPATHY = /^M(?:4\d|5[0-4])\./;
  const table = (file: string): Map<string, string[]> => new Map(readFileSync(new URL(`../data/icd10cm/${file}`, import.meta.url), 'utf8').split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split('\t')).map(([w, said]) => [w!, said!.split('|').map((x) => (x === '-' ? '' : x))]));
  const regions = table('spine-regions.tsv');
  const middles = table('spine-words.tsv');
  // Paths keyed by the main term's first form, as a "see" reference names it ("Degeneration, intervertebral disc").
  const keyOf = (path: string[]): string => [forms(path[0]!)[0] ?? path[0]!, ...path.slice(1)].join('|');
  // "cervical region", or regions listed together ("cervical, cervicothoracic"); a bare "cervical" may be another site.
  const regionOf = (term: string): string[] => {
    const fs = subtermForms(term);
    return fs.length > 1 || / region$/.test(fs[0] ?? '') ? fs.map((f) => f.replace(/ region$/, '')).filter((f) => regions.has(f)) : [];
  };
  const byTarget = new Map<string, { region: string; spec: string; mids: string[] }[]>();
  for (const e of entries) {
    if (e.level === 0) continue;
    const rs = regionOf(e.path[e.level]!);
    const spec = rs.length > 0 ? codeOf(e) : undefined;
    // Regions of the spine only: codes of the tabular list's Dorsopathies (M40-M54), not "Abrasion, lumbar region".
    if (!spec || !DORSOPATHY.test(spec.replace(/^.*U:/, ''))) continue;
    for (let t = 1; t <= e.level; t++) {
      const between = e.path.slice(t, e.level);
      // Each subterm between the target and the region left out ("without …") or said as spine-words.tsv says.
      if (!between.every((w) => w.startsWith('without ') || middles.has(w))) continue;
      const said = between.filter((w) => !w.startsWith('without ')).reduce<string[]>((acc, w) => acc.flatMap((a) => middles.get(w)!.map((x) => `${x} ${a}`.trim())), ['']);
      const key = keyOf(e.path.slice(0, t));
      for (const region of rs) byTarget.set(key, [...(byTarget.get(key) ?? []), { region, spec, mids: said }]);
    }
  }
  return { regions, middles, keyOf, byTarget };
}

/**
 * Index entries coded by spine region ("Spondylosis, without myelopathy or radiculopathy, cervical
 * region" M47.812; "Stenosis, spinal, lumbar region" M48.06-; "Radiculopathy, cervical region"
 * M54.12), said as clinicians say them: the region first, in its own word or a lay one
 * (data/icd10cm/spine-regions.tsv: "cervical spondylosis", "neck spondylosis", "lumbar spinal
 * stenosis"). A "without …" subterm on the way is the default a speaker leaves unsaid (the index's
 * "with" subterms need the complication said); words between main term and region are said as
 * data/icd10cm/spine-words.tsv says. Entries whose "spine" subterm sends to such a main term
 * ("Arthritis, spine — see also Spondylosis", "Disease, disc, degenerative — see Degeneration,
 * intervertebral disc") take its regions ("neck arthritis" M47.812, "lumbar degenerative disc
 * disease" M51.36-). Returns coding-sites.tsv rows (region tied to the condition: "arthritis in
 * my neck"), keyed by the code of the condition said without a region. Added after the index's
 * own phrases, which win.
 */
function spineRegionPhrases(): string[] {
  const { regions, middles, keyOf, byTarget } = spineRegionTargets();
  const rows: string[] = [];
  const emit = (from: Entry, lead: string, main: string, key: string, base: string | undefined, mainWord: string | undefined): void => {
    for (const { region, spec, mids } of byTarget.get(key) ?? []) {
      for (const r of [region, ...regions.get(region)!]) for (const mid of mids) {
        const phrase = [r, lead, mid, main].filter(Boolean).join(' ');
        // "cervical spine spine ankylosis", "lower back back arthritis": a word said twice is no phrase.
        if (!/\b(\w+) \1\b/.test(phrase)) add(phrase, spec, from);
      }
    }
    if (base && mainWord) rowsFor(key, base, mainWord);
  };
  // The condition said without a region ("spondylosis" M47.9, "spinal stenosis" M48.00) takes the one tied to it.
  function rowsFor(key: string, base: string, mainWord: string): void {
    for (const { region, spec, mids } of byTarget.get(key) ?? []) {
      if (mids.includes('')) for (const r of [region, ...regions.get(region)!]) rows.push(`${base}\t${mainWord}\t${r}\t${spec}\tnear`);
    }
  }
  for (const e of entries) {
    const key = keyOf(e.path);
    if (e.level === 0 && byTarget.has(key)) {
      const m = forms(e.path[0]!)[0];
      if (m) emit(e, '', m, key, codeOf(e)?.replace(/^.*U:/, ''), m);
    }
    // A first-level subterm said before its main term ("Stenosis, spinal" M48.00 → "spinal stenosis").
    const said = e.level === 1 ? [...subtermForms(e.path[1]!)].slice(0, 1).join(' ') : '';
    const base = said && sayable(said) && !said.startsWith('without ') && byTarget.has(key) ? codeOf(e) : undefined;
    if (base && !base.includes(':')) rowsFor(key, base, `${said} ${forms(e.path[0]!)[0]}`);
    // A subterm of another main term sent here ("Arthritis, spine — see also Spondylosis").
    const ref = e.level > 0 ? e.see || seeAlso.get(e) || '' : '';
    const target = ref.toLowerCase().split(',').map((x) => x.trim().replace(/\s*\([^)]*\)/g, '')).join('|');
    if (!ref || !byTarget.has(target) || e.level > 1) continue;
    const m = forms(e.path[0]!)[0];
    const subs = forms(e.path[1]!);
    const lead = [...subs].reverse().join(' ');
    if (!m || !WORDS.test(lead) || !sayable(lead)) continue;
    // The spine subterm itself is what a region says ("cervical arthritis", as "cervical spine arthritis").
    const spineOnly = middles.get(lead)?.includes('') === true;
    const main = byPath.get(e.path[0]!);
    emit(e, spineOnly ? '' : lead, m, target, spineOnly && main ? codeOf(main)?.replace(/^.*U:/, '') : undefined, m);
    // The subterm's own code, said with a region elsewhere in its sentence ("facet arthropathy at
    // L4" M47.819 → "Spondylosis, without myelopathy or radiculopathy, lumbar region" M47.816), as
    // the main term sent to is ("spondylosis … lumbar"): its lead in the words of index-synonyms.tsv too.
    const own = spineOnly ? undefined : codeOf(e);
    if (own && !own.includes(':')) for (const said of [lead, ...SYNONYM_ROWS.filter(([w]) => w === lead).flatMap(([, o]) => o.split('|'))]) rowsFor(target, own, said);
    if (spineOnly) emit(e, lead, m, target, undefined, undefined);
  }
  return [...new Set(rows)];
}

/**
 * A main term written inverted, the noun first ("Coagulation, intravascular", "Mononucleosis,
 * infectious", "Hypercalcemia, hypocalciuric, familial"), as said: its parts in reverse order
 * ("intravascular coagulation"). Comma forms that are one word's variants ("Disease, diseased")
 * are alternatives, not an inversion.
 */
function inverted(mains: string[]): string[] {
  if (mains.length < 2 || GENERAL.has(mains[0]!)) return [];
  const stem = mains[0]!.slice(0, 4);
  return mains.every((f) => f.startsWith(stem)) ? [] : [[...mains].reverse().join(' ')];
}

/**
 * How a main term is said beside its subterms. One whose comma parts qualify it ("Reiter's disease,
 * syndrome, or urethritis", "Tear, torn") by its first form, never by a later part alone ("…, knee"
 * is no "syndrome knee"), and as a whole ("pathological fracture"); by the whole only when other
 * main terms share that first form ("Fracture, pathological", "Fracture, traumatic": "femur fracture"
 * is not the pathological one).
 */
function saidMains(main: string): string[] {
  const mains = forms(main);
  // Comma forms that are one word's variants ("Disease, diseased", "Fusion, fused") are alternatives.
  const stem = mains[0]?.slice(0, 3) ?? '';
  if (mains.length < 2 || mains.every((f) => f.startsWith(stem))) return mains;
  const whole = [...mains].reverse().join(' ');
  return (mainsByHead.get(mains[0]!) ?? 0) > 1 ? [whole] : [mains[0]!, whole];
}

/** The abbreviations a term gives in brackets ("cancer antigen 125 [CA 125]" → "ca 125"). */
function bracketAbbreviations(written: string): string[] {
  return [...written.matchAll(/\[([^\]]+)\]/g)].map((m) => tokens(m[1]!.toLowerCase()).join(' ')).filter((a) => a.length >= 2);
}

/** A subterm said as a qualifier of its term: not a bare connective or an "NEC" catch-all. */
function sayable(s: string): boolean {
  return !['with', 'without', 'due to', 'in', 'of', 'to', 'by', 'and', 'nec', 'specified nec'].includes(s) && !/\bnec\b/.test(s);
}

/**
 * Second-level subterms as said, qualifiers before the head ("Disease, heart, ischemic" →
 * "ischemic heart disease"); when the first-level subterm only repeats a nonessential word of
 * the main term ("Tic (disorder), disorder, transient" F95.0), also without it or after the main
 * term ("transient tic", "transient tic disorder"). Added after the first level, whose phrases win.
 */
function secondLevelPhrases(): void {
  const CATEGORY_WORDS = new Map(readFileSync(new URL('../data/icd10cm/index-category-words.tsv', import.meta.url), 'utf8').split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split('\t')).map(([main, w, forms]) => [`${main}|${w}`, forms!.split('|')]));
  let mainMods: string[] = [];
  for (const e of entries) {
    if (e.level === 0) mainMods = modifiers(e.nonEss);
    if (e.level !== 2) continue;
    const spec = codeOf(e);
    if (!spec) continue;
    // The main term's first form only: a qualifier is said before the noun ("ischemic heart
    // disease"), not before its adjective form ("Disease, diseased": "… heart diseased").
    const m = saidMains(e.path[0]!)[0];
    if (m === undefined) continue;
    for (const s1 of subtermForms(e.path[1]!)) for (const s2 of subtermForms(e.path[2]!)) {
      if (!sayable(s1) || !sayable(s2)) continue;
      add(`${s2} ${s1} ${m}`, spec, e);
      // A first-level subterm naming only the kind of the second ("Deficiency, vitamin, D" E55.9):
      // said before it ("vitamin d deficiency") or left out ("iga deficiency"), as index-category-words.tsv says.
      const said = CATEGORY_WORDS.get(`${m}|${s1}`);
      if (said && !/\b(?:nos|nec)\b/.test(s2)) {
        if (said.includes('before')) add(`${s1} ${s2} ${m}`, spec, e);
        // Left out only before a name the index writes with a capital or digit ("IgA", "B12"): an
        // adjective ("combined", "humoral") says nothing of the kind without it.
        if (said.includes('dropped') && s2.length > 1 && /[A-Z0-9]/.test(e.written)) add(`${s2} ${m}`, spec, e);
        // A heading naming only the way in or the region of the sites under it ("Foreign body,
        // entering through orifice, nostril" T17.1): the site is said with the main term alone.
        if (said.includes('site')) {
          add(`${s2} ${m}`, spec, e);
          add(`${m} ${s2}`, spec, e);
        }
      }
      if (mainMods.includes(s1)) {
        add(`${s2} ${m}`, spec, e);
        add(`${s2} ${m} ${s1}`, spec, e);
      }
    }
  }
}

/**
 * Sites listed under an entry that a first-level site subterm is sent to ("Pain, foot — see
 * Pain, limb, lower": its subterms thigh M79.65-, lower leg M79.66- are sites of the same
 * symptom), said with the main term as a first-level site is ("thigh pain"). Added after the
 * first two levels, whose phrases win.
 */
function listedSitePhrases(): void {
  const lists = new Set<string>();
  for (const e of entries) {
    if (e.level !== 1 || !e.see || !SITE_WORDS.has(e.path[1]!)) continue;
    const path = e.see.toLowerCase().split(',').map((t) => t.trim().replace(/\s*\([^)]*\)/g, ''));
    // Under the same main term, below its first level ("Pain, limb, lower").
    if (path.length > 2 && path[0] === e.path[0]) lists.add(path.join('|'));
  }
  for (const e of entries) {
    if (e.level < 2 || !lists.has(e.path.slice(0, -1).join('|')) || !SITE_WORDS.has(e.path[e.level]!)) continue;
    const spec = codeOf(e);
    const m = saidMains(e.path[0]!)[0];
    if (!spec || m === undefined) continue;
    add(`${e.path[e.level]} ${m}`, spec, e);
    add(`${m} ${e.path[e.level]}`, spec, e);
  }
}

/**
 * Sites listed under the entry a first-level subterm is sent to under another main term, where
 * it is the same subterm ("Swelling, joint — see Effusion, joint": its subterms elbow M25.42-,
 * wrist M25.43- are the joints of the swelling), said as the main term's own third level is
 * ("elbow joint swelling", as "Pain, joint, elbow" M25.52- is "elbow joint pain"). Site
 * composition (src/engines/clinical/coding/site-symptoms.ts) asks for "<site> joint <main>" first.
 * Added after the first two levels, whose phrases win.
 */
function sentSitePhrases(): void {
  for (const e of entries) {
    if (e.level !== 1 || !e.see || e.code) continue;
    const path = e.see.toLowerCase().split(',').map((t) => t.trim().replace(/\s*\([^)]*\)/g, ''));
    if (path.length !== 2 || path[0] === e.path[0] || path[1] !== e.path[1]) continue;
    const m = saidMains(e.path[0]!)[0];
    if (m === undefined) continue;
    for (const c of entries) {
      if (c.level !== 2 || c.path[0] !== path[0] || c.path[1] !== path[1] || !SITE_WORDS.has(c.path[2]!)) continue;
      const spec = codeOf(c);
      if (!spec) continue;
      // Recorded under the subterm said ("swelling, joint, elbow"), so the main term's kind holds.
      const said: Entry = { ...c, path: [...e.path, c.path[2]!] };
      add(`${c.path[2]} ${e.path[1]} ${m}`, spec, said);
      add(`${m} ${e.path[1]} ${c.path[2]}`, spec, said);
    }
  }
}

/**
 * The Table of Neoplasms: a main term the index sends there ("Adenoma — see also Neoplasm,
 * benign, by site", "Carcinoma — see Neoplasm, by site, malignant") said with a site of the
 * table ("pituitary adenoma", "breast carcinoma") is coded from the table's column for that
 * behaviour (guidelines I.C.2: the Table of Neoplasms by site and behaviour; "pituitary" —
 * Benign D35.2). First-level sites only, malignant (primary) and benign columns; a site code
 * left open ("C50.9-") resolves as any index code does.
 */
/**
 * "History, personal (of), malignant neoplasm (of), breast Z85.3": the personal-history code of a
 * malignancy by site ("hip NEC" as "hip"), for a primary malignancy excised or eradicated
 * with no evidence of it left (guidelines I.C.2.d).
 */
const pastMalignancy = new Map<string, string>();
for (const e of entries) {
  if (e.level !== 3 || e.path[0] !== 'history' || !e.path[1]!.startsWith('personal') || !e.path[2]!.startsWith('malignant neoplasm') || !e.code) continue;
  const code = resolve(e.code);
  if (code && /^Z85\./.test(code)) for (const f of forms(e.path[3]!)) if (!pastMalignancy.has(f.replace(/ nec$/, ''))) pastMalignancy.set(f.replace(/ nec$/, ''), code);
}

// Table sites as coding-sites.tsv rows: "code \t site \t spec" → the main terms said with them.
const neoplasmSites = new Map<string, string[]>();
function neoplasmPhrases(): Map<string, { terms: Set<string>; subs: Set<string> }> {
  const behaviour = (ref: string): 'MalignantPrimary' | 'Benign' | undefined => {
    const r = ref.toLowerCase().replace(/\s+/g, ' ');
    if (!/^neoplasm, (?:by site, )?(?:malignant|benign)(?:, by site)?$/.test(r)) return undefined;
    return r.includes('malignant') ? 'MalignantPrimary' : 'Benign';
  };
  const mains: { words: string[]; column: 'MalignantPrimary' | 'Benign'; entry: Entry }[] = [];
  for (const e of entries) {
    if (e.level !== 0) continue;
    // "See also": a morphology said in practice, with entries of its own (Adenoma, Carcinoma,
    // Cancer); a bare "see" main term is a rare morphology, left out to keep the table small.
    const column = behaviour(seeAlso.get(e) ?? '');
    if (column) for (const m of forms(e.path[0]!)) mains.push({ words: [m], column, entry: e });
    // The table's own columns as said: "malignant neoplasm", "benign neoplasm" (of a site).
    if (/^neoplasm\b/.test(e.path[0]!)) {
      mains.push({ words: ['malignant', 'neoplasm'], column: 'MalignantPrimary', entry: e });
      mains.push({ words: ['benign', 'neoplasm'], column: 'Benign', entry: e });
    }
  }
  const [header, ...rows] = parseCsv(readFileSync(join(shared, 'icd10cm/icd10cm_2025_table_of_neoplasms.csv'), 'utf8'));
  const col = (name: string): number => header!.indexOf(name);
  // The table's own row ("Neoplasm, neoplastic": C80.1, D36.9) is the site-unstated default,
  // which yields to a site's code said with the same main term (as coding-defaults.tsv rows do).
  const top = rows.find((r) => r[col('Level')] === '0')!;
  const defaults = new Map<string, { terms: Set<string>; subs: Set<string> }>();
  for (const { words, column } of mains) {
    const d = defaults.get(top[col(column)]!) ?? { terms: new Set<string>(), subs: new Set<string>() };
    if (words.length === 1 && !words[0]!.includes(' ')) d.terms.add(words[0]!);
    defaults.set(top[col(column)]!, d);
  }
  let parent: string[] = [];
  for (const row of rows) {
    if (row[col('Level')] === '2') subSitePhrases(row, parent, mains, (column) => row[col(column)] ?? '', (column) => resolveParent(rows, row, col, column));
    if (row[col('Level')] !== '1') continue;
    parent = subtermForms(row[col('Term')]!).filter((f) => !/\bnec\b/.test(f));
    for (const { words, column, entry } of mains) {
      const cell = row[col(column)] ?? '';
      const spec = /^[A-Z]/.test(cell) ? resolve(cell) : undefined; // "-": no code in this column
      if (!spec) continue;
      for (const part of spec.split(',')) defaults.get(top[col(column)]!)!.subs.add(part.replace(/^[A-Z]:/, ''));
      for (const site of subtermForms(row[col('Term')]!).filter((f) => !/\bnec\b/.test(f))) {
        // As said: the site first ("pituitary adenoma"); "adenoma of the pituitary" has function
        // words, so it is a site row the coder reads when the site is tied to the main term.
        add(`${site} ${words.join(' ')}`, spec, entry);
        // The site's nonessential words said after it ("thyroid (gland)": "thyroid gland cancer").
        for (const mod of modifiers(row[col('NonEssModif')] ?? '').filter((x) => !x.includes(' '))) add(`${site} ${mod} ${words.join(' ')}`, spec, entry);
        const history = column === 'MalignantPrimary' ? pastMalignancy.get(site) ?? '-' : '-';
        const key = `${top[col(column)]}\t${tokens(site).join(' ')}\t${spec}\t${history}`;
        neoplasmSites.set(key, [...(neoplasmSites.get(key) ?? []), words.join(' ')]);
      }
    }
  }
  return defaults;
}
const neoplasmDefaults = neoplasmPhrases();

/** The code spec of the level-1 row a level-2 row of the Table of Neoplasms lies under, in a column. */
function resolveParent(rows: string[][], row: string[], col: (name: string) => number, column: string): string | undefined {
  for (let i = rows.indexOf(row) - 1; i >= 0; i--) {
    if (rows[i]![col('Level')] !== '1') continue;
    const cell = rows[i]![col(column)] ?? '';
    return /^[A-Z]/.test(cell) ? resolve(cell) : undefined;
  }
  return undefined;
}

/**
 * A second-level site of the Table of Neoplasms ("Neoplasm, lung, upper lobe of lung" C34.1-),
 * said with its parent site before the main term ("upper lobe lung cancer"), and as a site
 * subterm of the parent site's condition ("lung cancer … in the right upper lobe": coding-sites.tsv
 * rows keyed by the parent's code C34.90, tied). A side said inside the site ("upper right
 * lobe") names the code of that side (I.B.13).
 */
function subSitePhrases(row: string[], parent: string[], mains: { words: string[]; column: 'MalignantPrimary' | 'Benign'; entry: Entry }[], cell: (column: string) => string, parentSpec: (column: string) => string | undefined): void {
  const term = (row[2] ?? '').toLowerCase().replace(/\s*\([^)]*\)/g, '');
  for (const { words, column, entry } of mains) {
    const spec = /^[A-Z]/.test(cell(column)) ? resolve(cell(column)) : undefined;
    const up = parentSpec(column)?.replace(/^.*U:/, '');
    if (!spec || !up) continue;
    for (const p of parent) {
      const site = term.replace(new RegExp(` of ${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`), '').trim();
      if (!WORDS.test(site) || /\bnec\b|,/.test(site) || site === p) continue;
      add(`${site} ${p} ${words.join(' ')}`, spec, entry);
      const history = column === 'MalignantPrimary' ? pastMalignancy.get(p) ?? '-' : '-';
      // A one-word site is said with its parent unless a body site as said ("ascending colon";
      // "main" of the bronchus names none alone).
      const said = tokens(site.includes(' ') || SITE_WORDS.has(site) ? site : `${site} ${p}`);
      const sides = /R:([^,]+),L:([^,]+)/.exec(spec);
      const variants: [string, string][] = [[said.join(' '), spec]];
      if (sides && said.length > 1) for (const [w, code] of [['right', sides[1]!], ['left', sides[2]!]]) variants.push([[...said.slice(0, -1), w, said.at(-1)!].join(' '), code]);
      for (const [siteSaid, siteSpec] of variants) {
        const key = `${up}\t${siteSaid}\t${siteSpec}\t${history}`;
        neoplasmSites.set(key, [...(neoplasmSites.get(key) ?? []), `${p} ${words.join(' ')}`]);
      }
    }
  }
}

/**
 * A main term's default code that is an "unspecified" code, with the codes its subterms give
 * (any depth; a "see" reference names another condition, so it is not followed): "Anemia D64.9"
 * → D50.9, D63.1…. When a subterm's code
 * is assigned, the main term's default says nothing more and is not assigned beside it
 * (guidelines I.B.2-3: the subterm gives the specificity; I.A.15 "with"/index order).
 */
function mainTermDefaults(): Map<string, { terms: Set<string>; subs: Set<string> }> {
  const defaults = new Map<string, { terms: Set<string>; subs: Set<string> }>();
  let current: { terms: Set<string>; subs: Set<string> } | undefined;
  let mainCode = '';
  for (const e of entries) {
    if (e.level === 0) {
      // The unspecified code of a main term coded by side ("Blepharoptosis H02.40-").
      const spec = e.code ? resolve(e.code)?.replace(/^.*U:/, '') : undefined;
      mainCode = spec ?? '';
      current = undefined;
      if (!spec || !billable.has(spec)) continue;
      current = defaults.get(spec) ?? { terms: new Set(), subs: new Set() };
      for (const f of forms(e.path[0]!)) if (WORDS.test(f) && !f.includes(' ')) current.terms.add(f);
      defaults.set(spec, current);
      continue;
    }
    const sub = current && e.code ? codeOf(e) : undefined;
    if (!sub) continue;
    for (const part of sub.split(',')) {
      const code = part.replace(/^[A-Z]:/, '');
      if (code !== mainCode && billable.has(code)) current!.subs.add(code);
    }
  }
  for (const [code, d] of defaults) if (d.subs.size === 0 || d.terms.size === 0) defaults.delete(code);
  return defaults;
}
const defaults = mainTermDefaults();
// A main term said in other words (index-synonyms.tsv: "deafness" as "hearing loss") yields to its subterms said so too.
for (const d of defaults.values()) for (const [word, said] of SYNONYM_ROWS) if (d.terms.has(word)) said.split('|').forEach((w) => d.terms.add(w));
for (const [code, d] of neoplasmDefaults) {
  const merged = defaults.get(code) ?? { terms: new Set<string>(), subs: new Set<string>() };
  d.terms.forEach((t) => merged.terms.add(t));
  d.subs.forEach((c) => c !== code && merged.subs.add(c));
  defaults.set(code, merged);
}
writeFileSync(
  outDefaults,
  '# default code of a main term\tthe main term\'s one-word forms\tcodes its subterms give\t[specified: the code is not an "unspecified" one, so it yields to a subterm only in the index lookup] — FY2025 Alphabetic Index to Diseases; generated by scripts/build-coding-index.ts\n' +
    [...defaults].sort((a, b) => a[0].localeCompare(b[0])).map(([code, d]) => `${code}\t${[...d.terms].join('|')}\t${[...d.subs].sort().join(',')}${/unspecified/i.test(billable.get(code) ?? 'unspecified') ? '' : '\tspecified'}`).join('\n') + '\n',
);
console.log(`main-term defaults: ${defaults.size}`);

/**
 * Site subterms of a main term: a subterm whose code lies in the main term's own category
 * ("Trigger finger M65.30 — index finger M65.32-"; "Melanoma C43.9 — skin — back C43.59"),
 * so the subterm is a site of the same condition. The coder picks the site its sentence names
 * (I.B.1-3: the subterm gives the specificity the documentation supports). Sites are read at
 * the first level, and one level below a subterm that repeats the main term's own code (a
 * tissue the main term is by default: "Melanoma, skin" C43.9). Only subterms that are body
 * sites as said (data/lexicon/injury-sites.tsv spoken forms), so a word elsewhere in the
 * sentence that names another axis ("chronic", "early") does not pick a code. A site coded
 * by side must be named in its code's title (so the subterm is the code's site, not another
 * axis); a site without sides is marked `tied`: the coder takes it only when said tied to
 * the main term ("melanoma on her back"), as an unsided site word said elsewhere in the
 * sentence is often another condition's ("migraine … abdominal" is not abdominal migraine).
 */
/**
 * An index code at a site as billable codes by side: resolve's, or else the codes under it titled
 * with the site and a side ("Cellulitis, lower limb L03.11-" → "…of right lower limb" L03.115,
 * "…of left lower limb" L03.116; the unspecified code stays resolve's, L03.119).
 */
function resolveAtSite(raw: string, site: string): string | undefined {
  return titledAtSite(raw, site) ?? resolve(raw);
}

// The tabular section (block) of each category: a site subterm coded in the main term's section
// is the same condition at a site ("Bursitis M71.9 — hip M70.7-", both in M70-M79 Other soft
// tissue disorders). A subterm in another section names another condition ("Neuropathy G62.9,
// G60-G65 — arm G56.9-, mononeuropathy, G50-G59" is left out).
const sections = new Map(parseCsv(readFileSync(join(shared, 'icd10cm/icd10cm_2025_tabular_codes.csv'), 'utf8')).slice(1).filter((r) => r[0]?.length === 3).map((r) => [r[0]!, r[3]!] as [string, string]));
const sectionOf = (code: string): string => sections.get(code.slice(0, 3)) ?? code.slice(0, 3);

/**
 * The rows of a site subterm `term` (said as its forms) under a main term, coded `raw` at the
 * site `titled` (the subterm itself, or the one its "see" reference names: "Cellulitis, leg — see
 * Cellulitis, lower limb"), if it is a site (see siteSubterms).
 */
function siteRows(main: { u: string; term: string }, term: string, raw: string, titled: string): string[] {
  const site = jointSite(tokens(forms(titled)[0] ?? '').join(' '));
  const spec = resolveAtSite(raw, site);
  if (!spec || !main.term) return [];
  const u = spec.replace(/^.*U:/, '');
  if (u === main.u || sectionOf(u) !== sectionOf(main.u)) return [];
  const r = /R:([^,]+)/.exec(spec)?.[1];
  const out: string[] = [];
  for (const f of forms(term)) {
    // "hip NEC" is the hip, less the sites the index lists apart.
    const said = tokens(f).join(' ').replace(/ nec$/, '');
    const words = jointSite(said);
    if (!SITE_WORDS.has(words)) continue;
    // A joint said by its part ("hands") is as often the part itself ("your hands are shaky"): read
    // in the condition's sentence only, never from the whole visit (`near`).
    const reach = words !== said ? '\tnear' : '';
    if (!r) out.push(`${main.u}\t${main.term}\t${words}\t${spec}\ttied`);
    else if ([r, u].some((c) => new RegExp(`\\b${site.replace(/ nec$/, '')}\\b`).test((billable.get(c) ?? '').toLowerCase()))) out.push(`${main.u}\t${main.term}\t${words}\t${spec}${reach}`);
  }
  return out;
}

/**
 * "Osteoarthritis, hand joint M19.04-": a joint named by its body part is said, and titled, by the
 * part ("osteoarthritis of both hands", "Primary osteoarthritis, right hand" M19.041).
 */
function jointSite(site: string): string {
  const part = site.replace(/ joints?$/, '');
  return part !== site && SITE_WORDS.has(part) ? part : site;
}

/** The entry a subterm's "see" reference names under its own main term ("see Cellulitis, lower limb"), if any. */
function seeWithin(e: Entry): Entry | undefined {
  if (!e.see || e.level !== 1) return undefined;
  const path = e.see.toLowerCase().split(',').map((t) => t.trim().replace(/\s*\([^)]*\)/g, ''));
  return path.length === 2 && path[0] === e.path[0] ? byPath.get(path.join('|')) : undefined;
}

/** A first-level subterm of a main term with no code, coded and no site itself: the condition it names ("pressure ulcer"). */
function subtermCondition(e: Entry, head: string): { u: string; term: string } | undefined {
  const u = e.code ? resolve(e.code)?.replace(/^.*U:/, '') : undefined;
  const sub = tokens(forms(e.path[1]!)[0] ?? '').join(' ');
  if (!u || u.includes(':') || !sub || SITE_WORDS.has(jointSite(sub))) return undefined;
  return { u, term: `${sub} ${head}` };
}

function siteSubterms(): string[] {
  const rows: string[] = [];
  let main: { u: string; term: string } | undefined;
  let container = false; // under a first-level subterm with the main term's own code
  // …or under a first-level subterm of another code of the main term's section that is no site, a
  // type of it ("Osteoarthritis, primary M19.91 — hand joint M19.04-"): its sites are that type's.
  let typed: { u: string; term: string } | undefined;
  // A main term with no code of its own names its conditions by first-level subterm ("Ulcer,
  // pressure L89.9-"): such a subterm is the condition, said before the main term ("pressure
  // ulcer"), and its own subterms its sites ("hip L89.2-").
  let headless: string | undefined;
  let named: { u: string; term: string } | undefined;
  for (const e of entries) {
    if (e.level === 0) {
      const spec = e.code ? resolve(e.code) : undefined;
      main = spec ? { u: spec.replace(/^.*U:/, ''), term: tokens(forms(e.path[0]!)[0] ?? '').join(' ') } : undefined;
      headless = !e.code && !e.see ? tokens(forms(e.path[0]!)[0] ?? '').join(' ') : undefined;
      named = undefined;
      continue;
    }
    if (headless && e.level === 1) named = subtermCondition(e, headless);
    // Its other names share its sites ("bedsore on the sacrum").
    if (headless && e.level === 1 && named) named = { ...named, term: [named.term, ...(referredBy.get(e.path.join('|')) ?? []).map((n) => tokens(n).join(' '))].join('|') };
    // "contiguous site of back, buttock, hip" is none of the sites it lists.
    if (headless && e.level === 2 && named && !/\bof\b/.test(e.path[2]!)) {
      const target = e.code ? e : seeWithin(e);
      if (target?.code) rows.push(...siteRows(named, e.path[2]!, target.code, target.path[target.level]!));
    }
    if (!main) continue;
    if (e.level === 1) {
      const u = e.code ? resolve(e.code)?.replace(/^.*U:/, '') : undefined;
      container = u === main.u;
      const site = SITE_WORDS.has(jointSite(tokens(forms(e.path[1]!)[0] ?? '').join(' ')));
      typed = u && !container && !site && !u.includes(':') && billable.has(u) && sectionOf(u) === sectionOf(main.u) ? { u, term: main.term } : undefined;
    }
    const target = e.code ? e : seeWithin(e);
    if (e.level === 2 && typed && target?.code) rows.push(...siteRows(typed, e.path[2]!, target.code, target.path[target.level]!));
    if (!(e.level === 1 || (e.level === 2 && container))) continue;
    if (target?.code) rows.push(...siteRows(main, e.path[e.level]!, target.code, target.path[target.level]!));
  }
  return [...new Set(rows)];
}
const sites = [...siteSubterms(), ...spineRows, ...[...neoplasmSites].map(([key, mains]) => {
  const [code, site, spec, history] = key.split('\t');
  return `${code}\t${[...new Set(mains)].join('|')}\t${site}\t${spec}\ttied${history === '-' ? '' : `\t${history}`}`;
})];
writeFileSync(
  outSites,
  '# default code of a main term\tthe main term (coder tokens; |-separated when several share the row)\tbody-site subterm (coder tokens)\tcode spec\t[tied: only when said tied to the main term\t[personal-history code of a malignancy there]] — FY2025 Alphabetic Index to Diseases, codes in the FY2026 set; generated by scripts/build-coding-index.ts\n' + sites.join('\n') + '\n',
);
console.log(`site subterms: ${sites.length}`);

// Codes by side of every unspecified-side code the tabular list titles with the side named
// (Tinnitus, unspecified ear H93.19 → right ear H93.11, left ear H93.12, bilateral H93.13): the
// coder gives a hand-written concept coded at its unspecified side the code of the side said.
// Injury codes are left out: the injury tables code their side (specify.ts).
const sides = [...billable.keys()].flatMap((u) => {
  const spec = /^[ST]/.test(u) ? undefined : sidedSiblings(u);
  return spec ? [`${u}\t${spec}`] : [];
});
writeFileSync(outSides, '# unspecified-side code\tcodes by side (R, L, B, U) — FY2026 tabular titles with the side named; generated by scripts/build-coding-index.ts\n' + sides.join('\n') + '\n');
console.log(`sided codes: ${sides.length}`);

/**
 * One-word main terms with no code of their own whose first-level subterms are the patient's sex
 * ("Hypogonadism — female E28.39, male E29.1"; "Infertility — female N97.9, male N46.9"): the
 * coder takes the subterm of the sex the visit documents (I.B.3: the subterm the documentation
 * supports); said with the sex ("male hypogonadism") the phrase table has them already.
 */
function sexSubterms(): string[] {
  const rows: string[] = [];
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    const main = forms(e.path[0] ?? '');
    if (e.level !== 0 || e.code || main.length !== 1 || tokens(main[0]!).length !== 1) continue;
    const bySex = new Map<string, string>();
    for (let j = i + 1; j < entries.length && entries[j]!.level > 0; j++) {
      const s = entries[j]!;
      const sex = s.level === 1 && s.code ? /^(female|male)(?: nec)?$/.exec(s.path[1] ?? '')?.[1] : undefined;
      const spec = sex ? resolve(s.code) : undefined;
      if (sex && spec && !spec.includes(':') && !bySex.has(sex)) bySex.set(sex, spec);
    }
    if (bySex.size === 2) rows.push(`${tokens(main[0]!)[0]}\t${bySex.get('female')}\t${bySex.get('male')}`);
  }
  return rows;
}
const sexes = sexSubterms();
writeFileSync(outSexes, '# main term (one coder token)\tcode for a female patient\tcode for a male patient — FY2025 Alphabetic Index to Diseases, first-level subterms female/male of a main term with no code of its own; generated by scripts/build-coding-index.ts\n' + sexes.join('\n') + '\n');
console.log(`main terms by sex: ${sexes.length}`);

abbreviationPhrases();
synonymPhrases();

/**
 * Each phrase again in the other words clinicians use for a word of it
 * (data/icd10cm/index-synonyms.tsv: "neuropathy arm" → "upper extremity neuropathy"), unless
 * that wording is an index phrase of its own. Abbreviations are left as they are.
 */
function synonymPhrases(): void {
  const rows = readFileSync(new URL('../data/icd10cm/index-synonyms.tsv', import.meta.url), 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
  // The whole limb only: "upper leg", "lower arm" (thigh, forearm) are parts of it.
  const variants = rows.map((l) => l.split('\t')).map(([word, said]) => ({ re: new RegExp(`(^| )(?<!upper |lower )${word!}(?= |$)`), said: said!.split('|') }));
  for (const [phrase, [spec, from]] of [...phrases]) {
    if (spec.includes('abbr')) continue;
    for (const { re, said } of variants) {
      if (!re.test(phrase)) continue;
      for (const other of said) {
        const key = phrase.replace(re, `$1${other}`);
        if (!phrases.has(key) && key.split(' ').length <= MAX_WORDS) phrases.set(key, [spec, from]);
      }
    }
  }
}

/**
 * Abbreviations, matched only when written in capitals (the mark `abbr`): an index main term
 * written as an acronym and spelt out in its modifier ("GERD (gastroesophageal reflux disease)"
 * K21.9), and an abbreviation of the clinical sense inventories
 * (../shared/data/abbreviations) whose sense has a share of at least 0.9 in every inventory that
 * lists it and is an index phrase or main term ("PNA" → pneumonia J18.9, "HA" → headache R51.9).
 */
function abbreviationPhrases(): void {
  const mainSpecs = new Map<string, [string, string]>();
  for (const e of entries) {
    const spec = e.level === 0 ? codeOf(e) : undefined;
    const marked = spec && SYMPTOM_MAINS.has(e.path[0]!) ? `${spec}\tsymptom` : spec;
    if (marked) for (const f of forms(e.path[0]!)) if (!GENERAL.has(f) && !mainSpecs.has(f)) mainSpecs.set(f, [marked, e.path.join(', ')]);
  }
  // `spec` may carry the symptom mark already; `abbr` is added to it.
  const addAbbr = (abbr: string, [spec, from]: [string, string]): void => {
    if (!/^[a-z][a-z0-9]{1,5}$/.test(abbr) || phrases.has(abbr)) return;
    phrases.set(abbr, [spec.includes('\t') ? `${spec},abbr` : `${spec}\tabbr`, from]);
  };
  for (const e of entries) {
    const original = e.level === 0 && e.code ? originalTerms.get(e) : undefined;
    if (!original || !/^[A-Z][A-Z0-9]+$/.test(original) || !/^\([a-z' -]+\)$/i.test(e.nonEss.trim())) continue;
    const spec = codeOf(e);
    if (spec) addAbbr(e.path[0]!, [spec, e.path.join(', ')]);
  }
  const known = (key: string): [string, string] | undefined => phrases.get(key) ?? mainSpecs.get(key);
  for (const [abbr, senses] of clearAbbreviations()) {
    const specs = senses.map((sense) => senseEntry(tokens(sense), known));
    // Each inventory's sense codes alike ("low back pain", "lower back pain" M54.50); a sense coded
    // by nothing is one misspelt ("chornic renal insufficiency") when it is a letter or two from one that is.
    const coded = specs.filter((x) => x !== undefined);
    const same = coded.length > 0 && coded.every((x) => x[0] === coded[0]![0]);
    const typos = senses.every((sense, i) => specs[i] || senses.some((other, j) => specs[j] && editDistance(sense, other) <= 2));
    if (same && typos) addAbbr(abbr, coded[0]!);
  }
}

/**
 * The entry a sense names: the sense, else the sense less a general word of the index's that
 * it adds to a named condition ("peptic ulcer disease" → Ulcer, peptic K27.9; GENERAL).
 */
function senseEntry(words: string[], known: (key: string) => [string, string] | undefined): [string, string] | undefined {
  const whole = known(words.join(' '));
  if (whole || words.length < 3) return whole;
  for (let i = words.length - 1; i >= 0; i--) {
    if (!GENERAL.has(words[i]!)) continue;
    const less = known([...words.slice(0, i), ...words.slice(i + 1)].join(' '));
    if (less) return less;
  }
  return undefined;
}

/** Levenshtein distance (short strings: the senses of an abbreviation). */
function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row.push(Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = row;
  }
  return prev[b.length]!;
}

/** Abbreviation → its senses: a share of at least 0.9 in every inventory that lists it (one sense each, said alike or not). */
function clearAbbreviations(): Map<string, string[]> {
  const senses = new Map<string, Set<string>>();
  const unclear = new Set<string>();
  const note = (abbr: string, sense: string, share: number): void => {
    const a = abbr.toLowerCase();
    if (share < 0.9) {
      if (share >= 0.1) unclear.add(a);
      return;
    }
    senses.set(a, (senses.get(a) ?? new Set()).add(sense.toLowerCase()));
  };
  for (const l of readFileSync(join(shared, 'abbreviations/stetson_signout_sense_distribution.tsv'), 'utf8').split('\n')) {
    const [abbr, sense, share] = l.split('\t');
    if (abbr && sense) note(abbr, sense, Number(share));
  }
  for (const f of ['vanderbilt_clinic_notes.tsv', 'vanderbilt_discharge_sums.tsv']) {
    for (const l of readFileSync(join(shared, `abbreviations/${f}`), 'utf8').split('\n').slice(1)) {
      const [abbr, sense, , , share] = l.split('\t');
      if (abbr && sense) note(abbr, sense, Number(share));
    }
  }
  return new Map([...senses].filter(([a]) => !unclear.has(a)).map(([a, s]) => [a, [...s]]));
}

for (const [phrase, spec, e] of deferred) add(phrase, spec, e, true);
// The index entry each phrase comes from is printed with --trace (for review), not shipped:
// the coder loads this file on its first call.
if (process.argv.includes('--trace')) for (const [p, [spec, from]] of phrases) console.log(`${p}\t${spec}\t${from}`);
writeFileSync(out, '# phrase (coder tokens)\tcode spec — FY2025 Alphabetic Index to Diseases; generated by scripts/build-coding-index.ts\n' + [...phrases].map(([p, [spec]]) => `${p}\t${spec}`).join('\n') + '\n');
console.log(`coding index phrases: ${phrases.size}`);
