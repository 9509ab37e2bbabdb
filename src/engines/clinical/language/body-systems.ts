// Body systems, built once from data/language/en/body-systems.json: review-of-systems symptoms, exam areas and system labels.
import { languageData, terms, wordsPattern } from './data.ts';

interface BodySystemData {
  key: string;
  label: string;
  /** The objective.physicalExam area its exam findings go under; none when the exam has no words for it. */
  examArea?: string;
  symptoms: string[];
  exam: string[];
  words: string[];
}

const SYSTEMS = languageData<{ systems: BodySystemData[] }>('body-systems').systems;
// Global: read with matchAll or String.match (each works on its own copy), never with test or exec.
const words = (list: string[]): RegExp => new RegExp(wordsPattern(list, terms), 'gi');

/** The symptoms a review of systems asks about, by system key, in order (global RegExps). */
export const ROS_SYSTEMS: readonly [string, RegExp][] = SYSTEMS.filter((s) => s.symptoms.length).map((s) => [s.key, words(s.symptoms)]);

const EXAM_AREAS: readonly [string, RegExp][] = SYSTEMS.flatMap((s) => (s.examArea && s.exam.length ? [[s.examArea, words(s.exam)] as const] : []));
const LABELS: readonly [string, RegExp][] = SYSTEMS.map((s) => [s.label, words([...s.symptoms, ...s.exam, ...s.words])]);

/** The name whose terms the text names most often (distinct terms); the first on a tie; none when no term is named. */
function mostNamed(text: string, named: readonly [string, RegExp][]): string | undefined {
  let best: string | undefined;
  let bestHits = 0;
  for (const [name, re] of named) {
    const hits = new Set((text.match(re) ?? []).map((m) => m.toLowerCase().replace(/\s+/g, ' '))).size;
    if (hits > bestHits) {
      best = name;
      bestHits = hits;
    }
  }
  return best;
}

/** Body area of an examination finding, for objective.physicalExam.<area>; "general" when none fits. */
export function examArea(sentence: string): string {
  return mostNamed(sentence, EXAM_AREAS) ?? 'general';
}

/** Body-system label for a finding ("Cardiovascular", "Musculoskeletal"), if one fits. */
export function systemLabel(text: string): string | undefined {
  return mostNamed(text, LABELS);
}
