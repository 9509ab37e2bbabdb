// The embedded CodingEngine: ICD-10-CM diagnoses with evidence spans, E/M level, procedures.
import type { CodedItem, CodingEngine, CodingResult, Span } from '../../ports.ts';
import { splitSentences } from '../context/index.ts';
import { tokenize } from '../lexicon/index.ts';
import { cueSets } from './cues.ts';
import { emLevel } from './em-level.ts';
import { assessmentPart } from './assessment.ts';
import { preloadIndex } from './index-terms.ts';
import { findMentions } from './mentions.ts';
import { inPuerperium } from './puerperium.ts';
import { infantRecord, newbornRecord } from './newborn.ts';
import { gestationalWeeks } from './pregnancy.ts';
import { turnsOf } from './speaker.ts';
import { performedProcedures } from './procedures.ts';
import { selectDiagnoses, type CodedDiagnosis } from './select.ts';

export const ICD10CM_SYSTEM = 'http://hl7.org/fhir/sid/icd-10-cm';
export const CPT_SYSTEM = 'http://www.ama-assn.org/go/cpt';

function spanOf(text: string, span: Span): CodedItem['text_span'] {
  return { start_char: span.start, end_char: span.end, text: text.slice(span.start, span.end) };
}

function confidence(d: CodedDiagnosis): number {
  let c = 0.6 + 0.08 * Math.min(d.count - 1, 4);
  if (d.basis === 'family' || d.basis === 'history') c -= 0.1;
  if (d.concept.kind === 'symptom') c -= 0.05;
  return Math.round(Math.max(0.3, Math.min(0.95, c)) * 100) / 100;
}

/** Code one visit's text synchronously (the engine wraps this in a promise). */
export function codeText(text: string): CodingResult {
  // The turns are read once: the assessment start and every mention's speaker come from them.
  const turns = turnsOf(text);
  const closing = assessmentPart(text, turns.speakerAt);
  const mentions = findMentions(text, closing.from, turns);
  const puerperal = inPuerperium(text);
  const diagnoses = selectDiagnoses(mentions, {
    textLength: text.length, closingFrom: closing.from, assessmentMarked: closing.marked, puerperal, gestationWeeks: gestationalWeeks(text),
    infant: !puerperal && infantRecord(text), newborn: !puerperal && newbornRecord(text),
  });
  const result: CodingResult = {
    diagnoses: diagnoses.map((d, i) => ({
      id: `dx-${i + 1}`,
      code: { coding: [{ system: ICD10CM_SYSTEM, code: d.code, display: d.title }], text: d.title },
      text_span: spanOf(text, d.mention),
      confidence: confidence(d),
    })),
    procedures: [],
  };
  if (diagnoses.length === 0) return result;

  const tokens = tokenize(text);
  const sentences = splitSentences(text);
  const { cues: cueSet, procedures: procedureSet } = cueSets();
  const cues = cueSet.find(tokens);
  const em = emLevel({ tokens, sentences, mentions, diagnoses, cues });
  if (em) {
    result.procedures.push({
      id: 'px-1',
      code: { coding: [{ system: CPT_SYSTEM, code: em.code, display: em.display }], text: em.display },
      text_span: spanOf(text, em.evidence),
      confidence: 0.6,
      rationale: em.rationale,
    });
  }
  for (const p of performedProcedures(text, sentences, procedureSet.find(tokens), cues)) {
    result.procedures.push({
      id: `px-${result.procedures.length + 1}`,
      code: { coding: [{ system: CPT_SYSTEM, code: p.code, display: p.display }], text: p.display },
      text_span: spanOf(text, p.span),
      confidence: 0.7,
    });
  }
  return result;
}

export function createEmbeddedCodingEngine(): CodingEngine {
  // The Alphabetic Index table is read in slices from start-up, not in one block on the first visit.
  const ready = preloadIndex();
  ready.catch(() => undefined); // a read failure surfaces on the first visit (codeText reads it again)
  return {
    code: async (text: string) => {
      await ready.catch(() => undefined);
      return codeText(text);
    },
  };
}
