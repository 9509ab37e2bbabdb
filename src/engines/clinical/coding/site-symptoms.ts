// Symptoms said at a body site in lay words ("pain in my belly", "my left elbow hurts", "a lump in
// my chest", "Where's your pain?" "Right above my belly button.", "How's your jaw?" "The pain is
// worse."), coded through the Alphabetic Index's site subterms (data/lexicon/symptom-sites.tsv →
// data/icd10cm/coding-index.tsv).
import type { Concept, ConceptMention, Token } from '../lexicon/index.ts';
import { phraseTokens } from '../lexicon/index.ts';
import { codingCues } from '../language/coding.ts';
import { lexiconTable } from '../lexicon/tables.ts';
import { opensWithPlainYes } from './cue-phrases.ts';
import { indexConcept } from './index-terms.ts';
import { refines } from './refines.ts';
import { tiedTo, unstuttered } from './site-ties.ts';
import type { Turns } from './speaker.ts';
import { systemsOf } from './systems.ts';

/** `only`: the symptoms a limb part composes (undefined: any), said as "<word> <main>" only (see readTables). */
interface Site { words: string[]; deeper: Map<string, string>; only?: Set<string> }
interface Tables {
  symptoms: Map<string, string>;
  /** Lay site phrase (tokens joined by a space) → site; `longest`: most tokens of a phrase. */
  sites: Map<string, Site>;
  longest: number;
  /** First words of the site phrases: most tokens start none, and are passed over at once. */
  siteFirsts: Set<string>;
  compounds: Map<string, { site: Site; main: string }>;
  questions: Set<string>;
  linkers: Set<string>;
  prepositions: Set<string>;
  /** Words joining two sites of one symptom ("neck and lower back pain"). */
  conjunctions: Set<string>;
  /** A part of a site said before it with "of" ("the inside of your knee"), as token phrases. */
  positions: string[][];
  /** Words before a symptom that put it in the joints of its site ("joint pain in my hands"). */
  joints: Set<string>;
}
let tables: Tables | undefined;

function readTables(): Tables {
  if (tables) return tables;
  const t: Tables = { symptoms: new Map(), sites: new Map(), longest: 1, siteFirsts: new Set(), compounds: new Map(), questions: new Set(), linkers: new Set(), prepositions: new Set(), conjunctions: new Set(), positions: [], joints: new Set() };
  const rows = lexiconTable('symptom-sites.tsv');
  for (const [kind, words, index, deeper] of rows) {
    const said = words!.split('|');
    if (kind === 'symptom') for (const w of said) t.symptoms.set(w, index!);
    else if (kind === 'site' || kind === 'limb') {
      // A limb part ("hand") is the limb's site (Pain, limb, upper, hand M79.64-), not its joints
      // (Pain, joint, hand M25.54-), and only for the symptoms its row names.
      // A limb part's symptom may carry its code where the table has no subterm for the part ("swelling=…").
      const codes = new Map((deeper ?? '').split(';').filter((d) => d.includes('=')).map((d) => d.split('=') as [string, string]));
      const limb = kind === 'limb' ? new Set(deeper!.split(';').map((d) => d.split('=')[0]!)) : undefined;
      const site: Site = { words: index!.split(';'), deeper: codes, only: limb };
      for (const w of said) {
        const tokens = phraseTokens(w);
        t.sites.set(tokens.join(' '), site);
        t.siteFirsts.add(tokens[0]!);
        t.longest = Math.max(t.longest, tokens.length);
      }
    } else if (kind === 'question') for (const w of said) t.questions.add(w);
    else if (kind === 'linker') for (const w of said) t.linkers.add(w);
    else if (kind === 'preposition') for (const w of said) t.prepositions.add(w);
    else if (kind === 'conjunction') for (const w of said) t.conjunctions.add(w);
    else if (kind === 'position') for (const w of said) t.positions.push(phraseTokens(w));
    else if (kind === 'joint') for (const w of said) t.joints.add(w);
  }
  // Compounds name a site and a symptom word of the rows above ("bellyache" → belly, ache).
  for (const [kind, words, parts] of rows) {
    if (kind !== 'compound') continue;
    const [siteWord, symptomWord] = parts!.split(';');
    const site = t.sites.get(siteWord!);
    const main = t.symptoms.get(symptomWord!);
    if (site && main) for (const w of words!.split('|')) t.compounds.set(w, { site, main });
  }
  tables = t;
  return t;
}

/** The code of a symptom (index main term) at a site: the index's subterm phrase, else a deeper subterm the table lacks. */
function codedAt(main: string, site: Site, joint = false): Concept | undefined {
  // Said of the joints of a limb part ("joint pain in my hands"): Pain, joint, hand M25.54-.
  if (joint) for (const word of site.words) {
    const concept = indexConcept(`${word} joint ${main}`);
    if (concept) return concept;
  }
  if (site.only && !site.only.has(main)) return undefined;
  // A limb part's own code for the symptom is the index's deeper subterm, not the part's main-term entry.
  const own = site.only && site.deeper.get(main);
  if (own) return deeperConcept(main, site, own);
  for (const word of site.words) {
    for (const phrase of site.only ? [`${word} ${main}`] : [`${word} joint ${main}`, `${word} localized ${main}`, `${word} ${main}`]) {
      const concept = indexConcept(phrase);
      if (concept) return concept;
    }
  }
  const code = site.deeper.get(main);
  return code ? deeperConcept(main, site, code) : undefined;
}

const deeperConcepts = new Map<string, Concept>();
function deeperConcept(main: string, site: Site, code: string): Concept {
  const name = `${site.words[0]} ${main}`;
  let c = deeperConcepts.get(name);
  // "R:…,L:…,U:…" gives the codes by side (as data/icd10cm/coding-index.tsv writes them).
  const codes = code.includes(':') ? Object.fromEntries(code.split(',').map((c) => c.split(':') as [string, string])) : { U: code };
  if (!c) deeperConcepts.set(name, (c = { codes: { U: codes.U ?? code, ...codes }, kind: 'symptom', systems: systemsOf(codes.U ?? code), history: '-', name }));
  return c;
}

/** The site said at token i, the longest phrase; a site "of" another names that one ("the side of my head"). */
function siteAt(tokens: readonly Token[], i: number, t: Tables): { site: Site; to: number } | undefined {
  if (!t.siteFirsts.has(tokens[i]?.norm ?? '')) return undefined;
  let found: { site: Site; to: number } | undefined;
  for (let n = Math.min(t.longest, tokens.length - i); n >= 1 && !found; n--) {
    const site = t.sites.get(tokens.slice(i, i + n).map((x) => x.norm).join(' '));
    if (site) found = { site, to: i + n };
  }
  if (!found || tokens[found.to]?.norm !== 'of') return found;
  for (let j = found.to + 1; j < tokens.length && j <= found.to + 3; j++) {
    const inner = siteAt(tokens, j, t);
    if (inner) return inner;
  }
  return found;
}

// A phrase runs within one sentence and not across a list comma ("my back, knee pain").
const BREAK = /[.?!;,\n]/;
// Tokens read between a symptom and the site after it, or a site and the symptom after it.
const REACH = 4;

/** "pain in my left side", "sore knee", "lump in my chest": a symptom, then its site tied by a preposition. */
function siteAfter(text: string, tokens: readonly Token[], i: number, t: Tables): { site: Site; from: number; to: number } | undefined {
  const next = tokens[i + 1];
  if (!next) return undefined;
  const adjacent = siteAt(tokens, i + 1, t);
  if (adjacent) return { ...adjacent, from: i + 1 };
  if (!t.prepositions.has(next.norm)) return undefined;
  // What the site must be tied to: the symptom, or a part of the site said before it ("the inside of").
  let at = { start: tokens[i]!.start, end: tokens[i]!.end };
  for (let j = i + 2, last = i + 1 + REACH; j < tokens.length && j <= last; j++) {
    // A stuttered word ("on, on, on my elbow") is read once: it takes none of the reach, nor does
    // a part of the site said before it ("the inside of your right knee").
    if (tokens[j]!.norm === tokens[j - 1]!.norm) last++;
    const hit = siteAt(tokens, j, t);
    // A site phrase that opens with a part's word ("bottom of my back": the low back) is the site.
    const part = hit ? 0 : positionAt(tokens, j, t);
    if (part) {
      const span = { start: tokens[j]!.start, end: tokens[j + part - 2]!.end };
      if (!tiedTo(text, at, span)) return undefined;
      at = span;
      last += part;
      j += part - 1;
      continue;
    }
    if (!hit) continue;
    // A site whose modifier is shared with one before it ("my lower and mid back") is tied from that one.
    const first = ellipticSite(tokens, j, hit.to, t)?.from ?? j;
    return tiedTo(text, at, { start: tokens[first]!.start, end: tokens[hit.to - 1]!.end }) ? { ...hit, from: j } : undefined;
  }
  return undefined;
}

/** How many tokens a part of a site and its "of" take at j ("inner side of" = 3), or 0. */
function positionAt(tokens: readonly Token[], j: number, t: Tables): number {
  for (const words of t.positions) {
    if (tokens[j + words.length]?.norm === 'of' && words.every((w, k) => tokens[j + k]?.norm === w)) return words.length + 1;
  }
  return 0;
}

/** A second site joined to the one ending at `from` ("neck and lower back", "shoulder or my arm"). */
function coordinatedSite(tokens: readonly Token[], from: number, t: Tables): { site: Site; from: number; to: number } | undefined {
  if (!t.conjunctions.has(tokens[from]?.norm ?? '')) return undefined;
  for (let j = from + 1; j < tokens.length && j <= from + 1 + COORDINATED_REACH; j++) {
    const hit = siteAt(tokens, j, t);
    if (hit) return { site: hit.site, from: j, to: hit.to };
  }
  return undefined;
}
// Words read past the conjunction for the second site (a side, a determiner: "and my left hip").
const COORDINATED_REACH = 2;

/**
 * The site a modifier names by sharing the head of the site after it ("lower and mid back": lower
 * back and mid back), the site phrase [from, to) starting with its own modifier; undefined when the
 * words before it are no modifier and conjunction making a site with that head.
 */
function ellipticSite(tokens: readonly Token[], from: number, to: number, t: Tables): { site: Site; from: number } | undefined {
  if (to - from < 2 || from < 2 || !t.conjunctions.has(tokens[from - 1]!.norm)) return undefined;
  const head = tokens.slice(from + 1, to).map((x) => x.norm);
  const site = t.sites.get([tokens[from - 2]!.norm, ...head].join(' '));
  return site ? { site, from: from - 2 } : undefined;
}

/** "my stomach hurts", "knee has been hurting", "tummy ache": a site, then its symptom past linking words. */
function symptomAfter(tokens: readonly Token[], from: number, t: Tables): { main: string; to: number } | undefined {
  for (let j = from; j < tokens.length && j < from + 1 + REACH; j++) {
    const main = t.symptoms.get(tokens[j]!.norm);
    if (main) return { main, to: j + 1 };
    if (!t.linkers.has(tokens[j]!.norm)) return undefined;
  }
  return undefined;
}

/** A mention of `main` at `site` over tokens [from, to), if the index codes it and no break parts it. */
function mentionOf(text: string, tokens: readonly Token[], from: number, to: number, main: string, site: Site, joint = false): ConceptMention | undefined {
  const start = tokens[from]!.start;
  const end = tokens[to - 1]!.end;
  if (BREAK.test(unstuttered(text.slice(start, end)))) return undefined;
  const concept = codedAt(main, site, joint);
  return concept ? { concept, start, end, from, to } : undefined;
}

/** Symptoms said with their site within a phrase. */
function phrasesIn(text: string, tokens: readonly Token[], t: Tables): ConceptMention[] {
  const out: ConceptMention[] = [];
  for (let i = 0; i < tokens.length; ) {
    const word = tokens[i]!.norm;
    const compound = t.compounds.get(word);
    const main = t.symptoms.get(word);
    const site = main ? undefined : siteAt(tokens, i, t);
    let hit: ConceptMention | undefined;
    if (compound) hit = mentionOf(text, tokens, i, i + 1, compound.main, compound.site);
    else if (main) {
      const after = siteAfter(text, tokens, i, t);
      // "joint pain in my hands": the mention starts at the joint word, in the joints of the site.
      const joint = i > 0 && t.joints.has(tokens[i - 1]!.norm) && !BREAK.test(text.slice(tokens[i - 1]!.end, tokens[i]!.start));
      if (after) hit = mentionOf(text, tokens, joint ? i - 1 : i, after.to, main, after.site, joint);
      // "pain in my belly and back", "pain in my knee or my hip": the symptom is said of the second
      // site too (the mirror of "neck and lower back pain" below), each coded at its own site subterm.
      const other = hit && after && coordinatedSite(tokens, after.to, t);
      const second = other && mentionOf(text, tokens, other.from, other.to, main, other.site, joint);
      if (second) out.push(second);
      const shared = after && ellipticSite(tokens, after.from, after.to, t);
      const also = shared && mentionOf(text, tokens, i, after.to, main, shared.site);
      if (also) out.push(also);
    } else if (site) {
      const other = coordinatedSite(tokens, site.to, t);
      const symptom = symptomAfter(tokens, other?.to ?? site.to, t);
      if (symptom && other) {
        // "neck and lower back pain": the first site's symptom is said with the second's.
        // Only when the second site codes the symptom too: "ankle and foot swelling" is one
        // swelling of a limb part the table does not code there, not an ankle effusion.
        hit = mentionOf(text, tokens, other.from, symptom.to, symptom.main, other.site);
        const first = hit && mentionOf(text, tokens, i, site.to, symptom.main, site.site);
        if (first && !BREAK.test(text.slice(tokens[i]!.start, tokens[symptom.to - 1]!.end))) out.push(first);
      } else if (symptom) {
        hit = mentionOf(text, tokens, i, symptom.to, symptom.main, site.site);
        // "lower and mid back pain": the modifier before the conjunction names a site of its own.
        const shared = ellipticSite(tokens, i, site.to, t);
        const also = shared && mentionOf(text, tokens, shared.from, shared.from + 1, symptom.main, shared.site);
        if (also) out.push(also);
      }
    }
    if (hit) out.push(hit);
    // A symptom said after its site may name the site again, more exactly ("back pain in my lower back").
    i = !hit ? i + 1 : site && !compound ? hit.to - 1 : hit.to;
  }
  return out;
}

// Tokens of the patient's answer read for the site ("Um, right above my belly button.").
const ANSWER_REACH = 12;

let limbParts: Set<string> | undefined;
/** The limb parts a question may name (coding.json limb_parts): "hand", "wrist", "knee"… */
function limbPartWords(): Set<string> {
  return (limbParts ??= new Set(Object.values(codingCues().limb_parts.regions).flat()));
}

/**
 * The symptom a clinician's turn asks the site of ("Where's your pain?", "Where does it hurt?"), if it does.
 * A question that names a part itself ("Where on your wrist is it sore?") asks where on that part: the
 * answer ("on the thumb side") places the symptom within it and names no site of its own.
 */
function askedSite(text: string, tokens: readonly Token[], t: Tables): string | undefined {
  const asks = tokens.findIndex((x) => t.questions.has(x.norm));
  if (asks < 0) return undefined;
  for (let j = asks + 1; j < tokens.length; j++) {
    if (t.siteFirsts.has(tokens[j]!.norm) || limbPartWords().has(tokens[j]!.norm)) return undefined;
    const main = t.symptoms.get(tokens[j]!.norm);
    if (main && /\?/.test(text.slice(tokens[j]!.end, tokens[Math.min(j + 4, tokens.length - 1)]!.end + 1))) return main;
    // A transcript without punctuation (speech recognition's) marks no question: a turn with no
    // sentence mark that ends at the symptom asks where it is ("okay where exactly is the pain").
    if (main) return j === tokens.length - 1 && !/[.?!]/.test(text.slice(tokens[0]!.start, tokens[j]!.end + 1)) ? main : undefined;
    if (/[.?!]/.test(text.slice(tokens[j - 1]!.end, tokens[j]!.start))) return undefined;
  }
  return undefined;
}

/**
 * The symptom a clinician's closing yes/no question names ("Do you have a lot of swelling?"), with
 * no site of its own, when the patient's answer opens with a plain yes and names no other symptom
 * before a site ("Yes, it's in my right hand."): the answer says where the symptom is.
 */
function askedWhether(text: string, asked: readonly Token[], answer: readonly Token[], t: Tables): string | undefined {
  const last = asked.length - 1;
  const first = answer[0];
  if (last < 0 || !first || !/^\s*\?/.test(text.slice(asked[last]!.end)) || !opensWithPlainYes(text.slice(first.start, answer[answer.length - 1]!.end))) return undefined;
  let from = last;
  while (from > 0 && !/[.?!]/.test(text.slice(asked[from - 1]!.end, asked[from]!.start))) from--;
  // A question naming a site of its own ("Does the pain go into your legs?") asks about that site.
  if (asked.slice(from).some((x) => t.siteFirsts.has(x.norm))) return undefined;
  const named = asked.slice(from).map((x) => t.symptoms.get(x.norm)).filter((x): x is string => x !== undefined);
  if (named.length !== 1) return undefined;
  for (const x of answer.slice(0, ANSWER_REACH)) {
    if (t.symptoms.has(x.norm)) return undefined;
    if (t.siteFirsts.has(x.norm)) return named[0];
  }
  return undefined;
}

/**
 * The one site a clinician's closing question names without a symptom ("How's your jaw doing?"),
 * if it does: the patient's answer may name the symptom alone ("The pain has gotten worse.").
 */
function siteAsked(text: string, tokens: readonly Token[], t: Tables): Site | undefined {
  const last = tokens.length - 1;
  if (last < 0 || !/^\s*\?/.test(text.slice(tokens[last]!.end))) return undefined;
  let from = last;
  while (from > 0 && !/[.?!]/.test(text.slice(tokens[from - 1]!.end, tokens[from]!.start))) from--;
  let site: Site | undefined;
  for (let i = from; i <= last; i++) {
    if (t.symptoms.has(tokens[i]!.norm) || t.questions.has(tokens[i]!.norm)) return undefined;
    const hit = siteAt(tokens, i, t);
    if (!hit) continue;
    if (site) return undefined;
    site = hit.site;
    i = hit.to - 1;
  }
  return site;
}

/** The symptom the patient names, with no site, in the first sentence of an answer to a question naming a site. */
function answeredSymptom(text: string, tokens: readonly Token[], from: number, to: number, site: Site, t: Tables): ConceptMention | undefined {
  let end = from;
  while (end < Math.min(to, from + ANSWER_REACH) && (end === from || !/[.?!]/.test(text.slice(tokens[end - 1]!.end, tokens[end]!.start)))) end++;
  // A site of its own in the answer ("I hurt my back") is read by the phrase rules.
  for (let i = from; i < end; i++) if (siteAt(tokens, i, t)) return undefined;
  for (let i = from; i < end; i++) {
    const main = t.symptoms.get(tokens[i]!.norm);
    if (main) return mentionOf(text, tokens, i, i + 1, main, site);
  }
  return undefined;
}

/** The site the patient names in answer to "where is the pain?": the symptom at that site. */
function answeredSites(text: string, tokens: readonly Token[], turns: Turns['list'], t: Tables): ConceptMention[] {
  const out: ConceptMention[] = [];
  let k = 0;
  const within = (span: { start: number; end: number }): number[] => {
    while (k < tokens.length && tokens[k]!.start < span.start) k++;
    const from = k;
    while (k < tokens.length && tokens[k]!.end <= span.end) k++;
    return [from, k];
  };
  const ranges = turns.map((turn) => within(turn.span));
  turns.forEach((turn, n) => {
    const next = turns[n + 1];
    if (turn.speaker !== 'clinician' || next?.speaker !== 'patient') return;
    const [from, to] = ranges[n]!;
    const [aFrom, aTo] = ranges[n + 1]!;
    const main = askedSite(text, tokens.slice(from, to), t) ?? askedWhether(text, tokens.slice(from, to), tokens.slice(aFrom, aTo), t);
    const asked = main ? undefined : siteAsked(text, tokens.slice(from, to), t);
    const answer = asked && answeredSymptom(text, tokens, aFrom, aTo, asked, t);
    if (answer) out.push(answer);
    if (!main) return;
    for (let i = aFrom; i < Math.min(aTo, aFrom + ANSWER_REACH); i++) {
      const hit = siteAt(tokens, i, t);
      if (!hit) continue;
      const m = mentionOf(text, tokens, i, hit.to, main, hit.site);
      if (m) out.push(m);
      // "Mainly my left shoulder and lower back": each site named is where it is.
      const other = coordinatedSite(tokens, hit.to, t);
      const second = other && other.to <= aTo ? mentionOf(text, tokens, other.from, other.to, main, other.site) : undefined;
      if (second) out.push(second);
      return;
    }
  });
  return out;
}

/**
 * Symptoms said at a body site: in a phrase ("pain in my tummy"), or as the answer to a question
 * asking where the symptom is, or to one naming the site. Those overlapping `taken` mentions (the
 * hand-written concepts and the index's phrases, which name them already) are left out, unless
 * they name the symptom at its site more exactly ("back pain in my lower back": Pain, low back
 * M54.50 under Dorsalgia M54.9, guidelines I.B.2-3; select.ts then drops the unspecified code).
 */
export function findSiteSymptoms(text: string, tokens: readonly Token[], turns: Turns['list'], taken: readonly ConceptMention[]): ConceptMention[] {
  const t = readTables();
  const found = [...phrasesIn(text, tokens, t), ...answeredSites(text, tokens, turns, t)];
  const moreExact = (m: ConceptMention, x: ConceptMention): boolean => refines(m.concept.codes.U, x.concept.codes.U);
  return found.filter((m) => taken.every((x) => !(x.start < m.end && m.start < x.end) || moreExact(m, x)));
}
