// One encounter through the coder for a bench: coded LATENCY_RUNS times, each run timed (the first
// included: a visit is coded once in service), with how many evidence spans quote the text exactly.
import { performance } from 'node:perf_hooks';
import { codeText } from '../../src/engines/clinical/coding/index.ts';

export const LATENCY_RUNS = 5;

export interface CodedRun { pred: string[]; spans: number; exact: number }

/** Codes `text`, pushing each run's milliseconds onto `times`. */
export function codeTimed(text: string, times: number[]): CodedRun {
  let res: ReturnType<typeof codeText> | undefined;
  for (let i = 0; i < LATENCY_RUNS; i++) {
    const t0 = performance.now();
    res = codeText(text);
    times.push(performance.now() - t0);
  }
  if (!res) throw new Error('LATENCY_RUNS must be at least 1');
  let spans = 0;
  let exact = 0;
  for (const item of [...res.diagnoses, ...res.procedures]) {
    spans++;
    const s = item.text_span;
    if (s.text.length > 0 && text.slice(s.start_char, s.end_char) === s.text) exact++;
  }
  return { pred: res.diagnoses.map((d) => d.code.coding[0]!.code), spans, exact };
}
