// The tabular list's "with" pairs: a code titled "X without Y" or "X, uncomplicated" beside its
// sibling "X with Y" ("Irritable bowel syndrome without diarrhea" K58.9 / "…with diarrhea" K58.0;
// "Mild persistent asthma, uncomplicated" J45.30 / "…with (acute) exacerbation" J45.31). The
// sibling is coded when the mention's sentence says its qualifier (guidelines I.A.15 "with", I.B.3).
import { icd10cmTitles } from '../lexicon/index.ts';
import { languageData } from '../language/data.ts';

interface WithSibling { code: string; words: string[] }
interface WithCues { plain: RegExp; sibling: RegExp; dropped: Set<string>; negators: Set<string>; reach: number }

let cues: WithCues | undefined;
function withCues(): WithCues {
  if (cues) return cues;
  const c = languageData<{ with_subterms: { dropped: string[]; negators: string[]; reach: number } }>('coding').with_subterms;
  cues = {
    // "X without Y", "X, uncomplicated", "X, unspecified": the plain member of a pair.
    plain: /^(.*?)(?:,?\s+without\s+.*|,\s+uncomplicated|,\s+unspecified)$/i,
    sibling: /^(.*?)\s+with\s+(.*)$/i,
    dropped: new Set(c.dropped),
    negators: new Set(c.negators),
    reach: c.reach,
  };
  return cues;
}

let byParent: Map<string, string[]> | undefined;
const siblingsMemo = new Map<string, WithSibling[]>();

/** Codes of one length sharing all but their last character, the way the tabular list groups a pair. */
function family(code: string): string[] {
  if (!byParent) {
    byParent = new Map();
    for (const c of icd10cmTitles().keys()) {
      const key = `${c.slice(0, -1)}|${c.length}`;
      byParent.set(key, [...(byParent.get(key) ?? []), c]);
    }
  }
  return byParent.get(`${code.slice(0, -1)}|${code.length}`) ?? [];
}

const words = (s: string): string[] => s.toLowerCase().replace(/\([^)]*\)/g, ' ').match(/[a-z0-9]+/g) ?? [];

/** The "with" siblings of a plain code and the words of each one's qualifier. */
function siblingsOf(code: string): WithSibling[] {
  const memo = siblingsMemo.get(code);
  if (memo) return memo;
  const titles = icd10cmTitles();
  const { plain, sibling, dropped } = withCues();
  const stem = plain.exec(titles.get(code) ?? '')?.[1]?.toLowerCase();
  const out: WithSibling[] = [];
  if (stem) {
    for (const other of family(code)) {
      const m = other === code ? null : sibling.exec(titles.get(other) ?? '');
      if (!m || m[1]!.toLowerCase() !== stem) continue;
      const qualifier = words(m[2]!).filter((w) => !dropped.has(w));
      if (qualifier.length > 0) out.push({ code: other, words: qualifier });
    }
  }
  siblingsMemo.set(code, out);
  return out;
}

/** Is every qualifier word said in the sentence, none right after a negation ("no diarrhea")? */
function says(sentence: string[], qualifier: string[], c: WithCues): boolean {
  return qualifier.every((w) => sentence.some((s, i) => s === w && !sentence.slice(Math.max(0, i - c.reach), i).some((x) => c.negators.has(x))));
}

/** The "with" sibling of a plain code whose qualifier the sentence says, when exactly one is. */
export function withSubterm(code: string, sentence: string): string | undefined {
  const siblings = siblingsOf(code);
  if (siblings.length === 0) return undefined;
  const said = words(sentence);
  const c = withCues();
  const hits = siblings.filter((s) => says(said, s.words, c));
  return hits.length === 1 ? hits[0]!.code : undefined;
}
