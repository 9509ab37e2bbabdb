// Where long unpunctuated speech may be cut into sentences: discourse markers and clause openers, built once from discourse.json and fillers.json.
import { alternation, languageData, wordsPattern } from './data.ts';

/** Words beside a marker that make it a word of the phrase around it ("not well controlled"). */
interface Bound { after: string[]; before: string[] }

interface RunOnData {
  leadingWords: string[];
  runOn: { insidePhrase: { words: string[] }; clauseOpeners: string[]; boundMarkers: Record<string, Bound | string> };
}

const d = languageData<RunOnData>('discourse');
const hesitations = languageData<{ hesitations: string[] }>('fillers').hesitations;

// A leading word opens a new point mid-run unless it is a hesitation or also joins words inside a phrase.
const notMarkers = new Set([...hesitations, ...d.runOn.insidePhrase.words]);
/** The leading words that open a new point in the middle of a run ("okay", "so", "and then", "but"). */
export const MARKER_WORDS: readonly string[] = d.leadingWords.filter((w) => !notMarkers.has(w));

const bound = Object.entries(d.runOn.boundMarkers).filter((e): e is [string, Bound] => typeof e[1] !== 'string');
const boundWords = new Set(bound.map(([w]) => w));

/** A marker said as a word of its phrase is no cut: not after its 'after' words, nor before its 'before' words. */
function boundMarker([word, { after, before }]: [string, Bound]): string {
  const notAfter = after.length ? `(?<!\\b(?:${alternation(after)})\\s+)` : '';
  const notBefore = before.length ? `(?![\\s-]+(?:${alternation(before)})\\b)` : '';
  return `${notAfter}${wordsPattern([word])}${notBefore}`;
}

// Global: the splitter walks every match. Linear: each alternative is a literal between word boundaries,
// and a bound marker's lookarounds are literals too.
/** Before a discourse marker: where a long run of speech is cut first. */
export const DISCOURSE_MARKER = new RegExp(
  [wordsPattern(MARKER_WORDS.filter((w) => !boundWords.has(w))), ...bound.filter(([w]) => MARKER_WORDS.includes(w)).map(boundMarker)].join('|'),
  'gi',
);
/** Before a clause opener ("i think", "which", "because"): where a piece still too long for a note sentence is cut again. */
export const CLAUSE_OPENER = new RegExp(wordsPattern(d.runOn.clauseOpeners), 'gi');
