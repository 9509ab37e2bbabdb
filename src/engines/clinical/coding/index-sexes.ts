// Main terms the Alphabetic Index codes by the patient's sex (data/icd10cm/coding-sexes.tsv, built
// by scripts/build-coding-index.ts): "hypogonadism" said of a man is "Hypogonadism, male" E29.1.
import { alternation, wordReach } from '../language/data.ts';
import { codingCues } from '../language/coding.ts';
import { icd10cmTable } from '../lexicon/tables.ts';

type Sex = 'female' | 'male';
let table: Map<string, Record<Sex, string>> | undefined;

function bySex(): Map<string, Record<Sex, string>> {
  table ??= new Map(icd10cmTable('coding-sexes.tsv').flatMap(([word, female, male]) => (word && female && male ? [[word, { female, male }] as const] : [])));
  return table;
}

let stated: RegExp | undefined;
/** "a 59 year old hiv positive gentleman": an age, up to `reach` words, a noun of one sex (coding.json patient_sex). */
function statedPattern(): RegExp {
  if (stated) return stated;
  const c = codingCues().patient_sex;
  stated = new RegExp(`\\b(?:${alternation(c.ages)})\\s+(?:\\S+\\s+){0,${wordReach(c.reach)}}?(?:(${alternation(c.female)})|(${alternation(c.male)}))\\b`, 'gi');
  return stated;
}

/** The patient's sex as the visit states it with the age; undefined when it states none, or both (another person's). */
export function statedSex(text: string): Sex | undefined {
  const re = statedPattern();
  re.lastIndex = 0;
  const found = new Set<Sex>();
  for (let m = re.exec(text); m; m = re.exec(text)) found.add(m[1] ? 'female' : 'male');
  return found.size === 1 ? [...found][0] : undefined;
}

/** The index phrase and code of a main term coded by sex said without one (`word`), for the visit's stated sex. */
export function sexedTerm(word: string, text: string): { phrase: string; spec: string } | undefined {
  const row = bySex().get(word);
  const sex = row ? statedSex(text) : undefined;
  return row && sex ? { phrase: `${sex} ${word}`, spec: row[sex] } : undefined;
}
