// Grounding of a text-to-JSON answer: each string and number the model put in is looked
// for in the text. One that is not there becomes null (or the least value the caller's
// schema accepts; an array item is removed), unless its field asks for a judgement
// (its name or description says infer, estimate, classify…) or is a fixed choice (enum).
import type { Span } from '../ports.ts';
import { leastValueIn } from '../clinical/extraction/least-value.ts';
import { SchemaNav, type SchemaNode } from '../clinical/extraction/schema-nav.ts';
import { groundingWords } from './language.ts';
import { contentWords, numbersIn } from './transcript-grounder.ts';
import type { Grounder, GroundingMode, Ungrounded } from './types.ts';

export interface ExtractionCheck {
  data: unknown;
  ungrounded: Ungrounded[];
  evidence: Record<string, Span[]>;
}

const REASON = 'value not found in the text';

function asksForJudgement(key: string, node: SchemaNode): boolean {
  if (node.enum !== undefined || node.const !== undefined || typeof node.format === 'string') return true;
  const words = `${key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ')} ${typeof node.description === 'string' ? node.description : ''} ${typeof node.title === 'string' ? node.title : ''}`.toLowerCase();
  return groundingWords().inference.test(words);
}

/** The branch of a union that describes `value` (by JSON type), else the node itself. */
function branchFor(nav: SchemaNav, node: SchemaNode, value: unknown): SchemaNode {
  const branches = nav.branches(node);
  if (branches.length === 0) return node;
  const type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value;
  return branches.find((b) => nav.types(b).has(type as never) || (type === 'integer' && nav.types(b).has('number'))) ?? node;
}

export function groundExtraction(answer: unknown, schema: unknown, grounder: Grounder, validate: (v: unknown) => boolean, mode: GroundingMode = 'drop'): ExtractionCheck {
  const nav = new SchemaNav(schema);
  const out: ExtractionCheck = { data: structuredClone(answer), ungrounded: [], evidence: {} };
  const root = { value: out.data };
  const tally = { found: 0, missing: 0 };
  // Each replacement is kept only if the whole answer still validates.
  const attempt = (apply: () => void, undo: () => void): boolean => {
    apply();
    if (validate(root.value)) return true;
    undo();
    return false;
  };
  const visit = (holder: Record<string, unknown> | unknown[], key: string | number, raw: unknown, path: string, judged: boolean): void => {
    const value = (holder as Record<string, unknown>)[key as string];
    const node = branchFor(nav, nav.resolve(raw), value);
    const judgement = judged || asksForJudgement(typeof key === 'string' ? key : '', node);
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) {
        const before = { found: tally.found, missing: tally.missing };
        const item = value[i];
        visit(value, i, nav.itemSchema(node, i), `${path}.${i}`, judgement);
        // An item (object) none of whose values the text supports is removed whole, if the schema allows.
        const objectItem = item && typeof item === 'object' && !Array.isArray(item) && value[i] === item;
        if (objectItem && mode === 'drop' && tally.found === before.found && tally.missing > before.missing) {
          attempt(() => value.splice(i, 1), () => value.splice(i, 0, item));
        }
      }
      return;
    }
    if (value && typeof value === 'object') {
      const props = (node.properties ?? {}) as Record<string, unknown>;
      for (const k of Object.keys(value)) visit(value as Record<string, unknown>, k, props[k] ?? (typeof node.additionalProperties === 'object' ? node.additionalProperties : {}), path ? `${path}.${k}` : k, judgement);
      return;
    }
    if ((typeof value !== 'string' && typeof value !== 'number') || judgement || value === '') return;
    // A value with neither a number nor a content word ("M", "yes") cannot be looked for.
    if (numbersIn(String(value)).length === 0 && contentWords(String(value)).length === 0) return;
    const span = grounder.locate('result', String(value));
    if (span) {
      tally.found++;
      out.evidence[path] = [span];
      return;
    }
    tally.missing++;
    out.ungrounded.push({ path, text: String(value), reason: REASON });
    if (mode === 'flag') return;
    if (Array.isArray(holder)) {
      const index = key as number;
      if (attempt(() => holder.splice(index, 1), () => holder.splice(index, 0, value))) return;
    }
    const replacement = nav.allowsNull(node) ? null : leastValueIn(nav, node);
    attempt(() => ((holder as Record<string, unknown>)[key as string] = replacement), () => ((holder as Record<string, unknown>)[key as string] = value));
  };
  visit(root as unknown as Record<string, unknown>, 'value', schema, '', false);
  out.data = root.value;
  return out;
}
