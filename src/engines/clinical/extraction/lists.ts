// Finding the items of a list field: a labelled list ("Medications: a, b" or a heading
// with bullet lines), else mentions from a domain lexicon (drugs, symptoms, conditions)
// or allergy phrases. Each item carries its own scope so that object items can read
// their other properties (dose, frequency, reaction…) from it.
import { allergyItems, toleratedItems } from './allergy.ts';
import { type FieldQuery, splitKey } from './field-query.ts';
import { conceptMentions, familyItems } from './family.ts';
import { medVocab } from './med-vocab.ts';
import { tidyName } from './names.ts';
import { problemItems } from './problems.ts';
import type { PhraseList } from './lexicons.ts';
import { matchLabels } from './locate.ts';
import { assertionOf } from './assertion.ts';
import { type Ctx, type Domain, firstToken, type Item } from './scan.ts';

export type { Domain, Item };
export { firstToken };
import { type Range, sentenceOf } from './text-doc.ts';



export function domainOf(words: string[]): Domain | undefined {
  const w = words.join(' ');
  if (/tolerat/.test(w)) return 'tolerated';
  if (/allerg|allergen|intoleran/.test(w)) return 'allergy';
  if (/medic(?!al)|\bmeds?\b|drug|prescri|rx\b|pharm/.test(w)) return 'drug';
  if (/symptom|complaint|\bros\b|finding|negativ|denied/.test(w)) return 'symptom';
  if (/diagnos|condition|problem|comorbid|\bpmh\b|disease|illness|\bdx\b|histor/.test(w)) return 'condition';
  return undefined;
}

const NO_ALLERGIES = /\b(nkda|nka|no known (?:drug )?allergies|no allergies|denies (?:any )?allergies)\b/i;

/** `bothPolarities`: the item schema records presence itself, so keep denied items too. */
export function findItems(ctx: Ctx, q: FieldQuery, scope: Range, domain: Domain | undefined, bothPolarities = false): Item[] {
  // A list of the relatives' conditions is family history, whatever its items are called.
  if ((domain === 'condition' || domain === undefined) && /\b(famil(?:y|ial)|relatives?|relations?)\b/i.test(`${splitKey(q.key).join(' ')} ${q.description}`)) domain = 'family';
  if (domain === 'family') return familyItems(ctx, scope).map((i) => ({ ...i, domain }));
  // A problem list on an assessment-and-plan note: one item per problem heading.
  if (domain === 'condition' && /\b(problems?|assessments?|issues?|diagnos[ie]s)\b/i.test(splitKey(q.key).join(' '))) {
    const problems = problemItems(ctx, scope);
    if (problems.length) return problems;
  }
  return itemsOf(ctx, q, scope, domain, bothPolarities).map((i) => ({ ...i, domain }));
}

function itemsOf(ctx: Ctx, q: FieldQuery, scope: Range, domain: Domain | undefined, bothPolarities: boolean): Item[] {
  const labelled = matchLabels(ctx.doc, q, scope)[0];
  if (labelled) {
    const value = ctx.doc.text.slice(labelled.value.start, labelled.value.end);
    if (/^\s*(none|nil|n\/a|no\b|nkda|nka)/i.test(value)) return [];
    const items = splitList(ctx, labelled.value, domain);
    if (items.length > 0 || domain === 'allergy') return filterPolarity(items, q, bothPolarities);
  }
  if (domain === 'allergy') return allergyItems(ctx, scope);
  if (domain === 'tolerated') return toleratedItems(ctx, scope);
  const list = domain === 'drug' ? ctx.lex.drugs : domain === 'symptom' ? ctx.lex.symptoms : domain === 'condition' ? ctx.lex.conditions : undefined;
  if (!list) return [];
  const found = domain === 'condition' ? withConcepts(ctx, lexiconMentions(ctx, list, scope), scope) : lexiconMentions(ctx, list, scope);
  const items = found.filter((it) => {
    const a = assertionOf(ctx.doc, it.span);
    return !a.hypothetical && !(domain !== 'drug' && (a.otherPerson || a.unanswered));
  });
  // A drug the patient is allergic to, or does not take, is not one of their medications.
  const taken = (i: Item) => !i.negated && !/\b(allerg|intoleran|reaction to|sensitiv)/i.test(ctx.doc.text.slice(sentenceOf(ctx.doc, i.span.start).start, i.span.start));
  return filterPolarity(domain === 'drug' ? byOccasion(ctx, q, items.filter(taken)) : items, q, bothPolarities);
}

/**
 * Conditions of the shared concept lexicon (diagnoses and chronic problems: "peptic ulcer
 * disease", "type two diabetes") beside those of the extraction list; the longer wins where they overlap.
 */
function withConcepts(ctx: Ctx, listed: Item[], scope: Range): Item[] {
  const concepts: Item[] = conceptMentions(ctx, scope).map((span) => ({ text: tidyName(ctx.doc.text.slice(span.start, span.end)), span, scope: { start: span.start, end: sentenceOf(ctx.doc, span.start).end }, negated: assertionOf(ctx.doc, span).negated }));
  const all = [...concepts, ...listed.filter((l) => !concepts.some((c) => c.span.start < l.span.end && c.span.end > l.span.start && c.span.end - c.span.start >= l.span.end - l.span.start))];
  const kept = all.filter((c) => !concepts.some((o) => o !== c && o.span.start <= c.span.start && o.span.end >= c.span.end && o.span.end - o.span.start > c.span.end - c.span.start));
  return kept.sort((a, b) => a.span.start - b.span.start);
}

/**
 * A list of drugs given during the encounter keeps those the text says were given ("Nurse,
 * give him Zofran 4 mg"); a discharge or home list drops them. Other lists keep all.
 */
function byOccasion(ctx: Ctx, q: FieldQuery, items: Item[]): Item[] {
  const v = medVocab();
  const asks = `${splitKey(q.key).join(' ')} ${q.description}`;
  const wantsGiven = v.administeredList.test(asks);
  const wantsHome = !wantsGiven && v.dischargeList.test(asks);
  if (!wantsGiven && !wantsHome) return items;
  const given = (i: Item) => {
    const s = sentenceOf(ctx.doc, i.span.start);
    return v.administered.test(ctx.doc.text.slice(s.start, s.end));
  };
  return items.filter((i) => given(i) === wantsGiven);
}

function filterPolarity(items: Item[], q: FieldQuery, both: boolean): Item[] {
  const wanted = both ? items : items.filter((i) => i.negated === q.wantsDenied);
  const seen = new Set<string>();
  return wanted.filter((i) => {
    const k = i.text.toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function splitList(ctx: Ctx, value: Range, domain: Domain | undefined): Item[] {
  const text = ctx.doc.text.slice(value.start, value.end);
  if (domain === 'allergy' && NO_ALLERGIES.test(text)) return [];
  if (/^\s*(none|nil|n\/a|no\b)/i.test(text)) return [];
  const pieces: Range[] = [];
  const splitter = /\n|;|,(?![^(]*\))|\s+and\s+(?=[A-Za-z])|(?:^|\s)\d+[.)]\s/g;
  let start = 0;
  for (let m = splitter.exec(text); m; m = splitter.exec(text)) {
    pieces.push({ start: value.start + start, end: value.start + m.index });
    start = m.index + m[0].length;
  }
  pieces.push({ start: value.start + start, end: value.end });
  const items: Item[] = [];
  for (const p of pieces) {
    let { start: s, end: e } = p;
    while (s < e && /[\s\-*•:]/.test(ctx.doc.text[s])) s++;
    while (e > s && /[\s.,;]/.test(ctx.doc.text[e - 1])) e--;
    if (e - s < 2) continue;
    let span: Range = { start: s, end: e };
    let detail: Range | undefined;
    if (domain === 'drug') {
      const drug = lexiconMentions(ctx, ctx.lex.drugs, span)[0];
      if (drug) span = drug.span;
      else if (items.length > 0 && /^(?:\d|x\s|for\b|then\b)/i.test(ctx.doc.text.slice(s, e))) {
        // "doxycycline 100 mg twice daily, 10 days": the rest of the previous medication.
        items[items.length - 1].scope = { ...items[items.length - 1].scope, end: e };
        continue;
      }
    } else if (domain === 'allergy') {
      const piece = ctx.doc.text.slice(s, e);
      const cut = piece.search(/\s*(?:[(\-–:]|\ballerg(?:y|ies|ic)\b)/i);
      if (cut > 0) {
        span = { start: s, end: s + cut };
        detail = detailAfter(ctx.doc.text, span.end, e);
      }
    } else if (domain === 'condition' || domain === 'symptom') {
      // "you had asthma since childhood": the lexicon terms, when the piece holds some; a
      // piece that is itself a short name ("type 2 diabetes mellitus") stays whole.
      const terms = lexiconMentions(ctx, domain === 'condition' ? ctx.lex.conditions : ctx.lex.symptoms, span);
      if (terms.length > 0 && !(terms.length === 1 && isCompactName(ctx.doc.text.slice(s, e)))) {
        for (const t of terms) items.push({ ...t, scope: { start: t.span.start, end: e } });
        continue;
      }
    }
    items.push({ text: ctx.doc.text.slice(span.start, span.end), span, scope: { start: s, end: e }, negated: false, detail });
  }
  return items;
}

/** A list piece that names one thing: a few words, no clause or relation words. */
function isCompactName(piece: string): boolean {
  const words = piece.trim().split(/\s+/);
  return words.length <= 6 && !/\b(since|for|with|without|on|in|at|of|to|was|were|is|are|has|had|have|you|he|she|they|which|that|who|when|after|before|due|secondary|well|controlled|stable|history)\b/i.test(piece);
}

/**
 * "(hives)" or "- rash" / ": anaphylaxis" right after an item, up to `end`: what the text
 * says of it. A severity, year or "unknown" alone is no reaction.
 */
function detailAfter(text: string, from: number, end: number, parenthesesOnly = false): Range | undefined {
  const rest = text.slice(from, end);
  const m = /^\s*(?:allerg(?:y|ies|ic)\s*)?\(\s*((?:[^()\s]+(?:\s+[^()\s]+)*)?)\s*\)/i.exec(rest) ?? (parenthesesOnly ? null : /^(?:\s+[-–]\s+|\s*:\s*)(.*\S)\s*$/.exec(rest));
  if (!m || m[1].length < 2) return undefined;
  if (/^(mild|moderate|severe|serious|life[- ]threatening|unknown|unclear|uncertain|childhood|as a child|\d[\d/ -]*)$/i.test(m[1])) return undefined;
  const start = from + m.index + m[0].indexOf(m[1]);
  return { start, end: start + m[1].length };
}

function lexiconMentions(ctx: Ctx, list: PhraseList, scope: Range): Item[] {
  const tokens = ctx.doc.tokens;
  const found: Range[] = [];
  for (let i = firstToken(ctx, scope.start); i < tokens.length; i++) {
    if (tokens[i].end > scope.end) break;
    // The longest phrase of the list starting here: the key grows one stem at a time.
    let key = '';
    let longest = 0;
    for (let n = 1; n <= list.maxWords && i + n - 1 < tokens.length && tokens[i + n - 1].end <= scope.end; n++) {
      key = n === 1 ? tokens[i].stem : `${key} ${tokens[i + n - 1].stem}`;
      if (list.phrases.has(key)) longest = n;
      if (!list.prefixes.has(key)) break;
    }
    if (longest > 0) {
      let last = i + longest - 1;
      // A combination written with a hyphen or slash ("amoxicillin-clavulanate",
      // "ezetimibe/simvastatin") is one medication when each part is a name of the list.
      if (list === ctx.lex.drugs) {
        while (last + 1 < tokens.length && tokens[last + 1].end <= scope.end && /^[-/]$/.test(ctx.doc.text.slice(tokens[last].end, tokens[last + 1].start)) && list.phrases.has(tokens[last + 1].stem)) last++;
      }
      found.push({ start: tokens[i].start, end: tokens[last].end });
      i = last;
    }
  }
  return found.map((span, k) => {
    const sentence = sentenceOf(ctx.doc, span.start);
    const next = found[k + 1]?.start ?? Infinity;
    const lineEnd = ctx.doc.text.indexOf('\n', span.end);
    const end = Math.min(scope.end, sentence.end, next, lineEnd === -1 ? Infinity : lineEnd);
    return { text: ctx.doc.text.slice(span.start, span.end), span, scope: { start: span.start, end }, negated: assertionOf(ctx.doc, span).negated };
  });
}

