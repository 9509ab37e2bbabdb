// Template refinement from plain-language instructions ("add a section for family history after social history",
// "make the assessment more concise", "put the plan as a numbered list and drop the review of systems"):
// each clause is read by the first rule that knows its kind.
import type { NoteTemplate } from '../../ports.ts';
import type { RefineOutcome } from './learn-edit.ts';
import { addGlobal, VERBS } from './refine-edit.ts';
import { LENGTH_RULES, SHAPE_RULES } from './refine-shape.ts';
import { STRUCTURE_RULES, type ClauseRule } from './refine-structure.ts';
import { STYLE_RULES } from './refine-style.ts';

export { learnFromEdit, type RefineOutcome } from './learn-edit.ts';
export { findSection } from './refine-edit.ts';

/** Splits an instruction text into single-action clauses. */
export function splitClauses(text: string): string[] {
  return text
    .split(/(?<=[.;!?])\s+|\n+|;\s*/)
    .flatMap((sentence) => sentence.split(new RegExp(`,?\\s+(?:and|then|also)\\s+(?=(?:please\\s+)?(?:${VERBS})\\b)|,\\s+(?=(?:${VERBS})\\b)`, 'i')))
    .map((c) =>
      c
        .trim()
        .replace(/^(?:(?:please|also|and|then|can you|could you|would you|will you|i'd like you to|i want you to|let's)\s+)+/i, '')
        .replace(/[.!?]+$/, '')
        .trim(),
    )
    .filter((c) => c.length > 0);
}

const [rename, ...structure] = STRUCTURE_RULES;
// Shape before move: "put the plan as a numbered list" is not a move.
const RULES: ClauseRule[] = [rename!, ...SHAPE_RULES, ...structure, ...LENGTH_RULES, ...STYLE_RULES];

/** Applies one clause; returns a description of the change, or undefined if not understood. */
function applyClause(template: NoteTemplate, clause: string): string | undefined {
  const c = clause.replace(/\s+/g, ' ').trim();
  for (const rule of RULES) {
    const change = rule(template, c);
    if (change !== null) return change;
  }
  return undefined;
}

/** Applies plain-language instructions to a copy of the template. */
export function applyInstructions(input: NoteTemplate, instructions: string): RefineOutcome {
  const template = structuredClone(input);
  const applied: string[] = [];
  const notApplied: string[] = [];
  for (const clause of splitClauses(instructions)) {
    const change = applyClause(template, clause);
    if (change) applied.push(change);
    else notApplied.push(clause);
  }
  // Unparsed wishes still reach the filler through the global prompt.
  if (notApplied.length) addGlobal(template, `Also: ${notApplied.join('; ')}.`);
  return { template, applied, notApplied };
}
