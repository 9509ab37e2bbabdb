// The language-model CodingEngine: the model proposes ICD-10-CM codes with the words that
// support them; an engine thread checks them against the code set and grounds them
// (finish/coding.ts). Procedures (CPT) cannot be checked against a code set here, so they
// come from the embedded coder, which reads them from the text.
import { type CodingEngine, type CodingResult, EngineError } from '../ports.ts';
import { answerMeta, type LlmContext } from './context.ts';
import type { ProposedCode } from './finish/coding.ts';
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
  diagnoses: ProposedCode[];
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
const accepted = (v: unknown): string | undefined =>
  Array.isArray((v as Obj)?.diagnoses) && (v as Obj).diagnoses.every((d: Obj) => proposal(d) !== undefined)
    ? undefined
    : 'each of "diagnoses" needs "code", "description" and "evidence"';

export function createLlmCodingEngine(ctx: LlmContext, options: { hybrid: boolean }): CodingEngine {
  const engine = options.hybrid ? 'llm+embedded' : 'llm';
  return {
    async code(text: string): Promise<CodingResult> {
      if (!text?.trim()) throw new EngineError('the text is empty');
      const usage = newUsage();
      const embedded = await ctx.work.embedded.coding.code(text);
      const seed = options.hybrid && embedded.diagnoses.length
        ? `Codes a rule-based coder found (check them; keep those the text supports):\n${embedded.diagnoses.map((d) => `${d.code.coding[0]?.code} ${d.code.text}`).join('\n')}\n\n`
        : '';
      const answer = await ctx.client.json<Proposed>(
        ctx.model('coding'),
        [{ role: 'system', content: CODING_PROMPT }, { role: 'user', content: `${seed}Text:\n${text}` }],
        'icd10cm_codes',
        CODES_SCHEMA,
        { usage, strict: true, validate: accepted },
      );
      const proposed = answer.diagnoses.map((d) => proposal(d)!);
      return ctx.work.finish('coding', { text, proposed, procedures: embedded.procedures, meta: answerMeta(engine, ctx, usage) });
    },
  };
}
