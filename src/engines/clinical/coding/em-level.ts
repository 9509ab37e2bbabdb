// Office E/M level from medical decision making: problems, data, risk (2 of 3 decide).
import type { Span } from '../../ports.ts';
import { drugLexicon, type Token } from '../lexicon/index.ts';
import { sentenceAt } from '../context/index.ts';
import type { PhraseHit } from './phrases.ts';
import type { CueKind } from './cues.ts';
import type { Mention } from './mentions.ts';
import type { CodedDiagnosis } from './select.ts';

export const MDM_NAMES = ['', '', 'straightforward', 'low', 'moderate', 'high'] as const;

export interface EmLevel {
  code: string;
  display: string;
  newPatient: boolean;
  level: 2 | 3 | 4 | 5;
  evidence: Span;
  rationale: {
    mdm: string;
    problems: { level: string; chronic: string[]; chronicWorsening: string[]; acute: string[] };
    data: { level: string; tests: string[]; independentInterpretation: boolean; externalRecords: boolean };
    risk: { level: string; prescriptionDrugs: string[]; factors: string[] };
  };
}

export interface EmInput {
  tokens: readonly Token[];
  sentences: readonly Span[];
  mentions: readonly Mention[];
  diagnoses: readonly CodedDiagnosis[];
  cues: readonly PhraseHit<CueKind>[];
}

type Level = 2 | 3 | 4 | 5;

export function emLevel(input: EmInput): EmLevel | undefined {
  const { diagnoses, cues, sentences } = input;
  const current = diagnoses.filter((d) => d.basis === 'present' || d.basis === 'combination');
  if (current.length === 0) return undefined;
  const has = (kind: string): boolean => cues.some((c) => c.value.kind === kind);
  const sentenceKey = (offset: number): number => sentenceAt(sentences, offset)?.start ?? -1;
  const worseningSentences = new Set(cues.filter((c) => c.value.kind === 'exacerbation').map((c) => sentenceKey(c.start)));

  // Problems
  const chronic = current.filter((d) => d.concept.history === '=' && d.concept.kind !== 'status');
  const worsening = chronic.filter((d) =>
    input.mentions.some((m) => m.concept === d.concept && m.status === 'present' && worseningSentences.has(m.sentence.start)),
  );
  const acute = current.filter((d) => !chronic.includes(d) && d.concept.kind !== 'status');
  const injury = acute.some((d) => /^S\d2/.test(d.code)); // fractures
  let problems: Level = 2;
  if (chronic.length || acute.length) problems = 3;
  if (worsening.length || chronic.length >= 2 || injury) problems = 4;
  if (worsening.length && has('hospital')) problems = 5;

  // Data
  const tests = [...new Set(cues.flatMap((c) => (c.value.kind === 'test' ? [c.value.name] : [])))];
  const interp = has('interpretation');
  const external = has('external');
  const items = tests.length + (external ? 1 : 0);
  let data: Level = 2;
  if (items >= 2) data = 3;
  if (items >= 3 || interp) data = 4;
  if ((items >= 3 ? 1 : 0) + (interp ? 1 : 0) + (external ? 1 : 0) >= 2) data = 5;

  // Risk
  const rx = prescriptionManagement(input);
  const factors: string[] = [];
  let risk: Level = 2;
  if (has('otc')) (risk = 3), factors.push('over-the-counter treatment');
  if (has('minor_procedure')) (risk = 3), factors.push('minor procedure or therapy');
  if (rx.drugs.length) (risk = 4), factors.push('prescription drug management');
  if (has('surgery')) (risk = Math.max(risk, 4) as Level), factors.push('decision about surgery');
  if (has('hospital')) (risk = 5), factors.push('decision about hospital care');

  const level = [problems, data, risk].sort((a, b) => b - a)[1] as Level;
  const newPatient = has('new_patient');
  const code = `99${newPatient ? 20 : 21}${level}`;
  const evidence = rx.sentence ?? { start: current[0]!.mention.start, end: current[0]!.mention.end };
  return {
    code,
    display: `Office or outpatient visit, ${newPatient ? 'new' : 'established'} patient, ${MDM_NAMES[level]} decision making`,
    newPatient,
    level,
    evidence,
    rationale: {
      mdm: MDM_NAMES[level],
      problems: {
        level: MDM_NAMES[problems],
        chronic: chronic.map((d) => d.code),
        chronicWorsening: worsening.map((d) => d.code),
        acute: acute.map((d) => d.code),
      },
      data: { level: MDM_NAMES[data], tests, independentInterpretation: interp, externalRecords: external },
      risk: { level: MDM_NAMES[risk], prescriptionDrugs: rx.drugs, factors },
    },
  };
}

/** Prescription drugs named in a sentence that also manages them (start, refill, increase…). */
function prescriptionManagement(input: EmInput): { drugs: string[]; sentence?: Span } {
  const lexicon = drugLexicon();
  const verbSentences = new Set(
    input.cues.filter((c) => c.value.kind === 'rx_verbs').map((c) => sentenceAt(input.sentences, c.start)?.start ?? -1),
  );
  const drugs = new Set<string>();
  let sentence: Span | undefined;
  for (const t of input.tokens) {
    if (t.norm.length < 5) continue;
    const entry = lexicon.get(t.norm);
    if (!entry?.rx) continue;
    const s = sentenceAt(input.sentences, t.start);
    if (!s || !verbSentences.has(s.start)) continue;
    drugs.add(entry.generic);
    sentence ??= s;
  }
  return { drugs: [...drugs], sentence };
}
