// Where a conversation's assessment and plan begins: the first marker the clinician says
// ("assessment and plan", "for your first problem", "to summarise") past the opening part —
// so the exam and results read out before it are not the assessment — else a fixed share of
// the text (data/language/en/coding.json, `assessment_opens`).
import { spokenAlternation, wordsPattern } from '../language/data.ts';
import { codingCues } from '../language/coding.ts';
import { ASSESSMENT_PART } from './discourse.ts';
import type { Speaker } from './speaker.ts';

// A marker before this share of the text is history taking ("what did they say your diagnosis was").
const EARLIEST = 0.35;
let opens: RegExp | undefined;

function markers(): RegExp {
  if (opens) return opens;
  const { assessment_opens } = codingCues();
  opens = new RegExp(wordsPattern(assessment_opens.phrases, spokenAlternation), 'gi');
  return opens;
}

/**
 * Where the assessment part starts, and whether a marker says so (`marked`) or it is only the
 * closing share of the text; `speakerAt` tells the clinician's turns when labelled.
 */
export function assessmentPart(text: string, speakerAt: (offset: number) => Speaker | undefined): { from: number; marked: boolean } {
  const re = markers();
  re.lastIndex = Math.floor(text.length * EARLIEST);
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (speakerAt(m.index) !== 'patient') return { from: m.index, marked: true };
  }
  return { from: Math.floor(text.length * ASSESSMENT_PART), marked: false };
}

/** Offset where the assessment part starts (assessmentPart). */
export function assessmentStart(text: string, speakerAt: (offset: number) => Speaker | undefined): number {
  return assessmentPart(text, speakerAt).from;
}
