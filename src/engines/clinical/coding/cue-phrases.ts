// The coder's cue phrases (data/language/en/coding.json) compiled to linear-time patterns:
// phrases a test is ordered with ("looks for …"), phrases doubting or confirming a condition
// just named, and questions that take a condition as given. Only escaped word lists
// (alternation()) and checked counts (wordReach()) go into a pattern; never request text.
import { alternation, wordReach, wordsPattern } from '../language/data.ts';
import { LEADING_RUN } from '../language/discourse.ts';
import { codingCues, type CodingCues } from '../language/coding.ts';

interface Cues { noRecurrence: RegExp; testedFor: RegExp; doubtedAfter: RegExp; doubtedFinding: RegExp; doubtedBefore: RegExp; causesListed: RegExp; confirmedBy: RegExp; confirmHedge: RegExp; vaccineBefore: RegExp; vaccineAfter: RegExp; screenAfter: RegExp; ruledOut: RegExp; reportedInGeneral: RegExp; attributedAfter: RegExp; attributedBefore: RegExp; plainYes: RegExp; serviceAfter: RegExp; referredTo: RegExp; idiom: RegExp; planned: RegExp; risks: RegExp; generic: RegExp; hedgedGeneric: RegExp; pluralOwned: RegExp; pluralGeneric: RegExp; possessed: RegExp; presupposing: RegExp; patientGuess: RegExp; likeness: RegExp; passVerb: RegExp; passTo: RegExp; evidence: RegExp; actBefore: RegExp; actCoordinated: RegExp; actAfter: RegExp; actPain: RegExp }
/** The cues certaintyCues builds; circumstanceCues builds the rest. */
type CertaintyCue = 'testedFor' | 'causesListed' | 'generic' | 'hedgedGeneric' | 'pluralOwned' | 'pluralGeneric' | 'confirmedBy' | 'confirmHedge' | 'ruledOut' | 'reportedInGeneral' | 'risks' | 'doubtedBefore' | 'doubtedAfter' | 'doubtedFinding' | 'noRecurrence' | 'patientGuess' | 'likeness';
let compiled: Cues | undefined;

/** Subject, `hedges` hedge words (at least) then modals, a verb of having, up to three words, end. */
function genericPattern(data: CodingCues, subjects: string[], hedges: number): RegExp {
  const g = data.generic_subjects;
  const hedge = hedges > 0 ? `(?:\\s+(?:${alternation(g.hedges)})){${hedges},2}` : '';
  return new RegExp(
    `(?:^|\\s)(?:${alternation(subjects)})${hedge}(?:\\s+(?:${alternation(g.modals)})){0,3}\\s+(?:${alternation(g.verbs)})(?:\\s+\\S+){0,3}$`,
    'i',
  );
}

/** A cue phrase, then at most `words` more words, then the end of the lead (where the mention starts). */
export function leadingPhrase(phrases: string[], words: number): RegExp {
  return new RegExp(`(?:^|\\s)(?:${alternation(phrases)})(?:\\s+\\S+){0,${wordReach(words)}}$`, 'i');
}

/** A cue phrase standing as whole words anywhere in the text. */
function standingPhrase(phrases: string[]): RegExp {
  return new RegExp(`(?:^|\\s)(?:${alternation(phrases)})(?:\\s|$)`, 'i');
}

/** Cues that weigh whether a mention is the patient's condition: tested for, doubted, confirmed, generic, ruled out. */
function certaintyCues(data: CodingCues): Pick<Cues, CertaintyCue> {
  return {
    // The phrase, then up to six words, then the mention (the lead ends at the mention).
    testedFor: leadingPhrase(data.tested_for.phrases, 6),
    causesListed: new RegExp(`(?:^|\\s)(?:${alternation(data.causes_listed.phrases)})\\b`, 'i'),
    generic: genericPattern(data, data.generic_subjects.subjects, 0),
    hedgedGeneric: genericPattern(data, data.generic_subjects.hedged_subjects, 1),
    // The word before a bare plural that makes it someone's ("your headaches"), and what follows a generic one ("… can become nasty").
    pluralOwned: leadingPhrase(data.generic_plurals.determiners, 0),
    pluralGeneric: new RegExp(`^\\s+(?:${alternation(data.generic_plurals.after)})\\b`, 'i'),
    // The phrase, then up to three words ("a right"), then the mention.
    confirmedBy: leadingPhrase(data.confirmed_by.phrases, 3),
    confirmHedge: standingPhrase(data.confirmed_by.hedges),
    // A negating phrase, then up to `reach` words that do not open a new clause, then the mention.
    ruledOut: new RegExp(`(?:^|\\s)(?:${alternation(data.ruled_out_before.phrases)})(?:\\s+(?!(?:${alternation(data.ruled_out_before.stops)})\\b)\\S+){0,${wordReach(data.ruled_out_before.reach)}}$`, 'i'),
    // Up to `reach` words after the mention, then an agentless report ("have been reported in the literature").
    reportedInGeneral: new RegExp(`^[^\\w']*(?:[\\w']+[^\\w']+){0,${wordReach(data.reported_in_general.reach)}}?(?:${alternation(data.reported_in_general.phrases)})\\b`, 'i'),
    // A risk phrase anywhere before the mention in its sentence ("risks include infection, … stroke").
    risks: standingPhrase(data.risks_listed.phrases),
    doubtedBefore: leadingPhrase(data.doubted_before.phrases, 3),
    // Up to three words after the mention ("issues"), then the phrase.
    // Word and non-word runs alternate ("'" counts as a word character), so the match is linear.
    doubtedAfter: new RegExp(`^[^\\w']*(?:[\\w']+[^\\w']+){0,3}?(?:${alternation(data.doubted_after.phrases)})\\b`, 'i'),
    // Up to `reach` words after the mention in its sentence ("at L3-L4, but it"), then the phrase ("may have been artifact").
    doubtedFinding: new RegExp(`^[^\\w'.!?]*(?:[\\w'-]+[^\\w'.!?]+){0,${wordReach(data.doubted_finding.reach)}}?(?:${alternation(data.doubted_finding.phrases)})\\b`, 'i'),
    noRecurrence: new RegExp(wordsPattern(data.no_recurrence.phrases), 'i'),
    // A guess, then up to `reach` words ("it is a", "i have something like"), then the mention.
    patientGuess: leadingPhrase(data.patient_guess.phrases, data.patient_guess.reach),
    likeness: leadingPhrase(data.likeness.phrases, data.likeness.reach),
  };
}

/** Cues of the circumstances a mention is said in: vaccines, screening, services, plans, causes, acts, questions. */
function circumstanceCues(data: CodingCues): Omit<Cues, CertaintyCue> {
  return {
    // A vaccine word, then up to three words ("the vaccinations, hepatitis"), then the mention.
    vaccineBefore: leadingPhrase(data.vaccinated_against.before, 3),
    // …or after it, past at most after_reach more diseases of the same vaccine ("measles, mumps and rubella vaccine").
    vaccineAfter: new RegExp(`^[^\\w']*(?:[\\w'-]+[\\s,]+(?:(?:${alternation(data.vaccinated_against.list_joiners)})\\s+)?){0,${wordReach(data.vaccinated_against.after_reach)}}?(?:${alternation(data.vaccinated_against.after)})\\b`, 'i'),
    // A screening word right after the mention ("colon cancer screening").
    screenAfter: new RegExp(`^[\\s-]*(?:${alternation(data.screened_for.after)})\\b`, 'i'),
    // Up to `reach` words ("and cough"), a verb of being, a cause phrase and a determiner: "…are from the sarcoid".
    attributedAfter: new RegExp(`^[^\\w']*(?:[\\w']+[^\\w']+){0,${wordReach(data.attributed.reach)}}?(?:${alternation(data.attributed.be)})\\s+(?:${alternation(data.attributed.after)})\\s+(?:${alternation(data.attributed.determiners)})\\b`, 'i'),
    attributedBefore: leadingPhrase(data.attributed.before, 2),
    plainYes: new RegExp(`^[^\\w']*(?:${alternation(data.answered_with_another.plain_yes)})\\b`, 'i'),
    // A facility noun right after the mention ("stroke clinic"), or a referral right before it.
    serviceAfter: new RegExp(`^[\\s-]*(?:${alternation(data.service_names.after)})\\b`, 'i'),
    referredTo: leadingPhrase(data.service_names.referred_to, data.service_names.reach),
    idiom: new RegExp(`^(?:${alternation(data.idioms.phrases)})\\b`, 'i'),
    // A plan word, then up to four words ("having a right knee"), then the mention.
    planned: leadingPhrase(data.planned_procedure.before, 4),
    // A possessive, then at most two words ("your lower back pain"), then the mention.
    possessed: leadingPhrase(data.presupposed.possessives, 2),
    // A question opening with how often / how long…: the lead starts with it.
    presupposing: new RegExp(`^${LEADING_RUN}(?:${alternation(data.presupposed.openers)})\\b`, 'i'),
    // A verb of passing a disease on, then at most one word ("pass the"), then the mention…
    passVerb: leadingPhrase(data.passed_on.verbs, 1),
    // …and after it, the others it would be passed to ("to someone who hasn't had it").
    passTo: new RegExp(`^\\s+(?:on\\s+)?(?:${alternation(data.passed_on.to)})\\b`, 'i'),
    // An opener of the evidence for a diagnosis anywhere before the mention in its sentence ("with the fever and").
    evidence: standingPhrase(data.impression_evidence.openers),
    // The act right after "when you" ("…when you cough"), or after a coordinated first act ("when you move or cough").
    actBefore: new RegExp(`(?:^|\\s)(?:${alternation(data.aggravating_act.before)})$`, 'i'),
    actCoordinated: new RegExp(`(?:^|\\s)(?:${alternation(data.aggravating_act.coordinated_before)})\\s+[a-z']+\\s+(?:or|and)$`, 'i'),
    actAfter: new RegExp(`^\\s+(?:${alternation(data.aggravating_act.after)})\\b`, 'i'),
    actPain: standingPhrase(data.aggravating_act.pain_words),
  };
}

function cues(): Cues {
  if (compiled) return compiled;
  const data = codingCues();
  compiled = { ...certaintyCues(data), ...circumstanceCues(data) };
  return compiled;
}

/**
 * Is the mention what a test is ordered to look for, a possibility weighed, or one of a list of
 * possible causes? `lead`: the words of its sentence before it, single-spaced.
 */
export function testedFor(lead: string): boolean {
  const { testedFor: tested, causesListed } = cues();
  return tested.test(lead) || causesListed.test(lead);
}

/** Is the condition had by people in general or by "they" ("then they would have a")? */
export function genericExperiencer(lead: string): boolean {
  const { generic, hedgedGeneric } = cues();
  return generic.test(lead) || hedgedGeneric.test(lead);
}

// A plural noun's ending: not a singular in -ss, -is or -us ("abscess", "sinusitis", "herpes zoster" aside).
const PLURAL_END = /[a-rt-z]s$/i;
const SINGULAR_END = /(?:ss|is|us|betes)$/i;

/**
 * Is the condition said of its kind: a bare plural ("chest infections can become nasty") with no
 * word before it making it someone's? `named`: the mention's words; `lead`: the words of its
 * sentence before it, single-spaced; `tail`: the text after it (coding.json generic_plurals).
 */
export function genericPlural(named: string, lead: string, tail: string): boolean {
  const { pluralOwned, pluralGeneric } = cues();
  return PLURAL_END.test(named) && !SINGULAR_END.test(named) && !pluralOwned.test(lead.trimEnd()) && pluralGeneric.test(tail);
}

/**
 * Is the condition what the patient could pass on to others ("you could pass chickenpox to someone
 * who hasn't had it")? Theirs to catch, not a condition of this patient (coding.json passed_on).
 */
export function passedOn(lead: string, tail: string): boolean {
  const { passVerb, passTo } = cues();
  return passVerb.test(lead.trimEnd()) && passTo.test(tail);
}

/** Is the mention listed after an opener of the evidence for a diagnosis ("with the fever and …")? `lead`: its sentence's words before it (coding.json impression_evidence). */
export function evidenceOpened(lead: string): boolean {
  return cues().evidence.test(lead);
}

/**
 * Is the symptom word the act that brings a pain on ("does it hurt when you cough?", "does coughing
 * make it worse?")? `lead`: its sentence's words before it, single-spaced; `tail`: the text after it;
 * `sentence`: the sentence's words (coding.json aggravating_act).
 */
export function aggravatingAct(lead: string, tail: string, sentence: string): boolean {
  const { actBefore, actCoordinated, actAfter, actPain } = cues();
  const trimmed = lead.trimEnd();
  if (actAfter.test(tail)) return true;
  return (actBefore.test(trimmed) || actCoordinated.test(trimmed)) && actPain.test(sentence);
}

/**
 * Does the clinician set the condition aside, right after naming it ("which I don't think you
 * have") or just before ("rather than a lung cancer")? `tail`: the text after it; `lead`: the
 * words before it, single-spaced.
 */
export function doubted(lead: string, tail: string): boolean {
  const { doubtedAfter, doubtedBefore } = cues();
  return doubtedAfter.test(tail.replace(/’/g, "'")) || doubtedBefore.test(lead);
}

/** Does the clinician say the finding may not be real, after naming it ("…, but it may have been artifact")? `tail`: the text after it. */
export function doubtedFinding(tail: string): boolean {
  return cues().doubtedFinding.test(tail.replace(/’/g, "'"));
}

/**
 * Does a question take the condition as given ("my stomach pain", "How often are you
 * vomiting?")? `lead`: the words of the question before the mention, single-spaced.
 */
export function presupposed(lead: string): boolean {
  const { possessed, presupposing } = cues();
  return possessed.test(lead) || presupposing.test(lead);
}

// A confirming phrase is read in its own clause: these words end the clause before it.
const CLAUSE_BREAK = /\s(?:and|but|so|because|which)\s/;

let topicEnd: RegExp | undefined;
/**
 * The lead ends in a determiner ("did anyone treat you for the back pain?", "about your cough"): a
 * question about something of the condition taken as the topic, not whether the patient has it
 * (coding.json concept_determiners, the words before a body part or complaint that name it as known).
 */
export function namedAsTopic(lead: string): boolean {
  topicEnd ??= leadingPhrase(codingCues().concept_determiners.words, 0);
  return topicEnd.test(lead.trimEnd());
}

/**
 * Does the clinician state the condition as the finding ("your symptoms are consistent with an
 * ankle sprain"), with no hedge in that clause ("seem consistent with")? `lead`: the words
 * of its sentence before it, single-spaced.
 */
export function confirmed(lead: string): boolean {
  const { confirmedBy, confirmHedge } = cues();
  const m = confirmedBy.exec(lead);
  if (!m) return false;
  const clause = ` ${lead.slice(0, m.index)} `.split(CLAUSE_BREAK).pop()!;
  return !confirmHedge.test(clause);
}

/** Does the clinician rule the condition out in the words before it ("it doesn't look like, to me, … septic arthritis")? */
export function ruledOutBefore(lead: string): boolean {
  return cues().ruledOut.test(lead);
}

/** Is the condition said in an agentless report, in general ("… have been reported in the literature")? */
export function reportedInGeneral(tail: string): boolean {
  return cues().reportedInGeneral.test(tail.replace(/’/g, "'"));
}

/** Does the clinician attribute the symptom to a condition ("…are from the sarcoid", "that's why you're lightheaded")? */
export function attributedToCause(lead: string, tail: string): boolean {
  const { attributedAfter, attributedBefore } = cues();
  return attributedAfter.test(tail.replace(/’/g, "'")) || attributedBefore.test(lead);
}

/** Does an answer open with a plain yes ("yeah, and…"), not a qualifier of what it names ("a bit winded")? */
export function opensWithPlainYes(answer: string): boolean {
  return cues().plainYes.test(answer.replace(/’/g, "'"));
}

/** Does the condition name a service ("a TIA clinic", "refer you to a stroke")? */
export function namesService(lead: string, tail: string): boolean {
  const { serviceAfter, referredTo } = cues();
  return serviceAfter.test(tail) || referredTo.test(lead);
}

/** Do the mention's words and those after it (`said`, from the mention on) start an everyday idiom ("boils down to")? */
export function startsIdiom(said: string): boolean {
  return cues().idiom.test(said.replace(/\s+/g, ' '));
}

/** Is the condition named as what a vaccine prevents ("the vaccinations, hepatitis B", "flu jab")? */
export function vaccinatedAgainst(lead: string, tail: string): boolean {
  const { vaccineBefore, vaccineAfter } = cues();
  return vaccineBefore.test(lead) || vaccineAfter.test(tail);
}

/** Is the condition named as what a screening looks for ("colon cancer screening"; I.C.21.c.5)? */
export function screenedFor(tail: string): boolean {
  return cues().screenAfter.test(tail);
}

/** Does the text say a malignancy shows no recurrence ("no evidence of recurrent disease"; I.C.2.d)? */
export function saysNoRecurrence(text: string): boolean {
  return cues().noRecurrence.test(text.replace(/\s+/g, ' '));
}

/** Is the procedure named still to come ("she's having a knee replacement", "i would perform a hysterectomy")? */
export function plannedProcedure(lead: string): boolean {
  return cues().planned.test(lead);
}

// A list has at least this many comma-separated items.
const LIST_ITEMS = 3;

/** Are conditions after these words (a sentence's words, single-spaced) named as risks, side effects or complications? */
export function namesRisks(words: string): boolean {
  return cues().risks.test(words);
}

/** Are conditions after these words (a sentence's words, single-spaced) named as possible causes (a differential)? */
export function listsCauses(words: string): boolean {
  return cues().causesListed.test(words);
}

/**
 * Is the sentence `said` nothing but a list of short items ("uh, seizure, stroke, permanent
 * numbness, or even death."), so it continues a list begun in the sentence before it? The last
 * item may run longer, as a list is closed ("and other liver diseases like wilson's disease").
 */
export function isBareList(said: string): boolean {
  const items = said.replace(/[.?!…]+\s*$/, '').split(',');
  if (items.length < LIST_ITEMS) return false;
  const most = codingCues().risks_listed.list_item_words;
  // The conjunction that joins the last item is not one of its words.
  const words = (item: string): number => (item.replace(/^\W*(?:and|or)\b/i, '').match(/[a-z0-9']+/gi) ?? []).length;
  return items.slice(0, -1).every((item) => words(item) <= most) && words(items[items.length - 1]!) <= LAST_ITEM_SHARE * most;
}
// The closing item of a list may have this many times the words of the others.
const LAST_ITEM_SHARE = 2;

/** The patient side names a diagnosis as its own guess ("I think it is a stroke"; coding.json patient_guess). */
export function guessedByPatient(lead: string): boolean {
  return cues().patientGuess.test(lead);
}

/** The clinician likens the visit's problem to a condition ("it sounds like a chest infection"; coding.json likeness). */
export function likened(lead: string): boolean {
  return cues().likeness.test(lead);
}
