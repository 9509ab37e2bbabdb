// The patient's agreement with the plan: near the end of the visit the clinician checks the plan
// ("does that sound good?", "any questions?") and the patient's next turn accepts it.
import { acceptsPlan, checksPlan } from '../language/index.ts';
import type { Said, VisitSentence } from './types.ts';

/** The plan is checked once the visit has turned to it: in its second half. */
const FROM = 0.5;

export function planAgreement(sentences: readonly VisitSentence[]): Said | undefined {
  const from = Math.floor(sentences.length * FROM);
  for (let i = from; i < sentences.length; i++) {
    const ask = sentences[i]!;
    if (ask.role !== 'clinician') continue;
    const check = checksPlan(ask.text);
    if (!check) continue;
    const answer = sentences.slice(i + 1).find((s) => s.turn !== ask.turn);
    if (answer?.role === 'patient' && acceptsPlan(answer.text, check)) {
      return { text: 'The patient understands and agrees with the recommended medical treatment plan.', spans: [ask.span, answer.span] };
    }
  }
  return undefined;
}
