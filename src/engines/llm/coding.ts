// The language-model CodingEngine: the model proposes ICD-10-CM codes with the words that
// support them; a code outside the FY2026 billable set is dropped, and each kept code gets
// its text_span from grounding (the model's quoted evidence, else its description).
// Procedures (CPT) cannot be checked against a code set here, so they come from the
// embedded coder, which reads them from the text.
import { codeText, ICD10CM_SYSTEM } from '../clinical/coding/index.ts';
import { icd10cmTitle } from '../clinical/lexicon/index.ts';
import { NOT_BILLABLE } from '../grounding/soap.ts';
import { REASONS } from '../grounding/prose.ts';
import { TranscriptGrounder } from '../grounding/transcript-grounder.ts';
import type { Ungrounded } from '../grounding/types.ts';
import { type CodedItem, type CodingEngine, type CodingResult, EngineError } from '../ports.ts';
import { type LlmContext, resultMetadata } from './context.ts';
import { CODING_PROMPT } from './prompts.ts';
import { newUsage } from './usage.ts';

const CODES_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['diagnoses'],
  properties: {
    diagnoses: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['code', 'description', 'evidence'],
        properties: { code: { type: 'string' }, description: { type: 'string' }, evidence: { type: 'string' } },
      },
    },
  },
};

interface Proposed {
  diagnoses: { code: string; description: string; evidence: string }[];
}

type Obj = Record<string, any>;

/** A proposed item's code, description and evidence, from the requested shape or the API's own
 * ({code: {coding: [{code, display}], text}, text_span: {text}}); undefined without a code. */
function proposal(item: Obj): Proposed['diagnoses'][number] | undefined {
  const code = typeof item?.code === 'string' ? item.code : item?.code?.coding?.[0]?.code;
  if (typeof code !== 'string') return undefined;
  const description = [item.description, item.code?.text, item.code?.coding?.[0]?.display, item.display].find((v) => typeof v === 'string') ?? '';
  const evidence = [item.evidence, item.text_span?.text, item.quote].find((v) => typeof v === 'string') ?? '';
  return { code, description, evidence };
}

// Accepted back: {diagnoses: [...]} whose items carry a code in either shape.
const ACCEPTED = {
  check: (v: unknown) => Array.isArray((v as Obj)?.diagnoses) && (v as Obj).diagnoses.every((d: Obj) => proposal(d) !== undefined),
  errors: () => 'each of "diagnoses" needs "code", "description" and "evidence"',
};

/** "e119" / "E11.9 " → "E11.9": the dotted form the code set uses. */
export function dottedCode(code: string): string {
  const c = code.trim().toUpperCase().replace(/\s+/g, '');
  return /^[A-Z]\d[0-9A-Z][0-9A-Z]+$/.test(c) ? `${c.slice(0, 3)}.${c.slice(3)}` : c;
}

export function createLlmCodingEngine(ctx: LlmContext, options: { hybrid: boolean }): CodingEngine {
  const engine = options.hybrid ? 'llm+embedded' : 'llm';
  return {
    async code(text: string): Promise<CodingResult> {
      if (!text?.trim()) throw new EngineError('the text is empty');
      const usage = newUsage();
      const embedded = codeText(text);
      const seed = options.hybrid && embedded.diagnoses.length
        ? `Codes a rule-based coder found (check them; keep those the text supports):\n${embedded.diagnoses.map((d) => `${d.code.coding[0]?.code} ${d.code.text}`).join('\n')}\n\n`
        : '';
      const proposed = await ctx.client.json<Proposed>(
        ctx.model('coding'),
        [{ role: 'system', content: CODING_PROMPT }, { role: 'user', content: `${seed}Text:\n${text}` }],
        'icd10cm_codes',
        CODES_SCHEMA,
        { usage, strict: true, validate: ACCEPTED },
      );
      const grounder = new TranscriptGrounder(text);
      const ungrounded: Ungrounded[] = [];
      const diagnoses: CodedItem[] = [];
      const seen = new Set<string>();
      proposed.diagnoses.map((d) => proposal(d)!).forEach((d, i) => {
        const code = dottedCode(d.code);
        const title = icd10cmTitle(code);
        if (!title) return void ungrounded.push({ path: `diagnoses.${i}.code`, text: d.code, reason: NOT_BILLABLE });
        // The condition must be found by its own words or concept; a quote alone could support anything.
        const support = grounder.locate('diagnosis', d.description) ?? grounder.locate('code', `${code} ${title}`);
        const quoted = support && d.evidence?.trim() ? locateQuote(text, d.evidence) : null;
        const span = quoted ?? support;
        if (!span) {
          ungrounded.push({ path: `diagnoses.${i}`, text: `${code} ${d.description}`, reason: REASONS.code });
          if (ctx.grounding === 'drop') return;
        }
        if (seen.has(code)) return;
        seen.add(code);
        diagnoses.push({
          id: `dx-${diagnoses.length + 1}`,
          code: { coding: [{ system: ICD10CM_SYSTEM, code, display: title }], text: title },
          text_span: span ? { start_char: span.start, end_char: span.end, text: text.slice(span.start, span.end) } : { start_char: 0, end_char: 0, text: '' },
          ...(span ? {} : { ungrounded: true }),
        });
      });
      return { diagnoses, procedures: embedded.procedures, metadata: resultMetadata(engine, ctx, usage, ungrounded) };
    },
  };
}

/** The model's quoted evidence found in the text (case and spacing aside), as a span. */
export function locateQuote(text: string, quote: string): { start: number; end: number } | null {
  const words = quote.toLowerCase().match(/[a-z0-9]+/g);
  if (!words || words.length === 0) return null;
  const lower = text.toLowerCase();
  // Words in order with only non-word characters between: no regex built from the quote.
  let from = 0;
  for (;;) {
    const start = lower.indexOf(words[0]!, from);
    if (start < 0) return null;
    let at = start + words[0]!.length;
    let ok = true;
    for (const w of words.slice(1)) {
      while (at < lower.length && !/[a-z0-9]/.test(lower[at]!)) at++;
      if (!lower.startsWith(w, at)) { ok = false; break; }
      at += w.length;
    }
    if (ok) return { start, end: at };
    from = start + 1;
  }
}
