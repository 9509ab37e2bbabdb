// The CPU-bound half of the language-model engines, one table: each finisher is a pure
// function of plain data (it crosses to an engine thread as is) and returns plain data.
import { finishCoding } from './coding.ts';
import { groundConsensus } from './consensus.ts';
import { finishExtraction, schemaProblem, schemaVerdict } from './extraction.ts';
import { finishSoap } from './soap.ts';
import { finishTemplateNote } from './template-note.ts';

export const FINISHERS = {
  soap: finishSoap,
  templateNote: finishTemplateNote,
  coding: finishCoding,
  schemaVerdict,
  schemaProblem,
  extraction: finishExtraction,
  consensus: groundConsensus,
};

export type FinishKind = keyof typeof FINISHERS;
export type FinishInput<K extends FinishKind> = Parameters<(typeof FINISHERS)[K]>[0];
export type FinishOutput<K extends FinishKind> = ReturnType<(typeof FINISHERS)[K]>;

/** Runs one finisher on this thread (an engine thread, or a one-shot tool's own). */
export function runFinisher<K extends FinishKind>(kind: K, input: FinishInput<K>): FinishOutput<K> {
  const finisher = FINISHERS[kind] as (input: FinishInput<K>) => FinishOutput<K>;
  return finisher(input);
}
