// Candidate statements for template sections: transcript sentences (long unpunctuated
// turns cut into clauses) and answered yes/no questions ("any fever?" "no" → "Denies
// fever."), each scored against every section kind the template asks for.
import type { Span } from '../../ports.ts';
import { kindById, normaliseHeading, type SectionKind } from './catalog.ts';
import { answersNo, answersYes, asksYesNo, isDictation, isVisitRemark, opensLikeQuestion, stripWakeWords, tidy, withoutQuestionLead } from '../language/index.ts';
import { readTranscript, type SpeakerRole, type Transcript } from '../transcript/index.ts';
import { clinicianAct, planClauses, type Act } from './acts.ts';

export interface Candidate {
  /** Text to score (the transcript words, tidied). */
  text: string;
  /** Note sentence already written (answered questions, supplied facts); else rewritten later. */
  statement?: string;
  role: SpeakerRole;
  spans: Span[];
  position: number;
  /** Section keys this candidate was supplied for (facts), scored high for them. */
  forKinds?: string[];
  /** Supplied by the caller: only these fill sections of their kind. */
  exclusive?: boolean;
  /** A clinician sentence or clause that says a diagnosis or gives a plan instruction. */
  act?: Act;
  /** The spoken sentence a clause was cut from: clauses of one sentence share it. */
  origin?: string;
  /** Index of the clause within its sentence. */
  part?: number;
  /** Words said between the previous clause of the same sentence and this one (", and "). */
  joiner?: string;
  /** An answered yes/no question ("any numbness?" "no" → "Denies numbness."). */
  answered?: boolean;
}

const MAX_WORDS = 24;
const SPLIT_AT = /\s+(?=(?:so|but|and then|because|and|um|uh|which)\s)/gi;

interface Piece {
  text: string;
  span: Span;
}

/**
 * Cuts a long spoken sentence at conjunctions into clauses of a readable length. `text`
 * is the sentence as submitted (its characters are `span`), so each clause keeps its own span.
 */
function chunk(text: string, span: Span): Piece[] {
  const words = text.split(/\s+/).length;
  if (words <= MAX_WORDS) return [{ text, span }];
  const out: Piece[] = [];
  let from = 0;
  for (const m of text.matchAll(SPLIT_AT)) {
    const at = m.index!;
    const count = text.slice(from, at).split(/\s+/).filter(Boolean).length;
    if (count >= 8) {
      out.push({ text: text.slice(from, at).trim(), span: { start: span.start + from, end: span.start + at } });
      from = at + m[0].length;
    }
  }
  out.push({ text: text.slice(from).trim(), span: { start: span.start + from, end: span.end } });
  return out.filter((c) => c.text.length > 0);
}

export interface Asked {
  phrase: string;
  /** How the question was put: "any X" (a noun) or "do you X" / "are you X" (a verb). */
  form: 'noun' | 'do' | 'did' | 'be';
}

function statementFor(asked: Asked, affirm: boolean): string {
  const { phrase, form } = asked;
  if (form === 'do') return affirm ? `Reports that they ${phrase}.` : `Does not ${phrase}.`;
  if (form === 'did') return affirm ? `Reports that they did ${phrase}.` : `Did not ${phrase}.`;
  if (form === 'be') return affirm ? `Is ${phrase}.` : `Is not ${phrase}.`;
  return `${affirm ? 'Reports' : 'Denies'} ${phrase}.`;
}


function askedAbout(question: string): Asked | undefined {
  const q = withoutQuestionLead(tidy(question).replace(/[?.]+$/, ''));
  let form: Asked['form'] = 'noun';
  let m = /\b(?:any|some)\s+(.+)$/i.exec(q) ?? /^(?:have|has)\s+(?:you|they|he|she)\s+(?:ever\s+)?(?:been\s+)?(?:had|having|noticed|experienced|experiencing|felt|feeling|gotten|seen|noticing)\s+(.+)$/i.exec(q);
  if (!m && (m = /^(?:do|does)\s+(?:you|they|he|she)\s+(?:ever\s+)?(.+)$/i.exec(q))) form = 'do';
  if (!m && (m = /^did\s+(?:you|they|he|she)\s+(?:ever\s+)?(.+)$/i.exec(q))) form = 'did';
  if (!m && (m = /^(?:are|were|is)\s+(?:you|they|he|she)\s+(.+)$/i.exec(q))) form = 'be';
  const phrase = m?.[1]
    ?.replace(/\b(?:at all|recently|lately|or anything(?: like that)?|or anything else|that you know of)\b/gi, '')
    // "numbness in your legs" → "numbness in the legs", as a note says it.
    .replace(/\b(in|on|of|to|around|over|under|into|behind|near|down)\s+your\b/gi, '$1 the')
    .replace(/\byour\b/gi, 'their')
    .replace(/\byourself\b/gi, 'themselves')
    .replace(/\byou\b/gi, 'them')
    .replace(/\s+/g, ' ')
    .trim();
  if (!phrase || phrase.split(/\s+/).length > 8) return undefined;
  return { phrase, form };
}

/** Reads the transcript into candidates, with answered yes/no questions as statements. */
export function buildCandidates(transcript: string, read: Transcript = readTranscript(transcript)): Candidate[] {
  const utterances = read.sentences;
  // A pasted transcription JSON: the sentence span covers JSON between the words, so its
  // (cleaned) text is read and the clauses share the sentence's span.
  const verbatim = read.format !== 'transcription-json';
  const out: Candidate[] = [];
  utterances.forEach((u, i) => {
    const chunks = verbatim ? chunk(transcript.slice(u.span.start, u.span.end), u.span) : chunk(u.text, u.span).map((p) => ({ ...p, span: u.span }));
    // One clinician sentence may say the diagnosis and several plan steps: each its own
    // piece, remembering the sentence it was cut from.
    const pieces = chunks.flatMap((p, k) => (u.role === 'clinician' && verbatim ? planClauses(p.text, p.span) : [p]).map((c, part) => ({ ...c, origin: `${i}:${k}`, part })));
    for (const piece of pieces) {
      const text = stripWakeWords(tidy(piece.text));
      // Talk about the visit itself ("let me take a look", "show me the x-ray") and the
      // clinician's words to the documentation system are not content.
      if (!text || isVisitRemark(text) || (u.role !== 'patient' && isDictation(text))) continue;
      const act = u.role === 'clinician' ? clinicianAct(text) : undefined;
      const joiner = 'joiner' in piece && typeof piece.joiner === 'string' ? { joiner: piece.joiner } : {};
      out.push({ text, role: u.role, spans: [piece.span], position: piece.span.start, origin: piece.origin, part: piece.part, ...joiner, ...(act ? { act } : {}) });
    }
    const next = utterances[i + 1];
    if (u.role === 'clinician' && (u.question || asksYesNo(tidy(u.text))) && next && next.role === 'patient' && next.turn === u.turn + 1) {
      // tidy drops a leading "yes," / "no," with the fillers, but here it is the answer itself.
      const answer = answersYes(next.text) || answersNo(next.text) ? next.text : tidy(next.text);
      const affirm = answersYes(answer);
      const deny = !affirm && answersNo(answer);
      const asked = affirm || deny ? askedAbout(u.text) : undefined;
      if (asked) {
        out.push({
          text: asked.phrase,
          statement: statementFor(asked, affirm),
          role: 'patient',
          spans: [u.span, next.span],
          position: u.span.start,
          answered: true,
        });
      }
    }
  });
  return out;
}


const STOP = new Set(
  'the a an and or of to in on for with from at by as is are was were be been this that these those what which who when where how any all each their there here into about only use used write list item items point points section sections prose bulleted numbered leave empty nothing said states transcript note visit patient patients stated include includes including should must one per label finding clinician will also such like more most than then them they it its not'.split(' '),
);

/** Content words of a prompt, used as extra cues (especially for custom sections). */
export function promptWords(text: string): string[] {
  return [...new Set(normaliseHeading(text).split(' ').filter((w) => w.length >= 4 && !STOP.has(w)))];
}

export interface SectionNeed {
  key: string;
  kind?: SectionKind;
  cues: string[];
  patterns: RegExp[];
  speaker: 'clinician' | 'patient' | 'any';
  /** Score an answered yes/no question gets here (the HPI's pertinent negatives when the
   * template has no review of systems). */
  answers?: number;
}

export function needFor(key: string, prompt: string, heading: string | undefined): SectionNeed {
  const kind = kindById(key);
  const fromPrompt = promptWords(`${heading ?? ''} ${prompt}`);
  // For a known kind, only words the caller added to the prompt count as extra cues.
  const own = kind ? new Set(promptWords(`${kind.prompt} ${kind.synonyms.join(' ')} ${kind.title}`)) : new Set<string>();
  const cues = kind ? [...new Set([...kind.cues, ...fromPrompt.filter((w) => !own.has(w))])] : fromPrompt;
  return { key, kind, cues, patterns: (kind?.patterns ?? []).map((p) => new RegExp(p, 'i')), speaker: kind?.speaker ?? 'any' };
}

/** What a clinician sentence does weighs more than its words for the sections it belongs to. */
function actBonus(candidate: Candidate, key: string): number {
  const act = candidate.act;
  if (!act) return 0;
  if (act.kind === 'assessment') return key === 'assessment' || key === 'assessment_and_plan' ? 3 : 0;
  if (key === 'plan' || key === 'assessment_and_plan') return 3;
  return act.followUp && key === 'follow_up' ? 3 : 0;
}

export function scoreFor(candidate: Candidate, need: SectionNeed): number {
  if (candidate.forKinds?.includes(need.key)) return 10;
  const text = ` ${candidate.text.toLowerCase().replace(/[^a-z0-9%/' -]+/g, ' ')} `;
  let score = 0;
  for (const cue of need.cues) {
    const c = cue.toLowerCase();
    // Short cues must match whole words; longer ones may be word prefixes ("aspirat").
    const hit = c.length <= 4 ? text.includes(` ${c} `) : text.includes(` ${c}`);
    if (hit) score += 1 + 0.5 * (c.split(' ').length - 1);
  }
  for (const pattern of need.patterns) if (pattern.test(candidate.text)) score += 2;
  if (candidate.answered && need.answers) score += need.answers;
  const act = actBonus(candidate, need.key);
  score += act;
  if (score === 0) return 0;
  const known = candidate.role === 'clinician' || candidate.role === 'patient';
  if (need.speaker !== 'any' && known) score *= candidate.role === need.speaker ? 1.4 : 0.6;
  const words = candidate.text.split(/\s+/).length;
  if (!candidate.statement && !act && words < 4) score *= 0.3;
  if (!candidate.statement && (/\?$/.test(candidate.text) || opensLikeQuestion(candidate.text))) score *= 0.2;
  return score;
}
