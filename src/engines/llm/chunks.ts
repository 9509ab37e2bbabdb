// Long transcripts: split on speaker-turn boundaries into chunks the model can take,
// summarise each chunk (facts kept verbatim: drugs, doses, numbers), then hand the model
// the merged summaries instead of the whole text. Grounding still reads the full transcript.
import { readTranscript } from '../clinical/transcript/index.ts';
import type { LlmContext } from './context.ts';
import { CHUNK_SUMMARY_PROMPT } from './prompts.ts';
import type { Usage } from './usage.ts';

/** Pieces of `text` of at most `maxChars` each, cut only between turns (or, for one huge turn, between lines). */
export function splitOnTurns(text: string, maxChars: number): string[] {
  if (text.length <= maxChars) return [text];
  const turns = readTranscript(text).turns;
  // A turn starts at the beginning of its line (its speaker label included).
  const lineStart = (at: number) => text.lastIndexOf('\n', at - 1) + 1;
  const cuts = turns.length > 1 ? turns.map((t) => lineStart(t.span.start)) : [...text.matchAll(/\n/g)].map((m) => m.index! + 1);
  const chunks: string[] = [];
  let start = 0;
  let last = 0;
  for (const cut of [...cuts.filter((c) => c > 0), text.length]) {
    if (cut - start > maxChars && last > start) {
      chunks.push(text.slice(start, last));
      start = last;
    }
    // A single turn longer than the limit is cut hard: better than dropping it.
    while (cut - start > maxChars) {
      chunks.push(text.slice(start, start + maxChars));
      start += maxChars;
    }
    last = cut;
  }
  if (start < text.length) chunks.push(text.slice(start));
  return chunks.filter((c) => c.trim());
}

const SUMMARY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['summary'],
  properties: { summary: { type: 'string' } },
};

/** The transcript as the model should read it: itself, or its chunk summaries merged in order. */
export async function transcriptForModel(text: string, ctx: LlmContext, usage: Usage): Promise<string> {
  const chunks = splitOnTurns(text, ctx.chunkChars);
  if (chunks.length === 1) return text;
  const summaries = await Promise.all(
    chunks.map((chunk, i) =>
      ctx.client.json<{ summary: string }>(
        ctx.model('summary'),
        [
          { role: 'system', content: CHUNK_SUMMARY_PROMPT },
          { role: 'user', content: `Part ${i + 1} of ${chunks.length} of the visit transcript:\n${chunk}` },
        ],
        'transcript_summary',
        SUMMARY_SCHEMA,
        { usage, strict: true },
      ),
    ),
  );
  return summaries.map((s, i) => `[Summary of part ${i + 1} of ${chunks.length}]\n${s.summary}`).join('\n\n');
}
