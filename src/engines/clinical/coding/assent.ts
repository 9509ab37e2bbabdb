// A clinician's statement put as a question in statement word order ("You are just congested?"):
// the patient's yes confirms what the clinician states (data/language/en/coding.json `stated_for_assent`).
import { alternation, spokenAlternation } from '../language/data.ts';
import { codingCues } from '../language/coding.ts';
import { isQuestion, opensLikeQuestion, withoutLeadingWords } from '../language/discourse.ts';

let opening: RegExp | undefined;

/** Is the sentence a question in statement word order, opening with its subject ("So basically, you are just congested?")? */
export function statedForAssent(said: string): boolean {
  const c = codingCues().stated_for_assent;
  opening ??= new RegExp(`^(?:(?:${alternation(c.skipped)})\\W+)?(?:${spokenAlternation(c.subjects)})\\b`, 'i');
  const rest = withoutLeadingWords(said.trim());
  return isQuestion(said) && !opensLikeQuestion(rest) && opening.test(rest);
}
