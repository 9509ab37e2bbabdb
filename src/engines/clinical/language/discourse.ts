// Discourse knowledge, built once from data/language/en/discourse.json: questions, hedges, offers, safety-netting, follow-up, problem framing.
import { alternation, languageData, runAlternation, spokenAlternation, wordsPattern } from './data.ts';

interface DiscourseData {
  leadingWords: string[];
  leadingBeforeComma: string[];
  questions: {
    whWords: string[];
    whFollowers: string[];
    whAbout: string[];
    auxiliariesToYou: string[];
    auxiliariesToOthers: string[];
    otherSubjects: string[];
    anyTopics: string[];
    requests: string[];
    yesNoOpeners: string[];
    statementTags: string[];
    checkInTags: string[];
  };
  hedges: string[];
  offers: string[];
  safetyNetting: { openers: string[]; conditions: string[]; actions: string[] };
  followUp: string[];
  intervalUnits: string[];
  intervalCounts: string[];
  problemFrame: { ordinals: string[]; nouns: string[] };
}

const d = languageData<DiscourseData>('discourse');
const q = d.questions;

/** Discourse openers said before the point ("okay, so, um, …"); each is one literal word or phrase. */
export const LEADING_WORDS = runAlternation(d.leadingWords);
/** Any run of those openers, each followed by a space or comma, as a RegExp source: put it before what a sentence opens with. */
export const LEADING_RUN = `(?:(?:${LEADING_WORDS})[\\s,]+)*`;
const WH = `(?:${alternation(q.whWords)})`;
const WH_FOLLOWED = `${WH}(?:${alternation(q.whFollowers.filter((w) => w.startsWith("'")))}|\\s+(?:${alternation(q.whFollowers.filter((w) => !w.startsWith("'")))}))`;
const TO_YOU = `(?:${alternation(q.auxiliariesToYou)})\\s+you`;
const TO_OTHERS = `(?:${alternation(q.auxiliariesToOthers)})\\s+(?:${alternation(q.otherSubjects)})`;
const ANY = `any\\s+(?:other\\s+)?(?:${alternation(q.anyTopics)})`;

// Linear: every alternative is a literal, and each repetition of LEADING_RUN must consume a word and its separator.
const ASKING = new RegExp(`^${LEADING_RUN}(?:${WH_FOLLOWED}|${alternation(q.whAbout)}|${TO_YOU}|${TO_OTHERS}|${ANY}|${alternation(q.requests)})\\b`, 'i');
const LOOSE = new RegExp(`^${LEADING_RUN}(?:${alternation([...q.whWords, ...q.auxiliariesToYou, ...q.auxiliariesToOthers, 'any'])})\\b`, 'i');
const YES_NO = new RegExp(`^${LEADING_RUN}(?:${alternation(q.yesNoOpeners)})\\b`, 'i');
const TAGGED = new RegExp(`,\\s*(?:${alternation(q.statementTags)})\\s*\\?$`, 'i');

/** An unpunctuated ASR sentence that opens like a question is one: "how long have you had this pain". */
export function opensAsQuestion(text: string): boolean {
  return ASKING.test(text.trim());
}

/** Opens with a question word or an auxiliary at all ("is…", "do…"): weaker, for ranking, not for deciding. */
export function opensLikeQuestion(text: string): boolean {
  return LOOSE.test(text.trim());
}

/** Opens a yes/no question whose answer can be read as a statement ("any fever?" "no"). */
export function asksYesNo(text: string): boolean {
  return YES_NO.test(text.trim());
}

/** Closes with a tag asking assent or confirmation ("…, okay?", "…, correct?"): a statement, not a question about what it names. */
export function endsWithTag(said: string): boolean {
  return TAGGED.test(said.trim().replace(/\s+\?$/, '?'));
}

/** A sentence as said is a question: it opens like one (ASR often drops the "?"), or ends in "?" without being a tag ("…, okay?"). */
export function isQuestion(said: string): boolean {
  const t = said.trim().toLowerCase();
  if (!t.endsWith('!') && ASKING.test(t)) return true;
  return t.endsWith('?') && !endsWithTag(t);
}

const OPENING_WORDS = new RegExp(`^\\W*(?:(?:${runAlternation([...d.leadingWords, ...d.leadingBeforeComma])})\\b\\W*)*`, 'i');
/** A sentence without the discourse words it opens with ("okay, so, um, do you…" → "do you…"). */
export function withoutLeadingWords(text: string): string {
  return text.replace(OPENING_WORDS, '');
}

const WH_OPENER = new RegExp(`^(?:(?:${alternation(q.whWords)})(?:'s|'ve)?|${alternation(q.requests)})\\b`, 'i');
const WH_ABOUT = new RegExp(`^(?:${alternation(q.whAbout)})\\b`, 'i');
/** Opens as a wh-question ("how's your asthma", "tell me about"), which presupposes what it asks about; "how about…" does not. */
export function opensWithWhWord(text: string): boolean {
  return WH_OPENER.test(text) && !WH_ABOUT.test(text);
}

const CHECK_IN = new RegExp(`,\\s*(?:${alternation(q.checkInTags)})\\s*\\?\\s*$`, 'i');
/** Closes with a check-in tag ("…, okay?"), which asks nothing by itself, unlike a confirming one ("…, correct?"). */
export function endsWithCheckIn(said: string): boolean {
  return CHECK_IN.test(said);
}

const HEDGE = new RegExp(wordsPattern(d.hedges), 'i');
/** "I think", "probably", "looks like": the speaker is not certain. */
export function hedged(text: string): boolean {
  return HEDGE.test(text);
}
/** The hedge words as an alternation, for rules that must find where the hedge is. */
export const HEDGES = alternation(d.hedges);

const OFFER = new RegExp(wordsPattern(d.offers), 'i');
/** "Would you like…", "I can give you…": an offer the patient may decline, not a plan yet. */
export function isOffer(text: string): boolean {
  return OFFER.test(text);
}

const NET_OPENER = new RegExp(wordsPattern(d.safetyNetting.openers), 'i');
const NET_CONDITION = new RegExp(wordsPattern(d.safetyNetting.conditions), 'i');
const NET_ACTION = new RegExp(wordsPattern(d.safetyNetting.actions), 'i');
/** "If it gets worse, call us or go to the ER": when to seek care sooner. */
export function isSafetyNet(text: string): boolean {
  return NET_OPENER.test(text) && NET_CONDITION.test(text) && NET_ACTION.test(text);
}

/** The follow-up cue words ("come back", "follow up"), as an alternation. */
export const FOLLOW_UP_CUES = alternation(d.followUp);
const FOLLOW_UP = new RegExp(`\\b(?:${FOLLOW_UP_CUES})\\b`, 'i');
/** "In two weeks", "after a few days". */
export const INTERVAL = new RegExp(`\\b(?:in|after|within)\\s+(?:about\\s+|a\\s+couple\\s+of\\s+|a\\s+few\\s+)?(?:\\d+|${alternation(d.intervalCounts)})\\s+(?:${alternation(d.intervalUnits)})\\b`, 'i');
/** Sets the follow-up: a return cue with when ("in two weeks") or on what condition ("if", "as needed"). */
export function setsFollowUp(text: string): boolean {
  return FOLLOW_UP.test(text) && (INTERVAL.test(text) || /\b(?:if|when|as needed)\b/i.test(text));
}

/** "For your next problem, your diabetes": where the assessment turns to another problem. */
export const PROBLEM_FRAME = new RegExp(`\\b(?:${alternation(d.problemFrame.ordinals)})\\s+(?:${alternation(d.problemFrame.nouns)})\\b`, 'i');

interface AnswerData { answers: { yes: string[]; no: string[]; unsure: string[]; affirming: string[] }; sequenceWords: string[]; }
const a = languageData<AnswerData>('discourse');
// An answer may open with hesitation ("um, no"); the answer word must end there ("no," not "nobody").
const HESITATION = '^\\W*(?:(?:um|uh|oh|well)\\W+)*';
const YES = new RegExp(`${HESITATION}(?:${alternation(a.answers.yes)})\\b`, 'i');
const NO = new RegExp(`${HESITATION}(?:${alternation(a.answers.no)})\\b`, 'i');
const UNSURE = new RegExp(`${HESITATION}(?:${alternation(a.answers.unsure)})\\b`, 'i');

/** The patient's answer says yes ("yeah, a little"). */
export function answersYes(text: string): boolean {
  return YES.test(text) && !NO.test(text);
}

// "Yes. I do.", "yeah, i have": the answer's own first-person clause, not negated after it ("i do not").
const AFFIRMING = new RegExp(`${HESITATION}(?:(?:${alternation(a.answers.yes)})\\W+)?(?:${alternation(a.answers.affirming)})\\b(?!\\s*(?:n't|not)\\b)`, 'i');

/** The answer asserts the state in the first person ("Yes. I do."), so even a question put in the negative is answered present. */
export function answersAffirming(text: string): boolean {
  return AFFIRMING.test(text) && !NO.test(text);
}

/** The patient's answer says no ("no", "not really", "i haven't"). */
export function answersNo(text: string): boolean {
  return NO.test(text) && !UNSURE.test(text);
}

/** Words that order plan steps ("first", "for now"), said before a clause like the leading words. */
export const SEQUENCE_WORDS = runAlternation(a.sequenceWords);
/** Leading and sequence words together, for one run of either ("okay, so, first, …"): a word in both lists is one alternative. */
export const RUN_OPENER_WORDS = runAlternation([...d.leadingWords, ...a.sequenceWords]);

interface LengthData { lengthWishes: { shorter: string[]; longer: string[] }; }
const lengths = languageData<LengthData>('discourse').lengthWishes;
/** Words that ask for a shorter or a longer note or section ("be brief", "more detail"). */
export const SHORTER_WORDS = alternation(lengths.shorter);
export const LONGER_WORDS = alternation(lengths.longer);
const SHORTER = new RegExp(`\\b(?:${SHORTER_WORDS})\\b`, 'i');
const LONGER = new RegExp(`\\b(?:${LONGER_WORDS})\\b`, 'i');

/** The words ask for less ("keep it brief", "more concise"). */
export function asksShorter(text: string): boolean {
  return SHORTER.test(text);
}

/** The words ask for more ("detailed", "in more detail"). */
export function asksLonger(text: string): boolean {
  return LONGER.test(text);
}

const whAbout = languageData<{ questions: { whAbout: string[] } }>('discourse').questions.whAbout;
const QUESTION_LEAD = new RegExp(`^(?:(?:${LEADING_WORDS}|${alternation(whAbout)})[\\s,]+)+`, 'i');

/** A question without its leading words ("and how about any fever" → "any fever"). */
export function withoutQuestionLead(text: string): string {
  return text.replace(QUESTION_LEAD, '');
}

interface AgreementData { planAgreement: { asksAgreement: string[]; asksQuestions: string[]; assents: string[]; noQuestions: string[] } }
const agreement = languageData<AgreementData>('discourse').planAgreement;
const ASKS_AGREEMENT = new RegExp(wordsPattern(agreement.asksAgreement), 'i');
const ASKS_QUESTIONS = new RegExp(wordsPattern(agreement.asksQuestions), 'i');
const ASSENT = new RegExp(`${HESITATION}(?:${alternation(agreement.assents)})\\b`, 'i');
const NO_QUESTIONS = new RegExp(`${HESITATION}(?:(?:no|nope)\\W+)?(?:${alternation(agreement.noQuestions)})\\b`, 'i');

export type PlanCheck = 'agreement' | 'questions';

/** The clinician checks the plan with the patient: "does that sound good?" (agreement) or "any questions?". */
export function checksPlan(text: string): PlanCheck | undefined {
  // "If you have any questions, call us" invites later questions; it checks nothing now.
  if (/\bif (?:you )?(?:have|got|think of) any\b/i.test(text)) return undefined;
  return ASKS_AGREEMENT.test(text) ? 'agreement' : ASKS_QUESTIONS.test(text) ? 'questions' : undefined;
}

/** The patient's answer accepts the plan: assent to "does that sound good?", none to "any questions?"; a question back does not. */
export function acceptsPlan(answer: string, check: PlanCheck): boolean {
  if (isQuestion(answer)) return false;
  if (check === 'questions') return NO_QUESTIONS.test(answer) || answersNo(answer) || (ASSENT.test(answer) && !answersYes(answer));
  return ASSENT.test(answer) && !answersNo(answer) && !UNSURE.test(answer);
}

/** discourse.json reasonQuestions: the three ways a clinician opens on the visit's reason. */
interface ReasonQuestions { phrases: string[]; bookedReason: string[]; howPatientIs: string[] }
const reasonQuestions = languageData<{ reasonQuestions: ReasonQuestions }>('discourse').reasonQuestions;
// Either apostrophe: transcripts write both ("what's", "what’s").
const ASKS_REASON = new RegExp(wordsPattern(reasonQuestions.phrases, spokenAlternation), 'i');
const READS_BOOKED_REASON = new RegExp(wordsPattern(reasonQuestions.bookedReason, spokenAlternation), 'i');
const ASKS_HOW_PATIENT_IS = new RegExp(wordsPattern(reasonQuestions.howPatientIs, spokenAlternation), 'i');

/** The clinician asks why the patient came ("what brings you in", "how can I help you today?"). */
export function asksForReason(text: string): boolean {
  return ASKS_REASON.test(text);
}

/** The clinician reads out the reason the patient gave at booking ("it says here you're feeling…"). */
export function readsBookedReason(text: string): boolean {
  return READS_BOOKED_REASON.test(text);
}

/** The clinician opens by asking how the patient is ("how are you feeling today?"), which a present illness answers. */
export function asksHowPatientIs(text: string): boolean {
  return ASKS_HOW_PATIENT_IS.test(text);
}
