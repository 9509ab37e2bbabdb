// Medical consensus: the question goes to every configured model independently; a
// reconciliation step compares their answers and writes one consensus answer that keeps
// only what the answers agree on and names where they differ. A question the models find
// lacks clinical context is refused (the job fails with that reason).
import { type ConsensusEngine, type ConsensusRequest, type ConsensusResult, EngineError } from '../ports.ts';
import type { ChatClient } from './chat-client.ts';
import type { LlmWork } from './work.ts';
import { newUsage, type Usage } from './usage.ts';

interface ModelAnswer {
  sufficient_context: boolean;
  answer: string;
  key_points: string[];
  confidence: number;
}

interface Reconciled {
  consensus_response: string;
  agreement: 'full' | 'partial' | 'none';
  disagreements: string[];
}

const ANSWER_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['sufficient_context', 'answer', 'key_points', 'confidence'],
  properties: {
    sufficient_context: { type: 'boolean' },
    answer: { type: 'string' },
    key_points: { type: 'array', items: { type: 'string' } },
    confidence: { type: 'number', minimum: 0, maximum: 1 },
  },
};

const RECONCILED_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['consensus_response', 'agreement', 'disagreements'],
  properties: {
    consensus_response: { type: 'string' },
    agreement: { enum: ['full', 'partial', 'none'] },
    disagreements: { type: 'array', items: { type: 'string' } },
  },
};

const ANSWER_PROMPT =
  'You are a clinical decision support assistant answering a clinician. Answer from established ' +
  'guidelines and evidence. If the question lacks the clinical context needed for a safe answer ' +
  '(for example no patient details where they matter), set sufficient_context to false and explain ' +
  'what is missing in answer. Give the key points as short statements and your confidence from 0 to 1.';

const RECONCILE_PROMPT =
  'You reconcile independent answers to the same clinical question. Write one consensus answer that ' +
  'states what the answers agree on, names any disagreement plainly, and adds nothing that none of ' +
  'them said. Rate the agreement as full, partial or none.';

export function createLlmConsensusEngine(client: ChatClient, models: string[], work: LlmWork): ConsensusEngine {
  if (models.length === 0) throw new Error('consensus needs at least one model');
  // A stated vital sign must come from the question or its context (finish/consensus.ts).
  const metadata = async (usage: Usage, answer: string, request: ConsensusRequest) => ({
    engine: 'llm', grounding: 'flag', ungrounded: await work.finish('consensus', { answer, query: request.query, context: request.context }), usage,
  });
  return {
    async answer(request: ConsensusRequest): Promise<ConsensusResult> {
      const usage = newUsage();
      const question = request.context ? `Clinical context:\n${request.context}\n\nQuestion:\n${request.query}` : request.query;
      const answers = await Promise.all(
        models.map((model) =>
          client.json<ModelAnswer>(model, [{ role: 'system', content: ANSWER_PROMPT }, { role: 'user', content: question }], 'clinical_answer', ANSWER_SCHEMA, { usage }),
        ),
      );
      const refusing = answers.filter((a) => !a.sufficient_context).length;
      if (refusing * 2 > answers.length) {
        throw new EngineError('Rejected: the query lacks the clinical context needed for a consensus answer.');
      }
      const usable = answers.filter((a) => a.sufficient_context);
      const perModel = usable.map((a, i) => ({ model: models[answers.indexOf(a)] ?? `model-${i}`, confidence: a.confidence, key_points: a.key_points }));
      if (usable.length === 1) {
        return { consensus_response: usable[0].answer, agreement: 'single model', models: perModel, metadata: await metadata(usage, usable[0].answer, request) };
      }
      const listing = usable.map((a, i) => `Answer ${i + 1} (confidence ${a.confidence}):\n${a.answer}\nKey points: ${a.key_points.join('; ')}`).join('\n\n');
      const reconciled = await client.json<Reconciled>(
        models[0],
        [
          { role: 'system', content: RECONCILE_PROMPT },
          { role: 'user', content: `Question:\n${question}\n\n${listing}` },
        ],
        'consensus',
        RECONCILED_SCHEMA,
        { usage, strict: true },
      );
      return {
        consensus_response: reconciled.consensus_response,
        agreement: reconciled.agreement,
        disagreements: reconciled.disagreements,
        models: perModel,
        metadata: await metadata(usage, reconciled.consensus_response, request),
      };
    },
  };
}
