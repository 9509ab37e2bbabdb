// Facts inside free prose a model wrote (drug names, doses, vital signs) and the check of
// each against the source: a sentence holding an unsupported fact is dropped (mode drop)
// or kept (mode flag); either way the fact is listed as ungrounded.
import type { Span } from '../ports.ts';
import { tokenize } from '../clinical/lexicon/index.ts';
import { vitalsIn } from '../clinical/numbers/index.ts';
import { withDigits } from './transcript-grounder.ts';
import { drugTerms } from './drugs.ts';
import { groundingWords } from './language.ts';
import { knownWord } from './vocabulary.ts';
import type { FactKind, Grounder, GroundingMode, Ungrounded } from './types.ts';

export interface Fact {
  kind: FactKind;
  text: string;
  /** Why it is unsupported, when not the kind's usual reason. */
  reason?: string;
  /** The index of the fact this one belongs to (a dose's drug). */
  of?: number;
}

export interface ProseCheck {
  text: string;
  ungrounded: Ungrounded[];
  spans: Span[];
}

export const REASONS: Record<FactKind, string> = {
  medication: 'medication not found in the source text',
  dose: 'dose not found with this medication in the source text',
  vital: 'vital sign value not found in the source text',
  allergy: 'allergy not found in the source text',
  result: 'result not found in the source text',
  diagnosis: 'diagnosis not supported by the source text',
  code: 'code not supported by the source text',
};

const UNKNOWN_NAME = 'name (possibly a product) not found in the source text';

const DOSE = /^\s*(?:(?:to|at|of|from)\s+)?(?:\d+(?:\.\d+)?\s*(?:-|to)\s*)?\d+(?:\.\d+)?\s*(?:mg|milligrams?|mcg|micrograms?|g|grams?|ml|milliliters?|units?|iu|puffs?|tablets?|capsules?|%)\b/i;

/** Drug names, their doses, and vital signs said in one sentence. */
export function factsIn(sentence: string): Fact[] {
  const facts: Fact[] = [];
  const { vitalLabels, stopWords, dosingWords, drugStems } = groundingWords();
  const tokens = tokenize(sentence);
  for (const [i, t] of tokens.entries()) {
    // The dose is the words right after the name ("lisinopril 20 mg", "metformin, 500 milligrams").
    const after = withDigits(sentence.slice(t.end, t.end + 60)).replace(/^[\s,:(]+/, ' ');
    const dose = DOSE.exec(after);
    const known = drugTerms(t.norm).length > 0;
    // A capitalised word the lexicon does not know, right before a dose, is taken for a drug
    // name too ("Zyntravex 10 mg"): an invented product must not pass for being unknown.
    const named = /^[A-Z]/.test(sentence.slice(t.start, t.start + 1)) && t.norm.length >= 4 && !/\d/.test(t.norm) && !stopWords.has(t.norm) && !dosingWords.has(t.norm);
    // Mid-sentence, a capitalised word no dictionary knows ("continue Fakemedol") is checked as a name.
    // Only inside running prose: after another word and a space, not first after a bullet or a
    // "Label:"; acronyms ("NSAIDs") are left alone.
    const prev = i > 0 ? tokens[i - 1]! : undefined;
    const inProse = prev !== undefined && /^[ ,]+$/.test(sentence.slice(prev.end, t.start));
    const unknownName = named && inProse && (sentence.slice(t.start, t.end).match(/[A-Z]/g) ?? []).length === 1 && !knownWord(t.norm);
    // A word no dictionary knows, built like a drug name ("zorvastatin"), is checked as a drug.
    const stemmed = !known && t.norm.length >= 7 && /^[a-z]+$/.test(t.norm) && drugStems.some((stem) => t.norm.endsWith(stem)) && !knownWord(t.norm);
    if (!known && !stemmed && !(named && dose && !dose[0].trim().endsWith('%')) && !unknownName) continue;
    facts.push({ kind: 'medication', text: sentence.slice(t.start, t.end), ...(known || stemmed || dose ? {} : { reason: UNKNOWN_NAME }) });
    if (dose) facts.push({ kind: 'dose', text: dose[0].trim().replace(/^(?:to|at|of|from)\s+/i, ''), of: facts.length - 1 });
  }
  for (const [key, value] of Object.entries(vitalsIn(withDigits(sentence), sentence))) {
    facts.push({ kind: 'vital', text: `${vitalLabels[key] ?? key} ${value}` });
  }
  return facts;
}

/** Every fact of one sentence located; the unsupported ones. */
export function checkFacts(facts: Fact[], grounder: Grounder): { spans: Span[]; missing: Fact[] } {
  const spans: (Span | null)[] = [];
  const missing: Fact[] = [];
  facts.forEach((fact, i) => {
    const near = fact.of !== undefined ? (spans[fact.of] ?? undefined) : undefined;
    // A dose of a drug that is itself unsupported is not looked for: the drug already fails.
    const span = fact.of !== undefined && !near ? null : grounder.locate(fact.kind, fact.text, near);
    spans[i] = span;
    if (!span && !(fact.of !== undefined && !near)) missing.push(fact);
  });
  return { spans: spans.filter((s): s is Span => s !== null), missing };
}

// Sentences of a line, each with what follows it (spaces), so dropping one keeps the rest as written.
// A stop inside a number or abbreviation ("12.5 mg", "q.d.") does not end a sentence.
const SENTENCE = /(?:[^.!?]|[.!?]+(?=\S))*(?:[.!?]+|$)\s*/g;

/** Grounds one prose string (a JSON value or a whole markdown note, line by line). */
export function groundProse(text: string, path: string, grounder: Grounder, mode: GroundingMode): ProseCheck {
  const ungrounded: Ungrounded[] = [];
  const spans: Span[] = [];
  const lines = text.split('\n').map((line) => {
    const kept: string[] = [];
    for (const m of line.matchAll(SENTENCE)) {
      const sentence = m[0];
      if (!sentence) continue;
      const checked = checkFacts(factsIn(sentence), grounder);
      spans.push(...checked.spans);
      for (const f of checked.missing) ungrounded.push({ path, text: f.text, reason: f.reason ?? REASONS[f.kind] });
      if (checked.missing.length === 0 || mode === 'flag') kept.push(sentence);
    }
    const out = kept.join('').trimEnd();
    // A list item or heading left with nothing but its marker goes too.
    return /^\s*(?:[-*•]|\d+[.)])?\s*$/.test(out) && line.trim() !== '' ? undefined : out;
  });
  return { text: lines.filter((l): l is string => l !== undefined).join('\n').replace(/\n{3,}/g, '\n\n').trim(), ungrounded, spans };
}
