// Where long unpunctuated speech may be cut into sentences: discourse markers and clause openers, built once from discourse.json and fillers.json.
import { languageData, wordsPattern } from './data.ts';

interface RunOnData {
  leadingWords: string[];
  runOn: { insidePhrase: { words: string[] }; clauseOpeners: string[] };
}

const d = languageData<RunOnData>('discourse');
const hesitations = languageData<{ hesitations: string[] }>('fillers').hesitations;

// A leading word opens a new point mid-run unless it is a hesitation or also joins words inside a phrase.
const notMarkers = new Set([...hesitations, ...d.runOn.insidePhrase.words]);
/** The leading words that open a new point in the middle of a run ("okay", "so", "and then", "but"). */
export const MARKER_WORDS: readonly string[] = d.leadingWords.filter((w) => !notMarkers.has(w));

// Global: the splitter walks every match. Linear: each alternative is a literal between word boundaries.
/** Before a discourse marker: where a long run of speech is cut first. */
export const DISCOURSE_MARKER = new RegExp(wordsPattern(MARKER_WORDS), 'gi');
/** Before a clause opener ("i think", "which", "because"): where a piece still too long for a note sentence is cut again. */
export const CLAUSE_OPENER = new RegExp(wordsPattern(d.runOn.clauseOpeners), 'gi');
