// Concept mentions of a visit with their assertion status and the side they refer to.
import type { Span } from '../../ports.ts';
import { assertionsFor, sentenceAt, splitSentences, type Assertion } from '../context/index.ts';
import { drugLexicon, findConcepts, icd10cmTitle, tokenize, type Concept, type ConceptMention, type Token } from '../lexicon/index.ts';
import { SIDE_WORDS, type Side } from '../language/sides.ts';
import { codingCues } from '../language/coding.ts';
import { spokenAlternation, wordsPattern } from '../language/data.ts';
import { FILLER_WORDS } from '../language/fillers.ts';
import { attributedToCause, confirmed, genericPlural, guessedByPatient, passedOn, evidenceOpened, aggravatingAct, isBareList, likened, namedAsTopic, opensWithPlainYes, listsCauses, namesRisks, plannedProcedure, presupposed, saysNoRecurrence, startsIdiom } from './cue-phrases.ts';
import { isQuestion, answersAffirming, answersNo, answersYes, asksYesNo, endsWithTag, opensAsQuestion, opensLikeQuestion, withoutLeadingWords } from '../language/discourse.ts';
import { findIndexTerms } from './index-terms.ts';
import { linkedCode, linkedConcept } from './links.ts';
import { numberedStarts } from './numbered.ts';
import { findSiteSymptoms } from './site-symptoms.ts';
import { joinSpelledLetters } from './spelled.ts';
import { turnsOf, type Speaker, type Turns } from './speaker.ts';
import { leadNamesNonRelative, othersSaid } from '../transcript/index.ts';
import { assessmentStart } from './assessment.ts';
import { historyTakingFrom, namedAsExample, requestedToTell } from './history-taking.ts';
import { followedUpTurns } from './follow-up.ts';
import { statedForAssent } from './assent.ts';
import { presentingSpans, readsBookedReasonIn } from './presenting.ts';
import { specify, visitSiteOf, type InjurySite } from './specify.ts';
import { familyWeighed, followsUpHealingInjury, framingAt, recountedAt, headsToListener, inCondition, type Framing, localStatus, treatedFor, pastFollowUp, punctuatedLead, otherSense, removedNear, sharesFamilyExperiencer, softenedNaming, wordsBefore } from './discourse.ts';

export type { Side } from '../language/sides.ts';
/** `other`: a condition of someone the speaker names who is not a relative ('my flatmate has…'); not coded. */
export type Status = 'present' | 'negated' | 'uncertain' | 'hypothetical' | 'family' | 'historical' | 'unasserted' | 'other';

export interface Mention {
  concept: Concept;
  start: number;
  end: number;
  sentence: Span;
  side: Side;
  status: Status;
  assertion: Assertion;
  /**
   * Named where the clinician frames the visit: in the reason for the visit ("here for…",
   * "presents with…") or as a problem of the assessment ("for your second problem, your…",
   * "my impression…", "from a … standpoint").
   */
  framed: boolean;
  /** How it is framed (discourse.ts framingAt), when it is. */
  framing?: Framing;
  /** A relative's condition the sentence ties to the patient's care ("given your family history… screening"). */
  familyWeighed?: boolean;
  /** Who says it, when the text labels its turns. */
  speaker?: Speaker;
  /** Present by the answer to a question about it ("any allergies?" "yeah"): history taking. */
  answered?: boolean;
  /** Said in the patient's answer to the opening question ("how can I help?"): the presenting complaint. */
  presenting?: boolean;
  /** Said from the clinician's first history-taking question on (history-taking.ts): history unless the clinician states it. */
  historyTaking?: boolean;
  /** Said in a sentence that asks ('who has diabetes?'), whatever the answer. */
  asked?: boolean;
  /** A sign the clinician names as the subject of an uncertain diagnosis ("this rash … could be psoriasis"). */
  doubtedSubject?: boolean;
  /** A malignancy the visit finds no recurrence of: history, and the visit a follow-up after its treatment. */
  eradicated?: boolean;
  /** A symptom the clinician attributes to a condition ("…are from the sarcoid"): its presentation. */
  attributed?: boolean;
  /**
   * A symptom the clinician asks whether the patient has ("any nausea or vomiting?"), the answer
   * affirming it: the present illness reviewed, not a remark or history left aside.
   */
  reviewed?: boolean;
  /** The clinician asks the patient to tell of it ("talk to me about the cough"; history-taking.ts requestedToTell): a topic raised, not stated. */
  invited?: boolean;
  /** Said by the patient in a turn the clinician follows up with a question about it, or refers back to ("How long…?", "Has this gotten worse?"; follow-up.ts): taken up. */
  followedUp?: boolean;
  /** Listed after an opener of the evidence for a diagnosis in its sentence ("with the fever and …"; cue-phrases.ts evidenceOpened). */
  evidenceListed?: boolean;
  /** The clinician's short echo of the complaint or condition the patient named in the turn just before ("Tired, OK.", "So you have gout."; echoedComplaints): heard, not taken up. */
  echoed?: boolean;
  /** Recounted from the patient's story by the clinician ("you mentioned you have asthma"; discourse.ts recountedAt): history restated, not assessed. */
  recounted?: boolean;
}

// The other speaker turning a statement down outright ("no no no").
const REJECTED = /^no\W+no\b/i;
// A turn label at the start of a line: "[patient]", "Doctor:", "Speaker 1:", "[00:01:02] P:".
const LABEL = /^(?:\[[^\]]*\]\s*)*(?:(?:doctor|patient|dr|pt|d|p|speaker\s*\d+|clinician|nurse)\s*[:\-]\s*)?/i;
// Hesitations inside a phrase ("an acute lumbar, um, strain") are read past.
const FILLERS = FILLER_WORDS;

/** Is token i a side word whose next word or the one after names a body part (BODY_PARTS) other than the mention's own (`own`)? */
function sidesAnotherPart(tokens: Token[], i: number, own: ReadonlySet<string>): boolean {
  if (!tokens[i] || !SIDE_WORDS[tokens[i]!.norm]) return false;
  return [tokens[i + 1], tokens[i + 2]].some((t) => {
    const part = t?.norm.replace(/s$/, '');
    return part !== undefined && BODY_PARTS.has(part) && !own.has(part);
  });
}

/**
 * The body parts a concept's own site spans: the parts of the limb its right-side code's title
 * names ("Carpal tunnel syndrome, right upper limb": hand, wrist…; coding.json limb_parts).
 */
function ownParts(concept: Concept): ReadonlySet<string> {
  let parts = ownPartsOf.get(concept);
  if (!parts) ownPartsOf.set(concept, (parts = ownPartsFresh(concept)));
  return parts;
}
// Every mention asks: a concept's parts are worked out once.
const ownPartsOf = new WeakMap<Concept, ReadonlySet<string>>();

function ownPartsFresh(concept: Concept): ReadonlySet<string> {
  const title = concept.codes.R ? icd10cmTitle(concept.codes.R)?.toLowerCase() ?? '' : '';
  const regions = codingCues().limb_parts.regions;
  return new Set(Object.keys(regions).filter((r) => title.includes(r)).flatMap((r) => regions[r]!));
}

/** Side named nearest to the mention within its sentence (a few words either way). */
function sideOf(tokens: Token[], from: number, to: number, sentence: Span, own: ReadonlySet<string> = new Set()): Side {
  let best: { side: Side; dist: number } | undefined;
  const consider = (i: number, dist: number): void => {
    const t = tokens[i];
    if (!t || t.start < sentence.start || t.end > sentence.end) return;
    const side = SIDE_WORDS[t.norm];
    if (side && (!best || dist < best.dist)) best = { side, dist };
  };
  for (let i = from; i < to; i++) consider(i, 0);
  for (let d = 1; d <= 6; d++) {
    consider(from - d, d);
    // A side said after the mention before another body part is that part's ("pain in my knee and my left hip").
    if (d <= 4 && !sidesAnotherPart(tokens, to - 1 + d, own)) consider(to - 1 + d, d);
  }
  return best?.side ?? 'U';
}

type Answer = 'yes' | 'affirmed' | 'past' | 'no';

let pastAnswer: RegExp | undefined;
/** A yes that dates what was asked to a time long gone ("Yes, when I was little."; coding.json `answered_in_past`). */
function answersInPast(body: string): boolean {
  pastAnswer ??= new RegExp(wordsPattern(codingCues().answered_in_past.phrases, spokenAlternation), 'i');
  return pastAnswer.test(body);
}

function statusOf(a: Assertion, answer: Answer | undefined): Status {
  // A relative's condition denied ("no family history of colon cancer") is no family history
  // (Z80-Z84 record a relative's condition that is there); asked about, the answer decides.
  if (a.family) return a.negated && !a.question ? 'negated' : 'family';
  if (a.question) {
    // "And no dizziness?" "Yes. I do.": the first-person clause affirms it whatever the question's polarity.
    // "Did you have chickenpox?" "Yes, when I was little.": past history, whatever the question's tense.
    if (answer === 'past') return 'historical';
    if (answer === 'affirmed') return a.historical ? 'historical' : 'present';
    if (answer === 'yes') return a.negated ? 'negated' : a.historical ? 'historical' : 'present';
    if (answer === 'no') return 'negated';
    return 'unasserted';
  }
  if (a.negated) return 'negated';
  if (a.hypothetical) return 'hypothetical';
  if (a.uncertain) return 'uncertain';
  if (a.historical) return 'historical';
  return 'present';
}

/** Index of a sentence span in the (sorted) list, by binary search; -1 if absent. */
function sentenceIndex(sentences: readonly Span[], sentence: Span): number {
  let lo = 0;
  let hi = sentences.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = sentences[mid]!;
    if (s.start === sentence.start) return mid;
    if (s.start < sentence.start) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Which turn holds an offset (speaker.ts): a turn change, not a line break, parts two speakers. */
type TurnAt = (offset: number) => number;

function nextBody(text: string, sentences: Span[], sentence: Span, turnAt: TurnAt): { body: string; newTurn: boolean } | undefined {
  const i = sentenceIndex(sentences, sentence);
  const next = sentences[i + 1];
  if (!next) return undefined;
  return { body: text.slice(next.start, next.end).replace(LABEL, ''), newTurn: turnAt(next.start) !== turnAt(sentence.start) };
}

/**
 * The last sentence of a yes/no question's turn that leaves it to the answer: past the open
 * questions that follow it in the turn ("Any headache? What colour is the mucus?" "Yes, a
 * little. Clear."), the answer's opening yes or no is the only one the turn asks for.
 */
function askedThrough(text: string, sentences: Span[], sentence: Span, turnAt: TurnAt): Span {
  let at = sentence;
  const from = sentenceIndex(sentences, sentence);
  if (from < 0) return sentence;
  for (let i = from + 1; i < sentences.length; i++) {
    const next = sentences[i]!;
    const said = withoutLeadingWords(text.slice(next.start, next.end).replace(LABEL, ''));
    if (turnAt(next.start) !== turnAt(sentence.start) || !isQuestion(said) || asksYesNo(said)) break;
    at = next;
  }
  return at;
}

function answerAfter(text: string, sentences: Span[], question: Span, turnAt: TurnAt): Answer | undefined {
  const sentence = asksYesNo(withoutLeadingWords(text.slice(question.start, question.end).replace(LABEL, ''))) ? askedThrough(text, sentences, question, turnAt) : question;
  const next = nextBody(text, sentences, sentence, turnAt);
  if (next === undefined) return undefined;
  const { body } = next;
  // The answer words are the shared discourse lists (data/language/en/discourse.json).
  if (answersYes(body)) {
    if (next.newTurn && answersInPast(body)) return 'past';
    return next.newTurn && answersAffirming(answerTurnOpening(text, sentences, sentence, turnAt)) ? 'affirmed' : 'yes';
  }
  if (answersNo(body)) return 'no';
  return undefined;
}


/** The answer's first two sentences when they are one turn ("Yes. I do."). */
function answerTurnOpening(text: string, sentences: Span[], sentence: Span, turnAt: TurnAt): string {
  const i = sentenceIndex(sentences, sentence);
  const first = sentences[i + 1]!;
  const second = sentences[i + 2];
  const end = second && turnAt(second.start) === turnAt(first.start) ? second.end : first.end;
  return text.slice(first.start, end).replace(LABEL, '');
}

/**
 * A sentence that asks without a question mark: "…seasonal allergies or anything like that",
 * "was it like angina or, um,", or a list cut by an ellipsis whose question mark comes in
 * the next sentence of the turn.
 * Returns the sentence whose answer decides, or undefined when it is not a question.
 */
function unmarkedQuestion(text: string, sentences: Span[], sentence: Span, turnAt: TurnAt): Span | undefined {
  const said = text.slice(sentence.start, sentence.end).replace(LABEL, '');
  if (/\b(?:or anything(?: like that| else)?|anything like that|or something like that)\s*[.?]?$/i.test(said)) return sentence;
  // A yes/no question left open: "Was it like angina or, um,".
  if (opensAsQuestion(withoutLeadingWords(said)) && /\bor\W*(?:(?:um|uh|erm)\W*)?$/i.test(said)) return sentence;
  if (/(?:\.\.\.|…)$/.test(said)) {
    const next = sentences[sentenceIndex(sentences, sentence) + 1];
    const asked = next && text.slice(next.start, next.end).trimEnd();
    // …unless that mark only closes a tag asking for assent ("…, okay?"): no question then.
    if (asked && turnAt(next.start) === turnAt(sentence.start) && asked.endsWith('?') && !tagQuestion(asked)) return next;
  }
  return undefined;
}

// A statement closed by a tag asking for assent: "…index finger contusion on the tip of your finger, okay?" (tags: discourse.json statementTags).
/** Is the sentence a statement with a tag question ("…, okay?"), not a question about what it names? */
function tagQuestion(said: string): boolean {
  return endsWithTag(said) && !opensLikeQuestion(withoutLeadingWords(said));
}

// The parts a side is said of (coding.json sided_parts).
const BODY_PARTS: ReadonlySet<string> = new Set(codingCues().sided_parts.words);

/**
 * The side the visit names for a body part ("right knee" throughout), used when the sentence
 * of a mention names none: the only side named, or one named at least SIDE_MAJORITY times as
 * often as the other and "both" together (a slip of the tongue, "the left leg… I mean the
 * right"; "both knees" said once in an exam); else both when the visit says "both knees" or
 * "bilateral knees". None when right and left are named alike, or no side is. A side offered
 * as an alternative ("both ears or just the left ear?") is not counted.
 */
function visitSides(tokens: Token[]): Map<string, Side> {
  const seen = new Map<string, { R: number; L: number; B: number }>();
  // A side offered as one of alternatives ("both ears or just the left ear?") names no side.
  const offered = (from: number, to: number): boolean => tokens.slice(Math.max(0, from), to).some((t) => t.norm === 'or');
  tokens.forEach((t, i) => {
    const side = SIDE_WORDS[t.norm];
    if (!side || side === 'U') return;
    for (let j = i + 1; j <= i + 3 && j < tokens.length; j++) {
      const part = tokens[j]!.norm.replace(/s$/, '');
      if (BODY_PARTS.has(part)) {
        if (offered(i - 2, i) || offered(j + 1, j + 2)) break;
        const n = seen.get(part) ?? { R: 0, L: 0, B: 0 };
        n[side]++;
        seen.set(part, n);
        break;
      }
    }
  });
  const sides = new Map<string, Side>();
  for (const [part, n] of seen) {
    if (n.R >= SIDE_MAJORITY * (n.L + n.B) && n.R > n.B) sides.set(part, 'R');
    else if (n.L >= SIDE_MAJORITY * (n.R + n.B) && n.L > n.B) sides.set(part, 'L');
    else if (n.B > 0) sides.set(part, 'B');
  }
  return sides;
}
const SIDE_MAJORITY = 3;

// The last word before a measure the clinician heads as a problem: the heading's own words ("for the", "number three, your").
const HEAD_END = new Set(['for', 'about', 'regarding', 'the', 'your', 'his', 'her', 'their']);

/**
 * A treated measure alone names its condition only as a problem the clinician heads, right after
 * the heading's words, and treats in that turn with a prescription drug ("for the blood pressure,
 * I'll increase the losartan"; "number three, your blood pressure, 138 over 80 … continue
 * lisinopril"): chronic conditions are coded when the plan treats them (issue #18 policy).
 * Elsewhere it is a reading ("number two your blood pressure it was elevated today").
 */
function headsTreatedMeasure(text: string, end: number, lead: string, framing: Framing | undefined, speaker: Speaker | undefined, turns: Turns): boolean {
  if (framing !== 'heading' || speaker !== 'clinician' || !HEAD_END.has(lead.trim().split(/\s+/).at(-1)?.toLowerCase() ?? '')) return false;
  const turn = turns.list[turns.turnAt(end)];
  const rest = text.slice(end, turn ? turn.span.end : end).toLowerCase();
  const drugs = drugLexicon();
  return (rest.match(/[a-z]+/g) ?? []).some((w) => drugs.get(w)?.rx === true);
}

/** The sides a sentence names for body parts (visitSides read over its tokens alone). */
function sentenceSides(tokens: readonly Token[], sentence: Span): Map<string, Side> {
  return visitSides(tokens.filter((t) => t.start >= sentence.start && t.end <= sentence.end));
}

/** The body part of a sided concept: named in its phrase ("knee pain"), else in its right-side code's title ("Medial epicondylitis, right elbow"). */
function bodyPartOf(concept: Concept): string | undefined {
  const inWords = (words: string): string | undefined => words.toLowerCase().split(/[^a-z]+/).map((w) => w.replace(/s$/, '')).find((w) => BODY_PARTS.has(w));
  return inWords(concept.name) ?? (concept.codes.R ? inWords(icd10cmTitle(concept.codes.R) ?? '') : undefined);
}

/**
 * The one side the visit names for every body part it sides ("right wrist" throughout), for a
 * sided code whose body part neither its words nor its title name as the visit does ("Colles'
 * fracture of right radius" in a visit about the right wrist); none when parts differ in side.
 */
function onlySide(sides: Map<string, Side>): Side | undefined {
  const named = new Set(sides.values());
  return named.size === 1 ? [...named][0] : undefined;
}

/**
 * The side the visit names for a concept's body part: for a sided code, and for the site code a
 * combination rule adds beside an unsided one (E11.621 diabetic foot ulcer + L97.5- by side);
 * for a sided code whose part is not named as the visit names parts, the visit's one side.
 */
function sideInVisit(concept: Concept, sides: Map<string, Side>): Side {
  const part = bodyPartOf(concept);
  return (part ? sides.get(part) : concept.codes.R && concept.codes.L ? onlySide(sides) : undefined) || 'U';
}

/** Where a mention is said: its sentence and the words either side. */
interface Saying {
  text: string;
  sentences: Span[];
  sentence: Span;
  /** The sentence without its turn label. */
  said: string;
  lead: string;
  tail: string;
  assertion: Assertion;
  framing: ReturnType<typeof framingAt>;
  start: number;
  turnAt: TurnAt;
  /** Where the words of the mention's turn begin (after its label). */
  turnStart: number;
}

/**
 * Is the mention one of the risks, side effects or complications a sentence lists
 * ('hypothetical'), or of a list that runs on from such a sentence, or from one listing possible
 * causes ('uncertain': a differential, guidelines IV.H), in the same turn ("risk of surgery
 * include infection, … . uh, seizure, stroke, … or even death"; "some possible causes are
 * certain medications . alcohol abuse, fatty liver disease, hepatitis, …")?
 */
function namedInList(x: Saying, fullLead: string): 'hypothetical' | 'uncertain' | undefined {
  if (namesRisks(fullLead)) return 'hypothetical';
  if (!isBareList(x.said)) return undefined;
  // A full stop said mid-list ("…or infection . uh , seizure , stroke…"; speech recognition
  // writes one for a pause) cuts it, so the list may have begun a few sentences back.
  const i = sentenceIndex(x.sentences, x.sentence);
  for (let j = i - 1, after = x.sentence; j >= 0 && j >= i - RISK_LOOKBACK; after = x.sentences[j]!, j--) {
    const prev = x.sentences[j]!;
    if (x.turnAt(prev.start) !== x.turnAt(after.start)) return undefined;
    const words = wordsBefore(x.text, prev.start, prev.end);
    if (namesRisks(words)) return 'hypothetical';
    if (listsCauses(words)) return 'uncertain';
  }
  return undefined;
}
const RISK_LOOKBACK = 3;

/** The status of a mention: its assertion, the answer to a question, and the words around it. */
function statusIn(x: Saying): Status {
  const { text, sentences, sentence, said, lead, tail, assertion, framing, turnAt } = x;
  let status: Status;
  const asked = !assertion.question ? unmarkedQuestion(text, sentences, sentence, turnAt) : undefined;
  if (asked && !assertion.negated && !assertion.family && !assertion.hypothetical) {
    status = statusOf({ ...assertion, question: true }, answerAfter(text, sentences, asked, turnAt));
  } else {
    const answer = assertion.question ? answerAfter(text, sentences, sentence, turnAt) : undefined;
    status = statusOf(assertion, answer);
  }
  // A problem heading presupposes the problem, even when a question follows it; so does a
  // diagnosis said with a tag asking for assent ("the diagnosis would be…, okay?").
  if ((framing === 'heading' || (framing === 'impression' && tagQuestion(said))) && status === 'unasserted') status = 'present';
  // A question that takes the condition as given asserts it ("my stomach pain", "how often are you vomiting?").
  if (status === 'unasserted' && !assertion.negated && presupposed(lead)) status = 'present';
  // Findings said to be "consistent with" a condition, unhedged, state it (the assertion
  // triggers read the phrase as doubt wherever it stands).
  if (status === 'uncertain' && !assertion.negated && !assertion.family && confirmed(lead)) status = 'present';
  // A yes to a question whose condition names it ("can I take paracetamol if I get a headache?"
  // "Yes.") grants what was asked: the condition stays one (guidelines IV.J, as advice's "if" is).
  if (status === 'present' && assertion.question && assertion.hypothetical && inCondition(text.slice(sentence.start, x.start))) return 'hypothetical';
  if (status !== 'present') return status;
  const fullLead = punctuatedLead(text, x.start, x.turnStart);
  status = localStatus(lead, tail, fullLead) ?? status;
  // "…because chest infections can become nasty": the kind, not this patient's.
  if (status === 'present' && genericPlural(text.slice(x.start, sentence.end - tail.length), lead, tail)) return 'hypothetical';
  // "…you could pass chickenpox on to someone": what others would catch, not the patient's.
  if (status === 'present' && passedOn(lead, tail)) return 'hypothetical';
  // "Does it hurt when you cough?" "Yes.": the act that brings the pain on, not a symptom had.
  if (status === 'present' && aggravatingAct(lead, tail, wordsBefore(text, sentence.start, sentence.end))) return 'hypothetical';
  const listed = status === 'present' ? namedInList(x, fullLead) : undefined;
  if (listed) return listed;
  const next = nextBody(text, sentences, sentence, turnAt);
  if (next?.newTurn && REJECTED.test(next.body)) return 'negated';
  if (status === 'present' && next && pastFollowUp(next.body, text.slice(sentence.start, sentence.end))) return 'historical';
  return status;
}

/** What the whole visit says, worked out on first need: the side of each body part, the injury site, the encounter. */
interface VisitContext { text: string; tokens: Token[]; sides: () => Map<string, Side>; site: () => InjurySite | undefined; encounter: () => 'A' | 'D' }

function visitContext(text: string, tokens: Token[]): VisitContext {
  let sides: Map<string, Side> | undefined;
  let site: { site?: InjurySite } | undefined;
  let encounter: 'A' | 'D' | undefined;
  return {
    text,
    tokens,
    sides: () => (sides ??= visitSides(tokens)),
    site: () => (site ??= { site: visitSiteOf(text) }).site,
    encounter: () => (encounter ??= followsUpHealingInjury(text) ? 'D' : 'A'),
  };
}

/** A mention's concept made specific by its words and the visit, with its side; undefined when the words rule it out. */
function sidedConcept(m: { concept: Concept; start: number; end: number; from: number; to: number }, visit: VisitContext, said: string, saidStart: number, sentence: Span): { concept: Concept; side: Side } | undefined {
  let side = sideOf(visit.tokens, m.from, m.to, sentence, ownParts(m.concept));
  // The side the sentence names for the concept's body part, further off than sideOf reads
  // ("swimmer's ear, otitis externa, an infection of the right ear canal"): one sentence, one ear
  // (laterality is coded when documented, guidelines I.B.13).
  if (side === 'U') side = sideInVisit(m.concept, sentenceSides(visit.tokens, sentence));
  // The visit's side of the body part: for a sided code, and for the site code a combination
  // rule adds beside an unsided one (E11.621 diabetic foot ulcer + L97.5- by side).
  if (side === 'U') side = sideInVisit(m.concept, visit.sides());
  const specified = specify(m.concept, said, {
    at: { start: m.start - saidStart, end: m.end - saidStart },
    side,
    visitSide: (part) => visit.sides().get(part) ?? 'U',
    visitSite: visit.site,
    visit: visit.text,
    before: visit.text.slice(0, saidStart),
    encounter: visit.encounter,
  });
  if (!specified) return undefined;
  const { concept } = specified;
  if (specified.side) side = specified.side;
  // Codes by side the words gave ("tinnitus" H93.19 → H93.1-): the side the visit names for its part.
  else if (side === 'U' && concept !== m.concept) side = sideInVisit(concept, visit.sides());
  return { concept, side };
}

/** Indexes of the patient turns the clinician's next turn opens by confirming with a plain yes ("Oh yes. …"). */
function confirmedTurns(text: string, turns: Turns): Set<number> {
  const out = new Set<number>();
  turns.list.forEach((turn, i) => {
    const next = turns.list[i + 1];
    if (turn.speaker !== 'patient' || next?.speaker !== 'clinician') return;
    if (confirms(text.slice(next.span.start, next.span.end).replace(LABEL, ''))) out.add(i);
  });
  return out;
}

// A confirming first sentence is short: "Yes.", "Oh yes.", "Yes, that's right."
const CONFIRMING_WORDS = 4;
/** Does the turn open with a short sentence saying a plain yes ("Oh yes. You are not on Cardizem")? */
function confirms(turn: string): boolean {
  const first = turn.split(/[.!?]/)[0]!.trim().split(/[\s,]+/).filter(Boolean);
  return first.length <= CONFIRMING_WORDS && first.some((w) => opensWithPlainYes(w));
}

/** What the mention's own sentence leaves to the visit: who names it, and where it is said. */
interface StatusContext { mention: ConceptMention; lead: string; assertion: Assertion; softened: boolean; speaker: Speaker | undefined; others: readonly Span[]; confirmed: boolean }

/** The status the sentence reads, refined by who says it and how: relatives, plans, examples, guesses. */
function refinedStatus(read: Status, c: StatusContext): Status {
  const { mention: m, lead, assertion } = c;
  let status = read;
  if (c.softened && (status === 'uncertain' || status === 'hypothetical') && !assertion.negated && !assertion.family && !assertion.question) status = 'present';
  // "Who has it?" "My mother." "OK, so she has hyperthyroidism": a relative's condition (ICD-10-CM
  // codes what the patient has; a relative's only as family history, Z80–Z84).
  if (status !== 'negated' && c.others.some((o) => o.start <= m.start && m.end <= o.end)) status = 'family';
  // "My flatmate has pneumonia": ICD-10-CM codes the patient's conditions, and a relative's only as family history.
  if (status === 'present' && leadNamesNonRelative(lead)) status = 'other';
  // A status is a procedure done; one still planned is not yet a status (I.C.21.c.3).
  if (status === 'present' && m.concept.kind === 'status' && plannedProcedure(lead)) status = 'hypothetical';
  // "It could be anything from depression, to arthritis": examples of what a question asks about.
  if (status === 'present' && namedAsExample(lead)) status = 'hypothetical';
  // The patient side's own guess at a diagnosis ("I think it is a stroke") is uncertain (IV.H),
  // unless the clinician's reply confirms it ("I think it is atrial fibrillation." "Oh yes."): then it is established.
  if (status === 'present' && c.speaker === 'patient' && m.concept.kind === 'dx' && guessedByPatient(lead) && !c.confirmed) status = 'uncertain';
  // A condition the clinician likens the problem to ("it sounds like a chest infection") is an impression (IV.H);
  // a symptom so described ("sounds like a nasty cough") is the symptom itself.
  if (status === 'present' && m.concept.kind !== 'symptom' && !m.concept.layComplaint && likened(lead) && !(c.confirmed && c.speaker === 'patient')) status = 'uncertain';
  return status;
}

/**
 * Every concept the text names, in order: the hand lexicon's and the alphabetic index's, the
 * index entries among them apart (read only in the clinician's words).
 */
function candidates(text: string, tokens: Token[], turns: Turns): { all: ConceptMention[]; indexed: Set<ConceptMention> } {
  const found = findConcepts(tokens);
  const indexed = new Set(findIndexTerms(text, tokens, found));
  const named = found.filter((c) => ![...indexed].some((x) => x.start <= c.start && c.end <= x.end));
  // A symptom at a site is the index's own phrase read in anyone's words: it stands for the index entry it overlaps,
  // unless that entry begins before it, where the symptom word ends a compound of the index ("a pressure sore on the
  // outer part of your hip" is Sore, pressure — see Ulcer, pressure — not hip pain).
  const composed = findSiteSymptoms(text, tokens, turns.list, named)
    .filter((m) => ![...indexed].some((x) => x.start < m.start && m.start < x.end));
  for (const x of indexed) if (composed.some((m) => m.start < x.end && x.start < m.end)) indexed.delete(x);
  named.push(...composed);
  return { all: [...named, ...indexed].sort((a, b) => a.start - b.start), indexed };
}

/**
 * The mentions of a visit. `closingFrom`: where its assessment is said (assessment.ts); a
 * problem heading ("in terms of your…") frames a mention only from there on. `turns`: the visit
 * reader's turns, when the caller has read them already.
 */
export function findMentions(text: string, closingFrom?: number, turns: Turns = turnsOf(text)): Mention[] {
  const tokens = joinSpelledLetters(text, tokenize(text).filter((t) => !FILLERS.has(t.norm)));
  const visit = visitContext(text, tokens);
  const sentences = splitSentences(text);
  const out: Mention[] = [];
  const { speakerAt, turnAt } = turns;
  const assessmentFrom = closingFrom ?? assessmentStart(text, speakerAt);
  const presentingIn = presentingSpans(text, turns.list);
  const others = othersSaid(text, turns.list);
  const historyFrom = historyTakingFrom(text, turns);
  const askedBack = followedUpTurns(text, turns);
  const confirmedBack = confirmedTurns(text, turns);
  const { all, indexed } = candidates(text, tokens, turns);
  for (const m of all) {
    if (m.concept.kind === 'ignore') continue;
    const tagged = speakerAt(m.start);
    const sentence = sentenceAt(sentences, m.start) ?? { start: 0, end: text.length };
    const said = text.slice(sentence.start, sentence.end).replace(LABEL, '');
    const saidStart = sentence.end - said.length;
    if (otherSense(text.slice(m.start, m.end), said) || startsIdiom(text.slice(m.start, sentence.end))) continue;
    const assertion = assertionsFor(text, { start: m.start, end: m.end }, sentence);
    const lead = wordsBefore(text, Math.min(saidStart, m.start), m.start);
    const tail = text.slice(m.end, sentence.end);
    // A treated measure given its control state by the clinician ("blood pressure is at goal") is
    // their assessment of the condition, as an impression is.
    const framedAs = framingAt(lead, tail, m.start >= assessmentFrom, tagged === 'patient', m.concept.kind !== 'symptom', m.concept.kind === 'status');
    // The patient's "paracetamol for the tummy ache" says why they self-medicate: no problem heading.
    const heading = framedAs === 'heading' && tagged === 'patient' && !headsToListener(lead) && treatedFor(lead) ? undefined : framedAs;
    // A problem headed to the listener ("for your next problem, your hypertension") is the
    // clinician's whatever the tag: speech recognition gives such turns to the patient, who does
    // not head their own problems so.
    const speaker = tagged === 'patient' && heading === 'heading' && headsToListener(lead) ? 'clinician' : tagged;
    // An index entry is read only in the clinician's words: the patient's are history.
    if (indexed.has(m) && speaker === 'patient') continue;
    // A diagnosis the clinician gives as the patient's, softened ("you may have something called…"), is the impression.
    const softened = speaker !== 'patient' && m.concept.kind === 'dx' && softenedNaming(lead, FILLERS);
    const framing = softened ? 'impression' : heading ?? (m.concept.statesControl && speaker !== 'patient' ? 'impression' : undefined);
    if (m.concept.measureOnly && !headsTreatedMeasure(text, m.end, lead, framing, speaker, turns)) continue;
    const framed = framing !== undefined;
    const turnStart = turns.list[turnAt(m.start)]?.span.start ?? 0;
    const read = statusIn({ text, sentences, sentence, said, lead, tail, assertion, framing, start: m.start, turnAt, turnStart });
    const confirmed = speaker === 'patient' && confirmedBack.has(turnAt(m.start));
    const status = refinedStatus(read, { mention: m, lead, assertion, softened, speaker, others, confirmed });
    // A symptom the clinician states for assent ("You are just congested?" "Yes.") is the clinician's
    // summing up of the complaint, confirmed; a condition or habit so put ("you are a smoker?") is history reviewed.
    const assented = status === 'present' && speaker === 'clinician' && m.concept.kind === 'symptom' && assertion.question && statedForAssent(said);
    const answered = !assented && status === 'present' && framing !== 'heading' && !presupposed(lead) && (assertion.question || unmarkedQuestion(text, sentences, sentence, turnAt) !== undefined);
    const specified = sidedConcept(m, visit, said, saidStart, sentence);
    if (!specified) continue;
    const { concept, side } = specified;
    const weighed = status === 'family' ? familyWeighed(said) : undefined;
    const presenting = presentingIn.some((p) => p.start <= m.start && m.start < p.end);
    const attributed = status === 'present' && speaker !== 'patient' && concept.kind === 'symptom' && attributedToCause(lead, tail);
    const followedUp = speaker === 'patient' && askedBack.has(turnAt(m.start));
    const reviewed = answered && speaker === 'clinician' && concept.kind === 'symptom' && !namedAsTopic(lead);
    out.push({ concept, start: m.start, end: m.end, sentence, side, status, assertion, framed, framing, familyWeighed: weighed, speaker, answered, presenting, historyTaking: m.start >= historyFrom, asked: !assented && isQuestion(said), invited: speaker === 'clinician' && requestedToTell(lead), attributed, followedUp, reviewed, recounted: recountedAt(lead), evidenceListed: evidenceOpened(lead) });
  }
  visitPasses(text, out, turns, assessmentFrom);
  return out;
}

/**
 * The passes that read mentions against each other and the visit, in order: links and numbered
 * problems first (they frame), then family, coordination and answers, then what ends a condition.
 */
function visitPasses(text: string, out: Mention[], turns: Turns, assessmentFrom: number): void {
  const { turnAt } = turns;
  linkedConditions(text, out);
  numberedHeadings(text, out, assessmentFrom);
  familyAmongProblems(out, turnAt, assessmentFrom);
  carryFamily(text, out);
  coordinatedFraming(text, out);
  deniedInAnswer(out, turnAt);
  deniedByReference(text, out, turns);
  uncertainSubjects(out);
  firstComplaint(text, out, turns);
  answeredWithAnother(text, out, turns);
  removedConditions(text, out);
  eradicatedMalignancies(text, out);
  pastEvents(out);
  easedEpisodes(text, out);
  echoedComplaints(text, out, turnAt);
  recappedComplaints(text, out, turns);
  reviewedAlongside(out, turnAt);
}

let recapCheck: RegExp | undefined;
/**
 * The clinician's turn that reads the story back and asks the patient to confirm it ("…a bit of
 * sickness, no fever. Have I got that right?"; coding.json recap_checks): the symptoms restated in
 * it are the history heard, as an echo is (echoedComplaints), not the clinician's statement of them.
 */
function recappedComplaints(text: string, mentions: Mention[], turns: Turns): void {
  recapCheck ??= new RegExp(`\\b(?:${spokenAlternation(codingCues().recap_checks.phrases)})\\W*$`, 'i');
  const recaps = new Set<number>();
  turns.list.forEach((t, i) => {
    if (t.speaker === 'clinician' && recapCheck!.test(text.slice(t.span.start, t.span.end).trim())) recaps.add(i);
  });
  if (recaps.size === 0) return;
  for (const m of mentions) {
    if (m.speaker !== 'clinician' || m.concept.kind !== 'symptom' || m.status !== 'present' || !recaps.has(turns.turnAt(m.start))) continue;
    m.echoed = true;
    m.framed = false;
    m.framing = undefined;
  }
}

/**
 * The patient's complaint the clinician answers by asking straight away about an associated
 * symptom, which the patient affirms ("…an ache in my ankle." "Any tingling?" "Yes."; `reviewed`),
 * is the present illness being worked up: taken up as the symptom asked about is (issue #18
 * policy: the presenting complaints the clinician asks about are taken up).
 */
function reviewedAlongside(mentions: Mention[], turnAt: (offset: number) => number): void {
  const reviewing = new Set(mentions.filter((m) => m.reviewed && m.speaker === 'clinician').map((m) => turnAt(m.start)));
  // A turn answering the clinician's question about symptoms ("Any chest pain?" "No, just tired.")
  // is the review of systems going on, and the next question continues it: no complaint worked up.
  const asking = new Set(mentions.filter((m) => m.asked && m.speaker === 'clinician').map((m) => turnAt(m.start)));
  for (const m of mentions) {
    const turn = turnAt(m.start);
    if (m.speaker === 'patient' && m.status === 'present' && reviewing.has(turn + 1) && !asking.has(turn - 1)) m.followedUp = true;
  }
}

// A sentence of at most this many words (past the discourse words it opens with: 'okay, so') that repeats the patient's complaint acknowledges it.
const ECHO_WORDS = 5;
/**
 * The clinician repeating, in a short sentence of the next turn, the symptom the patient has
 * just named ("Patient: I feel a bit dizzy." "Doctor: You're feeling dizzy. OK.") acknowledges
 * what was heard: no problem heading and no statement of the clinician's, however late in the
 * visit (issue #18 policy: what the patient says but the clinician does not take up is not coded).
 * So does the echo of a condition the patient names ("…digoxin for afib." "So you have atrial
 * fibrillation."): the history heard, not the condition assessed (select.ts assessed; guidelines
 * IV.J; dev ACI-bench D2N005).
 */
function echoedComplaints(text: string, mentions: Mention[], turnAt: (offset: number) => number): void {
  const patients = mentions.filter((p) => p.speaker === 'patient');
  for (const m of mentions) {
    if (m.speaker !== 'clinician' || m.status !== 'present') continue;
    const words = withoutLeadingWords(text.slice(m.sentence.start, m.sentence.end).replace(LABEL, '')).split(/\s+/).filter((w) => /\w/.test(w));
    if (words.length > ECHO_WORDS) continue;
    // The patient's last turn before it (a clinician's aside between, "Are you…", leaves it the last heard).
    const turn = turnAt(m.start);
    const lastHeard = Math.max(-1, ...patients.filter((p) => p.start < m.start).map((p) => turnAt(p.start)));
    // A condition's echo answers the turn just before it ("…for afib." "So you have atrial fibrillation.").
    const heard = patients.some((p) => p.status === 'present' && p.concept.codes.U === m.concept.codes.U && turnAt(p.start) === lastHeard && lastHeard < turn && (m.concept.kind === 'symptom' || lastHeard === turn - 1));
    if (!heard) continue;
    m.echoed = true;
    m.framed = false;
    m.framing = undefined;
  }
}

/**
 * A condition the clinician links to another ("irritable bowel syndrome with diarrhea", "anemia of
 * chronic kidney disease") is the index's combination code for the link (links.ts; guidelines
 * I.A.15); the linked condition keeps its own mention. The condition named elsewhere in the visit
 * without the link is that one documented at its specificity (I.B.2-3), when one link is said for it.
 */
function linkedConditions(text: string, mentions: Mention[]): void {
  const codeAt = (offset: number): string | undefined => mentions.find((n) => n.start === offset)?.concept.codes.U;
  const linked = new Map<Concept, Set<Concept>>();
  for (const m of mentions) {
    const code = linkedCode(m.concept.codes.U, text.slice(m.end, m.sentence.end), m.end, codeAt);
    if (!code) continue;
    const into = linkedConcept(m.concept, code);
    linked.set(m.concept, (linked.get(m.concept) ?? new Set()).add(into));
    m.concept = into;
  }
  for (const m of mentions) {
    const into = linked.get(m.concept);
    if (into?.size === 1) m.concept = [...into][0]!;
  }
}

/**
 * A problem a spoken numbered list heads where the assessment is said (numbered.ts: "… two
 * hyperkalemia … three anemia of chronic kidney disease", punctuated or not) is framed as a problem
 * heading, as "number two, …" is (discourse.ts). Not in the patient's words.
 */
function numberedHeadings(text: string, mentions: Mention[], from: number): void {
  const headed = numberedStarts(text, from, mentions.map((m) => m.start));
  for (const m of mentions) {
    if (m.framed || !headed.has(m.start) || m.speaker === 'patient') continue;
    m.framed = true;
    m.framing = 'heading';
    if (m.status === 'unasserted') m.status = 'present';
  }
}

/**
 * A relative's condition the clinician lists among the problems assessed — where the assessment
 * is said, after a problem the clinician heads or gives as the impression in the same turn
 * ("assessment: exertional chest pain…; hyperlipidemia…; strong family history of premature
 * coronary disease") — is relied on for the patient's care (issue #18 policy: family history coded
 * when the assessment relies on it; guidelines I.C.21.c.4, family history codes where it puts the patient
 * at risk of the condition the visit works up).
 */
function familyAmongProblems(mentions: Mention[], turnAt: TurnAt, from: number): void {
  for (const m of mentions) {
    // "No family history of colon cancer" lists none.
    if (m.status !== 'family' || m.assertion.negated || m.familyWeighed || m.speaker === 'patient' || m.start < from) continue;
    const turn = turnAt(m.start);
    const listed = mentions.some((n) => n.start < m.start && n.start >= from && turnAt(n.start) === turn && n.framed && n.framing !== 'reason' && n.status === 'present' && n.speaker !== 'patient');
    if (listed) m.familyWeighed = true;
  }
}

// Acute events whose past occurrence has its own code (old MI, personal history of stroke,
// embolism, thrombosis).
const PAST_EVENT_CODE = /^(?:I25\.2|Z86\.)/;

/**
 * An acute event the visit places in the past ("a small heart attack… about five years ago")
 * is that past event when it is talked about again, unless the clinician frames it as a
 * current problem.
 */
function pastEvents(mentions: Mention[]): void {
  const past = new Set<Concept>();
  for (const m of mentions) if (m.status === 'historical' && PAST_EVENT_CODE.test(m.concept.history)) past.add(m.concept);
  for (const m of mentions) if (past.has(m.concept) && m.status === 'present' && !m.framed) m.status = 'historical';
}

let easing: { ongoing: RegExp; had: RegExp; length: RegExp; eased: RegExp } | undefined;

/**
 * A symptom the patient tells as a past episode with its length ("I had diarrhea for a few days")
 * and says has eased in that sentence or the next two ("but it's gotten much better"; coding.json
 * eased_episode) no longer coexists at the visit (IV.J): historical, not coded.
 */
function easedEpisodes(text: string, mentions: Mention[]): void {
  const c = codingCues().eased_episode;
  easing ??= {
    ongoing: new RegExp(`\\b(?:${spokenAlternation(c.ongoing.subjects)})\\s*(?:${spokenAlternation(c.ongoing.auxiliaries)})\\s+had\\b[^.?!]*$`, 'i'),
    had: new RegExp(`(?:^|[^'’\\w])(?:${spokenAlternation(c.had)})\\s+$`, 'i'),
    length: new RegExp(`^\\s*(?:${spokenAlternation(c.lengths)})\\b`, 'i'),
    eased: new RegExp(wordsPattern(c.eased, spokenAlternation), 'i'),
  };
  const { ongoing, had, length, eased } = easing;
  for (const m of mentions) {
    if (m.status !== 'present' || m.speaker === 'clinician' || m.concept.kind !== 'symptom') continue;
    const lead = text.slice(m.sentence.start, m.start).replace(/\s+/g, ' ');
    if (ongoing.test(lead) || !had.test(lead) || !length.test(text.slice(m.end, m.sentence.end))) continue;
    // The next sentence says it, or the answer to the clinician's question there ("Is it getting worse?" "It's getting better now.").
    const next = /^[^.?!]*[.?!]+[^.?!]*[.?!]?/.exec(text.slice(m.sentence.end, m.sentence.end + 300));
    if (eased.test(text.slice(m.end, m.sentence.end) + ' ' + (next?.[0] ?? ''))) m.status = 'historical';
  }
}

// Words that make what follows a circumstance of the answer, not what it affirms.
const ANSWER_CIRCUMSTANCE = /\b(?:when|whenever|if|after|before|while|because|with|since)\b/i;
const ANSWER_LEAD_WORDS = 5;

/** The patient's turn right after the turn holding `at`, if the next turn is the patient's: the answer to what is said there. */
function patientAnswer(turns: Turns, at: number): Turns['list'][number] | undefined {
  const answer = turns.list[turns.turnAt(at) + 1];
  return answer?.speaker === 'patient' ? answer : undefined;
}

/**
 * A clinician's question answered by naming another symptom, without a plain yes ("Any dizziness
 * or shortness of breath?" "A bit winded on the stairs."): the answer affirms what it names, not
 * what was asked, which is left unasserted.
 */
function answeredWithAnother(text: string, mentions: Mention[], turns: Turns): void {
  for (const m of mentions) {
    if (!m.answered || m.status !== 'present' || m.speaker !== 'clinician') continue;
    const answer = patientAnswer(turns, m.start);
    if (!answer) continue;
    const named = mentions.filter((o) => o.start >= answer.span.start && o.end <= answer.span.end && o.status === 'present');
    if (named.length === 0 || named.some((o) => o.concept.codes.U === m.concept.codes.U)) continue;
    // The answer names it first, as what it affirms ("a bit winded"), not as when ("a bit on the right when I cough").
    const before = text.slice(answer.span.start, named[0]!.start);
    if (ANSWER_CIRCUMSTANCE.test(before) || before.split(/\s+/).filter(Boolean).length > ANSWER_LEAD_WORDS) continue;
    if (!opensWithPlainYes(text.slice(answer.span.start, answer.span.end))) m.status = 'unasserted';
  }
}

/**
 * A question about several things answered "yes" to some of them: "do you have diabetes or blood
 * pressure problems?" "Yes, I have hypertension but no diabetes." What the answer's turn names
 * again, only denied, the yes does not cover (dev MTS-Dialog train-113, ACI-bench D2N007 "a little
 * bit of numbing, but nothing tingling"). Named there as present too ("yes, I have been having
 * diarrhea … I didn't have any today"), it stands.
 */
function deniedInAnswer(mentions: Mention[], turnAt: TurnAt): void {
  for (const m of mentions) {
    if (m.status !== 'present' || !m.answered) continue;
    const next = turnAt(m.start) + 1;
    const again = mentions.filter((n) => n !== m && n.concept === m.concept && turnAt(n.start) === next);
    if (again.length > 0 && again.every((n) => n.status === 'negated')) m.status = 'negated';
  }
}

let denyingReference: RegExp | undefined;

/**
 * Symptoms the clinician's turn names, denied by the patient's next turn pointing back at them
 * ("That, or vomiting or headaches." "No, I don't have anything like that."; coding.json
 * denied_by_reference): the answer's first sentence decides, as an answer's opening does.
 */
function deniedByReference(text: string, mentions: Mention[], turns: Turns): void {
  denyingReference ??= new RegExp(wordsPattern(codingCues().denied_by_reference.phrases, spokenAlternation), 'i');
  for (const m of mentions) {
    if (m.status !== 'present' || m.speaker !== 'clinician' || m.concept.kind !== 'symptom') continue;
    const answer = patientAnswer(turns, m.start);
    if (!answer) continue;
    const opening = spanText(text, answer.span).split(/(?<=[.?!])\s/)[0] ?? '';
    if (denyingReference.test(opening.replace(/\s+/g, ' '))) m.status = 'negated';
  }
}

/**
 * The presenting complaint is the first thing the answer names as present ("a bit of chest
 * discomfort"); what the patient adds in later turns ("nausea, sweaty, short of breath") is
 * history, coded only if the clinician takes it up.
 */
function firstComplaint(text: string, mentions: Mention[], turns: Turns): void {
  const { turnAt } = turns;
  const first = mentions.find((m) => m.presenting && m.status === 'present');
  const turn = first ? turnAt(first.start) : -2;
  // The reason read out from the booking ("you've mentioned breathing difficulties in the notes")
  // is what the patient booked with; their own first account of it is the presenting complaint too.
  const read = first?.speaker === 'clinician' && readsBookedReasonIn(spanText(text, turns.list[turn]?.span));
  const own = read ? mentions.find((m) => m.presenting && m.status === 'present' && m.speaker === 'patient') : undefined;
  const answer = own ? turnAt(own.start) : -2;
  for (const m of mentions) if (m.presenting && turnAt(m.start) !== turn && turnAt(m.start) !== answer) m.presenting = false;
}
const spanText = (text: string, span: Span | undefined): string => (span ? text.slice(span.start, span.end) : '');

// Words joining two conditions as one phrase: "…ventricular dysfunction and moderate mitral regurgitation".
const COORDINATED = /^\s*,?\s*(?:and|or|as well as|along with|plus)\s+(?:[a-z'-]+\s+){0,2}$/i;

/**
 * Conditions coordinated with a framed one share its frame: "for your second diagnosis, the
 * reduced ventricular dysfunction and moderate mitral regurgitation" heads both (a coordinated
 * noun phrase fills one slot of the sentence).
 */
function coordinatedFraming(text: string, mentions: Mention[]): void {
  for (let i = 1; i < mentions.length; i++) {
    const m = mentions[i]!;
    const prior = mentions[i - 1]!;
    if (m.framed || !prior.framed || prior.sentence.start !== m.sentence.start || prior.end > m.start) continue;
    if (!COORDINATED.test(text.slice(prior.end, m.start))) continue;
    m.framed = true;
    m.framing = prior.framing;
  }
}

/**
 * The sign a clinician names as the subject of an uncertain diagnosis in the same sentence ("so
 * this rash on your elbow could be psoriasis, could be eczema") is the problem the visit codes
 * (guidelines IV.H: an uncertain diagnosis is coded by the sign or symptom that led to it), as a
 * symptom given as the impression is; it does not make the text an assessed one (select.ts passingGated).
 */
function uncertainSubjects(mentions: Mention[]): void {
  for (let i = 0; i < mentions.length; i++) {
    const m = mentions[i]!;
    if (m.framed || m.concept.kind !== 'symptom' || m.status !== 'present' || m.speaker !== 'clinician') continue;
    const doubted = mentions.slice(i + 1).find((d) => d.sentence.start === m.sentence.start && d.concept.kind === 'dx' && d.status === 'uncertain' && d.speaker === 'clinician');
    if (doubted) m.doubtedSubject = true;
  }
}

/** "both my parents have high blood pressure and one of them had kidney disease". */
function carryFamily(text: string, mentions: Mention[]): void {
  for (let i = 1; i < mentions.length; i++) {
    const m = mentions[i]!;
    if (m.status !== 'present') continue;
    for (let j = i - 1; j >= 0 && mentions[j]!.sentence === m.sentence; j--) {
      const prior = mentions[j]!;
      if (prior.status === 'family' && sharesFamilyExperiencer(text.slice(prior.end, m.start))) {
        m.status = 'family';
        break;
      }
    }
  }
}

// Malignant neoplasms (C00-C96) with a personal-history code (Z85).
const MALIGNANT = /^C(?:[0-8]\d|9[0-6])/;
/**
 * A malignancy the visit finds no recurrence of ("no evidence of recurrent disease") was excised
 * or eradicated: personal history (Z85), not a current condition (guidelines I.C.2.d).
 */
function eradicatedMalignancies(text: string, mentions: Mention[]): void {
  if (!mentions.some((m) => MALIGNANT.test(m.concept.codes.U) && /^Z85/.test(m.concept.history)) || !saysNoRecurrence(text)) return;
  for (const m of mentions) {
    if (!MALIGNANT.test(m.concept.codes.U) || !/^Z85/.test(m.concept.history) || (m.status !== 'present' && m.status !== 'historical')) continue;
    m.status = 'historical';
    m.eradicated = true;
  }
}

/**
 * A condition the visit says was removed (a skin cancer excised, a cataract taken out) is a
 * history or status code, not a current condition, wherever else it is named.
 */
function removedConditions(text: string, mentions: Mention[]): void {
  const removed = new Set<Concept>();
  for (const m of mentions) {
    if ((m.status === 'present' || m.status === 'historical') && /^Z/.test(m.concept.history) && removedNear(text, m)) removed.add(m.concept);
  }
  for (const m of mentions) if (removed.has(m.concept) && m.status === 'present') m.status = 'historical';
}
