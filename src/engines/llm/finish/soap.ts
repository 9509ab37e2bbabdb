// Finishing a model's SOAP note: the spec JSON grounded field by field, with its markdown; or,
// from a model that wrote prose, that prose grounded sentence by sentence.
import { groundProse } from '../../grounding/prose.ts';
import { groundSoap } from '../../grounding/soap.ts';
import { TranscriptGrounder } from '../../grounding/transcript-grounder.ts';
import type { NoteResult } from '../../ports.ts';
import { type AnswerMeta, metadata } from '../metadata.ts';
import { soapMarkdown } from '../soap-markdown.ts';
import { toSpecSoap, unwrapped } from '../soap-schema.ts';

export interface SoapAnswer {
  transcript: string;
  answer: { json: Record<string, unknown> } | { text: string };
  meta: AnswerMeta;
}

export function finishSoap({ transcript, answer, meta }: SoapAnswer): NoteResult {
  const grounder = new TranscriptGrounder(transcript);
  if ('text' in answer) {
    const checked = groundProse(answer.text, 'markdown', grounder, meta.grounding);
    return { markdown: checked.text, json: { evidence: { markdown: checked.spans }, metadata: { ...metadata(meta, checked.ungrounded), format: 'markdown' } } };
  }
  const json = toSpecSoap(unwrapped(answer.json));
  const checked = groundSoap(json, grounder, meta.grounding);
  return {
    markdown: soapMarkdown(json),
    json: { ...json, evidence: { fields: checked.evidence }, metadata: metadata(meta, checked.ungrounded) },
  };
}
