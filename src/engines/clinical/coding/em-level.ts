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

type Has = (kind: string) => boolean;

/** The problems addressed: chronic (worsening), acute, an injury; a worsening one needing hospital care is high. */
function problemsLevel(input: EmInput, current: readonly CodedDiagnosis[], has: Has) {
  const sentenceKey = (offset: number): number => sentenceAt(input.sentences, offset)?.start ?? -1;
  const worseningSentences = new Set(input.cues.filter((c) => c.value.kind === 'exacerbation').map((c) => sentenceKey(c.start)));
  const chronic = current.filter((d) => d.concept.history === '=' && d.concept.kind !== 'status');
  const worsening = chronic.filter((d) =>
    input.mentions.some((m) => m.concept === d.concept && m.status === 'present' && worseningSentences.has(m.sentence.start)),
  );
  const acute = current.filter((d) => !chronic.includes(d) && d.concept.kind !== 'status');
  const injury = acute.some((d) => /^S\d2/.test(d.code)); // fractures
  let level: Level = 2;
  if (chronic.length || acute.length) level = 3;
  if (worsening.length || chronic.length >= 2 || injury) level = 4;
  if (worsening.length && has('hospital')) level = 5;
  return { level, chronic, worsening, acute };
}

/** The data reviewed: tests ordered or reviewed, external records, independent interpretation. */
function dataLevel(cues: EmInput['cues'], has: Has) {
  const tests = [...new Set(cues.flatMap((c) => (c.value.kind === 'test' ? [c.value.name] : [])))];
  const interp = has('interpretation');
  const external = has('external');
  const items = tests.length + (external ? 1 : 0);
  let level: Level = 2;
  if (items >= 2) level = 3;
  if (items >= 3 || interp) level = 4;
  if ((items >= 3 ? 1 : 0) + (interp ? 1 : 0) + (external ? 1 : 0) >= 2) level = 5;
  return { level, tests, interp, external };
}

/** The risk of the management: over-the-counter, minor procedure, prescription drugs, surgery, hospital care. */
function riskLevel(input: EmInput, has: Has) {
  const rx = prescriptionManagement(input);
  const factors: string[] = [];
  let level: Level = 2;
  if (has('otc')) (level = 3), factors.push('over-the-counter treatment');
  if (has('minor_procedure')) (level = 3), factors.push('minor procedure or therapy');
  if (rx.drugs.length) (level = 4), factors.push('prescription drug management');
  if (has('surgery')) (level = Math.max(level, 4) as Level), factors.push('decision about surgery');
  if (has('hospital')) (level = 5), factors.push('decision about hospital care');
  return { level, factors, rx };
}

export function emLevel(input: EmInput): EmLevel | undefined {
  const current = input.diagnoses.filter((d) => d.basis === 'present' || d.basis === 'combination');
  if (current.length === 0) return undefined;
  const has: Has = (kind) => input.cues.some((c) => c.value.kind === kind);
  const problems = problemsLevel(input, current, has);
  const data = dataLevel(input.cues, has);
  const risk = riskLevel(input, has);
  const level = [problems.level, data.level, risk.level].sort((a, b) => b - a)[1] as Level;
  const newPatient = has('new_patient');
  const evidence = risk.rx.sentence ?? { start: current[0]!.mention.start, end: current[0]!.mention.end };
  return {
    code: `99${newPatient ? 20 : 21}${level}`,
    display: `Office or outpatient visit, ${newPatient ? 'new' : 'established'} patient, ${MDM_NAMES[level]} decision making`,
    newPatient,
    level,
    evidence,
    rationale: {
      mdm: MDM_NAMES[level],
      problems: {
        level: MDM_NAMES[problems.level],
        chronic: problems.chronic.map((d) => d.code),
        chronicWorsening: problems.worsening.map((d) => d.code),
        acute: problems.acute.map((d) => d.code),
      },
      data: { level: MDM_NAMES[data.level], tests: data.tests, independentInterpretation: data.interp, externalRecords: data.external },
      risk: { level: MDM_NAMES[risk.level], prescriptionDrugs: risk.rx.drugs, factors: risk.factors },
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
