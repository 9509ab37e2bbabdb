// How far two human coders agree on the same rows: a second writer, blind to the engine and to the
// first writer's labels, labelled a gold set's rows again. The first coder's codes are taken as gold,
// so F1 is the agreement (P and R swap if the roles do) and the ceiling any engine can be asked to
// reach on such text; the engine's rows on the same rows stand beside it, on the dialogue and on the written
// section the coders read. Ids and figures only.
import { codeText } from '../src/engines/clinical/coding/index.ts';
import { labelsOf, SECOND_LABELS } from './data/coding-gold/build.ts';
import { csvCell, mtsDialogue } from './lib/coding-score-inputs.ts';
import { SCORE_HEADER, scoreRow, type Scored } from './lib/coding-score.ts';

console.log(`\n### Inter-coder agreement (second coder scored against the first as gold)\n\n${SCORE_HEADER}`);
for (const pair of SECOND_LABELS) {
  const first = labelsOf(pair.first);
  const second = labelsOf(pair.second);
  const both = [...second.keys()].filter((id) => first.has(id));
  const humans: Scored[] = both.map((id) => ({ gold: first.get(id)!, pred: second.get(id)! }));
  // The coder on the dialogue (what it is asked to code) and on the written text the coders read.
  const coded = (read: (num: number, file: string) => string): Scored[] => both.map((id) => {
    const [set, num] = id.split(':');
    const text = read(Number(num), set === 'valid' ? pair.validFile : pair.file);
    return { gold: first.get(id)!, pred: [...new Set(codeText(text).diagnoses.map((d) => d.code.coding[0]!.code))] };
  });
  console.log(scoreRow(`${pair.second} vs ${pair.first} (two coders, both reading the written section)`, humans));
  console.log(scoreRow(`the coder on the dialogue vs ${pair.first}`, coded(mtsDialogue)));
  console.log(scoreRow(`the coder on the written section vs ${pair.first}`, coded((num, file) => csvCell(file, 'ID', String(num), 'section_text'))));
}
