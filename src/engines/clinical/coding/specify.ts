// The most specific code the words of a mention's sentence support: ankle ligament
// (data/lexicon/specifiers.tsv), finger, phalanx and displacement of a finger fracture, and
// the type, site and side of an injury (data/lexicon/injuries.tsv, injury-sites.tsv and the
// generated injury-codes.tsv); the 7th character of an injury code follows the encounter.
import { findConcepts, isBillable, tokenize, type Concept } from '../lexicon/index.ts';
import { SIDE_WORDS, type Side } from '../language/sides.ts';
import { lexiconTable } from '../lexicon/tables.ts';
import { wordsPattern } from '../language/data.ts';
import { FILLER_WORDS } from '../language/fillers.ts';
import { indexSiteSpec, levelSaidBeforeSpec, visitIndexSiteSpec } from './index-sites.ts';
import { tiedTo } from './site-ties.ts';
import { sided, sidesOf } from './code-sides.ts';
import { systemsOf } from './systems.ts';
import { withSubterm } from './with-subterms.ts';
import { indexConcept } from './index-terms.ts';
import { languageData } from '../language/data.ts';


const words = (alternatives: string): RegExp => new RegExp(`\\b(?:${alternatives})\\b`, 'i');

interface Specifier { prefix: string; words: RegExp; replacement: string; visit: boolean }
let rows: Specifier[] | undefined;
function specifiers(): Specifier[] {
  rows ??= lexiconTable('specifiers.tsv').map(([prefix, w, replacement, scope]) => ({ prefix: prefix!, words: words(w!), replacement: replacement!, visit: scope === 'visit' }));
  return rows;
}

const CONCEPT = 'concept:';

/** "R:M17.11,L:M17.12,B:M17.0,U:M17.9" → codes by side (billable ones only; U always kept); "C43.59" → a code of no side. */
function lateralCodes(spec: string): Concept['codes'] {
  if (!spec.includes(':')) return { U: spec };
  const codes: Record<string, string> = {};
  for (const part of spec.split(',')) {
    const [side, code] = part.split(':');
    if (side && code && (side === 'U' || isBillable(code))) codes[side] = code;
  }
  return codes as Concept['codes'];
}

const derived = new Map<string, Concept>();
/**
 * The concept with its codes replaced (one object per result, so mentions of it group). A code
 * made specific into another chapter or section explains that system's symptoms too (a viral
 * illness of the upper respiratory tract, J06.9, explains the cough: guidelines IV.D).
 */
function withCodes(concept: Concept, codes: Concept['codes'], history = concept.history): Concept {
  const key = `${concept.name}|${JSON.stringify(codes)}|${history}`;
  let c = derived.get(key);
  if (!c) {
    const systems = [...new Set([...concept.systems, ...(codes.U ? systemsOf(codes.U) : [])])];
    derived.set(key, (c = { ...concept, codes, systems, history }));
  }
  return c;
}

const FINGER: Record<string, number> = { index: 0, second: 0, pointer: 0, middle: 2, long: 2, third: 2, ring: 4, fourth: 4, little: 6, pinky: 6, small: 6, fifth: 6 };
const PHALANX: Record<string, number> = { proximal: 1, middle: 2, distal: 3 };
const FINGER_FRACTURE = 'S62.609A';

/** Finger fracture: "distal phalanx fracture of the right middle finger" → S62.632A. */
function fingerFracture(sentence: string, side: Side): string | undefined {
  const finger = /\b(index|second|pointer|middle|long|third|ring|fourth|little|pinky|small|fifth)\s+finger/i.exec(sentence)?.[1]?.toLowerCase();
  const phalanx = /\b(proximal|middle|distal)\s+phalan/i.exec(sentence)?.[1]?.toLowerCase();
  if (!finger && !phalanx) return undefined;
  let digit = 9;
  if (finger !== undefined && (side === 'R' || side === 'L')) digit = FINGER[finger]! + (side === 'L' ? 1 : 0);
  let kind = phalanx ? PHALANX[phalanx]! : 0;
  if (kind && /\bnon-?\s?displaced\b/i.test(sentence)) kind += 3;
  const code = `S62.6${kind}${digit}A`;
  return isBillable(code) ? code : undefined;
}

// ---------------------------------------------------------------------------- injuries

/** A body site as said, and the sites of the code titles it stands for. */
export interface InjurySite { titles: string[]; part?: string }
interface InjuryConcept { type: string; needsSite: boolean; unless?: RegExp }
interface InjuryTables {
  concepts: Map<string, InjuryConcept>;
  upgrades: { type: string; words: RegExp; to: string }[];
  fallback: Map<string, string>;
  /** "type\tsite" → code by side. */
  codes: Map<string, Partial<Record<Side, string>>>;
  /** Spoken site (lower case) → site. */
  sites: Map<string, InjurySite>;
  siteWords: RegExp;
}

let injuryTables: InjuryTables | undefined;
function injuries(): InjuryTables {
  if (injuryTables) return injuryTables;
  const concepts = new Map<string, InjuryConcept>();
  const upgrades: InjuryTables['upgrades'] = [];
  const fallback = new Map<string, string>();
  for (const [kind, a, b, c, d] of lexiconTable('injuries.tsv')) {
    if (kind === 'concept') concepts.set(a!, { type: b!, needsSite: c === 'sentence', unless: d && d !== '-' ? words(d) : undefined });
    else if (kind === 'upgrade') upgrades.push({ type: a!, words: words(b!), to: c! });
    else if (kind === 'fallback') fallback.set(a!, b!);
  }
  const codes = new Map<string, Partial<Record<Side, string>>>();
  for (const [type, site, R, L, B, U] of lexiconTable('injury-codes.tsv')) {
    const row: Partial<Record<Side, string>> = {};
    for (const [side, code] of [['R', R], ['L', L], ['B', B], ['U', U]] as const) if (code && code !== '-') row[side] = code;
    codes.set(`${type}\t${site}`, row);
  }
  const sites = new Map<string, InjurySite>();
  for (const [spoken, titles, part] of lexiconTable('injury-sites.tsv')) {
    const site: InjurySite = { titles: titles!.split(';').map((t) => t.trim()), part: part && part !== '-' ? part : undefined };
    for (const w of spoken!.split('|')) sites.set(w.trim().toLowerCase(), site);
  }
  injuryTables = { concepts, upgrades, fallback, codes, sites, siteWords: new RegExp(wordsPattern([...sites.keys()]), 'gi') };
  return injuryTables;
}

interface SiteHit { site: InjurySite; start: number; end: number }

function sitesIn(text: string): SiteHit[] {
  const { sites, siteWords } = injuries();
  const out: SiteHit[] = [];
  siteWords.lastIndex = 0;
  for (let m = siteWords.exec(text); m; m = siteWords.exec(text)) {
    const site = sites.get(m[0].toLowerCase().replace(/\s+/g, ' '));
    if (site) out.push({ site, start: m.index, end: m.index + m[0].length });
  }
  // "the back of the right forearm", "the palm side of the finger": a face of the site named
  // after it, not a site of its own.
  return out.filter((hit, i) => !(out[i + 1] && SURFACE_OF.test(text.slice(hit.end, out[i + 1]!.start))));
}
// Between a surface word and the site it is a face of.
const SURFACE_OF = /^\s+(?:side\s+)?of\s+(?:(?:the|your|my|his|her|their|this|that)\s+)?(?:(?:right|left)\s+)?$/i;

// A word with other senses is an injury only with a site this near (characters between),
// and not with the words of its other senses this near ("strain your urine").
const NEAR = 20;
const UNLESS_REACH = 30;

/** Is `a` the narrower site ("mcl" within "knee"), or else the longer phrase? */
function narrower(a: SiteHit, b: SiteHit): boolean {
  if (a.site.titles.includes(b.site.titles[0]!)) return true;
  if (b.site.titles.includes(a.site.titles[0]!)) return false;
  return a.end - a.start > b.end - b.start;
}

/** The site said nearest the mention in its sentence (one tied to it first, the narrower on a tie), within `reach` characters. */
function siteNear(sentence: string, at: { start: number; end: number }, reach = Infinity): SiteHit | undefined {
  let best: { hit: SiteHit; dist: number } | undefined;
  for (const hit of sitesIn(sentence)) {
    let dist = hit.end <= at.start ? at.start - hit.end : hit.start >= at.end ? hit.start - at.end : 0;
    if (dist > 0 && tiedTo(sentence, at, hit)) dist = 0;
    if (!best || dist < best.dist || (dist === best.dist && narrower(hit, best.hit))) best = { hit, dist };
  }
  return best && best.dist <= reach ? best.hit : undefined;
}

const FILLER = new Set([...FILLER_WORDS, 'the', 'your', 'my', 'his', 'her', 'of']);

/** A side said just before a site ("right hand, uh, index finger", "the left knee"). */
function sideBefore(sentence: string, at: number): Side | undefined {
  const before = (sentence.slice(Math.max(0, at - 60), at).toLowerCase().match(/[a-z]+/g) ?? []).filter((w) => !FILLER.has(w)).slice(-3);
  for (let i = before.length - 1; i >= 0; i--) {
    const side = SIDE_WORDS[before[i]!];
    if (side) return side;
  }
  return undefined;
}

/**
 * The site a visit names most often, when it stands out (named more often than any other):
 * the site of an injury whose sentence names none.
 */
export function visitSiteOf(text: string): InjurySite | undefined {
  const counts = new Map<InjurySite, number>();
  for (const hit of sitesIn(text)) counts.set(hit.site, (counts.get(hit.site) ?? 0) + 1);
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  return first && (!second || first[1] > second[1]) ? first[0] : undefined;
}

/** Codes of an injury type at a site for a side: the first title with a code for the side, else for no side. */
function injuryCodes(type: string, site: InjurySite, side: Side): Concept['codes'] | undefined {
  const { codes, fallback } = injuries();
  for (const t of [type, fallback.get(type)]) {
    if (!t) continue;
    const rows = site.titles.map((title) => codes.get(`${t}\t${title}`)).filter((r) => r !== undefined);
    if (side === 'B') {
      const both = rows.find((r) => r.B);
      if (both) return { U: both.B! };
      const pair = rows.find((r) => r.R && r.L);
      if (pair) return { U: pair.U ?? pair.R!, R: pair.R, L: pair.L };
    } else if (side !== 'U') {
      const sided = rows.find((r) => r[side]);
      if (sided) return { U: sided[side]! };
    }
    const unsided = rows.find((r) => r.U);
    if (unsided) return { U: unsided.U! };
  }
  return undefined;
}

interface TypeAfterCues { links: Set<string>; negators: Set<string>; reach: number }
let typeCues: TypeAfterCues | undefined;
function typeAfterCues(): TypeAfterCues {
  if (typeCues) return typeCues;
  const c = languageData<{ type_after: { links: string[]; reach: number }; with_subterms: { negators: string[] } }>('coding');
  typeCues = { links: new Set(c.type_after.links), negators: new Set(c.with_subterms.negators), reach: c.type_after.reach };
  return typeCues;
}

/**
 * The code of the index entry that says the condition's type after it, as the index says it with
 * the type first ("asthma is mild intermittent" → "mild intermittent asthma" J45.20; "major
 * depression, recurrent" → F33.9): I.B.3, the subterm the documentation supports. Only a code of
 * the same tabular block (its first two characters), so a word of another condition is no type.
 */
function typeAfter(code: string, sentence: string, at: { start: number; end: number }): string | undefined {
  const c = typeAfterCues();
  const rest = /^[^.;:?!]*/.exec(sentence.slice(at.end))![0].replace(/^\s*,/, ' ');
  if (/^\s*[^\s\w]/.test(rest)) return undefined;
  const after = (rest.toLowerCase().match(/[a-z]+/g) ?? []).slice(0, c.reach + 2);
  while (after.length > 0 && c.links.has(after[0]!)) after.shift();
  if (after.length === 0 || c.negators.has(after[0]!)) return undefined;
  const said = (sentence.slice(at.start, at.end).toLowerCase().match(/[a-z0-9]+/g) ?? []).join(' ');
  for (let k = Math.min(c.reach, after.length); k >= 1; k--) {
    const found = indexConcept(`${after.slice(0, k).join(' ')} ${said}`)?.codes.U;
    if (!found || found === code || found.slice(0, 2) !== code.slice(0, 2)) continue;
    // A word that names a condition of its own is the next item of a list ("anxiety, depression"), no type.
    if (!after.slice(0, k).some((w) => indexConcept(w) !== undefined || findConcepts(tokenize(w)).length > 0)) return found;
  }
  return undefined;
}

export interface SpecifyContext {
  /** Offsets of the mention within the sentence. */
  at: { start: number; end: number };
  /** The side named nearest the mention in its sentence. */
  side: Side;
  /** The one side the visit names for a body part ('U' when none or both). */
  visitSide(part: string): Side;
  /** The site the visit names most (see visitSiteOf). */
  visitSite(): InjurySite | undefined;
  /** The whole text (for specifiers whose words may be said anywhere in the visit). */
  visit: string;
  /** The text of the visit before the mention's sentence (a level pointed back to: "at this level"). */
  before?: string;
  /** 'D' when the visit follows up a healing injury (subsequent encounter), else 'A'. */
  encounter(): 'A' | 'D';
}

export interface Specified { concept: Concept; side?: Side }

/** An injury by type, site and side; null when the words are not an injury after all. */
function injury(concept: Concept, kind: InjuryConcept, sentence: string, ctx: SpecifyContext): Specified | null {
  if (kind.unless?.test(sentence.slice(Math.max(0, ctx.at.start - UNLESS_REACH), ctx.at.end + UNLESS_REACH))) return null;
  const { upgrades } = injuries();
  const type = upgrades.find((u) => u.type === kind.type && u.words.test(sentence))?.to ?? kind.type;
  const hit = siteNear(sentence, ctx.at, kind.needsSite ? NEAR : Infinity);
  let site = hit?.site;
  let side: Side = (hit && sideBefore(sentence, hit.start)) || ctx.side;
  let codes = site && injuryCodes(type, site, side === 'U' && site.part ? ctx.visitSide(site.part) : side);
  if (!codes) {
    if (kind.needsSite) return null;
    site = ctx.visitSite();
    if (side === 'U' && site?.part) side = ctx.visitSide(site.part);
    codes = site && injuryCodes(type, site, side);
  }
  if (site?.part && side === 'U') side = ctx.visitSide(site.part);
  return { concept: withCodes(concept, codes ?? concept.codes), side };
}

// Injury and burn codes with an encounter character (S00–T34): "A" initial, "D" subsequent.
const ENCOUNTER_CODE = /^(?:S\d\d|T[0-3]\d)\.[0-9A-Z]{3}A$/;

/** Codes with the 7th character of the encounter. */
function forEncounter(specified: Specified, ctx: SpecifyContext): Specified {
  const { concept } = specified;
  if (!Object.values(concept.codes).some((c) => ENCOUNTER_CODE.test(c)) || ctx.encounter() === 'A') return specified;
  const codes: Concept['codes'] = { ...concept.codes };
  for (const [k, c] of Object.entries(codes) as [keyof Concept['codes'], string][]) {
    const d = ENCOUNTER_CODE.test(c) ? `${c.slice(0, -1)}D` : c;
    if (isBillable(d)) codes[k] = d;
  }
  return { ...specified, concept: withCodes(concept, codes) };
}

/**
 * The concept a mention is coded with, made specific by the words of its sentence (and the
 * side it refers to, when that was found with the site). Undefined when the words are not
 * the concept after all ("strain your urine").
 */
export function specify(concept: Concept, sentence: string, ctx: SpecifyContext): Specified | undefined {
  const kind = injuries().concepts.get(concept.name);
  if (kind) {
    const found = injury(concept, kind, sentence, ctx);
    return found ? forEncounter(found, ctx) : undefined;
  }
  if (concept.codes.U === FINGER_FRACTURE) {
    const code = fingerFracture(sentence, ctx.side === 'U' ? ctx.visitSide('finger') : ctx.side);
    return forEncounter({ concept: code ? withCodes(concept, { U: code }) : concept }, ctx);
  }
  for (const row of specifiers()) {
    // A concept's codes replaced by codes by side ("osteoarthritis" of a knee: M19.90 → M17.-).
    if (row.prefix.startsWith(CONCEPT)) {
      if (concept.name !== row.prefix.slice(CONCEPT.length) || !row.words.test(row.visit ? ctx.visit : sentence)) continue;
      return forEncounter({ concept: withCodes(concept, lateralCodes(row.replacement)) }, ctx);
    }
    const codes = Object.entries(concept.codes);
    if (!codes.some(([, c]) => c.startsWith(row.prefix)) || !row.words.test(row.visit ? ctx.visit : sentence)) continue;
    const next: Concept['codes'] = { U: concept.codes.U };
    for (const [k, c] of codes) {
      const replaced = c.startsWith(row.prefix) ? row.replacement + c.slice(row.prefix.length) : c;
      next[k as keyof Concept['codes']] = isBillable(replaced) ? replaced : c;
    }
    return forEncounter({ concept: withCodes(concept, next) }, ctx);
  }
  // The "with" member of a tabular pair whose qualifier the sentence says ("irritable bowel syndrome with diarrhea" K58.0).
  const qualified = sided(concept.codes) ? undefined : withSubterm(concept.codes.U, sentence);
  if (qualified) return forEncounter({ concept: withCodes(concept, { U: qualified }) }, ctx);
  const typed = sided(concept.codes) ? undefined : typeAfter(concept.codes.U, sentence, ctx.at);
  if (typed) return forEncounter({ concept: withCodes(concept, { U: typed }) }, ctx);
  // A site subterm of the index named in the sentence (I.B.3: the documented site).
  const site = indexSiteSpec(concept.codes.U, concept.name, sentence, ctx.at)
    ?? (ctx.before === undefined ? undefined : levelSaidBeforeSpec(concept.codes.U, concept.name, sentence, ctx.before))
    ?? visitIndexSiteSpec(concept.codes.U, concept.name, ctx.visit);
  // A malignancy's site gives its personal-history code too (History, personal, malignant neoplasm, breast Z85.3).
  if (site) return forEncounter({ concept: withCodes(concept, lateralCodes(site.spec), site.history ?? concept.history) }, ctx);
  // A code of unspecified side whose tabular list codes the sides (I.B.13: the side documented).
  const bySide = sided(concept.codes) ? undefined : sidesOf(concept.codes.U);
  if (bySide) return { concept: withCodes(concept, lateralCodes(bySide)) };
  return forEncounter({ concept }, ctx);
}
