// How a mention sits in the conversation, beyond its assertion status: whether the clinician
// frames it as a reason for the visit or a problem of the assessment, and the local readings
// a coder gives a phrase (a drug's indication, someone else's habit, a definition, a removed
// lesion, an abbreviation in its other sense).
import type { Span } from '../../ports.ts';
import { doubted, doubtedFinding, genericExperiencer, namesService, reportedInGeneral, ruledOutBefore, screenedFor, testedFor, vaccinatedAgainst } from './cue-phrases.ts';
import { alternation, escapeRegExp, spokenAlternation, wordReach, wordsPattern } from '../language/data.ts';
import { codingCues } from '../language/coding.ts';
import { drugLexicon } from '../lexicon/index.ts';
import { isQuestion, withoutLeadingWords } from '../language/discourse.ts';

let treatedForCue: { re: RegExp; words: Set<string> } | undefined;
/**
 * Does the lead end with a treatment said right before "for" and a determiner ("paracetamol for
 * the", "a cream for the"; coding.json treated_for)? `lead`: the lower-case words before the mention.
 */
export function treatedFor(lead: string): boolean {
  const t = codingCues().treated_for;
  treatedForCue ??= { re: new RegExp(`([a-z][a-z'-]*) for \\S+(?: \\S+){0,${wordReach(t.reach)}}$`), words: new Set(t.words) };
  const word = treatedForCue.re.exec(lead)?.[1];
  return word !== undefined && (treatedForCue.words.has(word) || drugLexicon().has(word));
}

/** Lower-case words of text[from, to), single-spaced ("do n't" kept as said). */
export function wordsBefore(text: string, from: number, to: number): string {
  return (text.slice(from, to).toLowerCase().replace(/’/g, "'").match(/[a-z0-9]+(?:'[a-z]+)*|'[a-z]+/g) ?? []).join(' ');
}

/** The framing patterns, compiled once from the cue words (data/language/en/coding.json). */
interface FramingCues { namedAs: RegExp; reason: RegExp; reach: number; heading: RegExp; ordinalProblem: RegExp; numberedItem: RegExp; bareLead: number; impression: RegExp; naming: RegExp; namingHedged: RegExp; reported: RegExp; standpoint: RegExp }
let framingCues: FramingCues | undefined;

/** "referred (by dr. …) for", "sent you over for": the referral's reason, the referrer's name between. */
function referral(r: { openers: string[]; between: number; then: string[] }): string {
  return `(?:${alternation(r.openers)})(?:\\s+\\S+){0,${wordReach(r.between)}}?\\s+(?:${alternation(r.then)})`;
}
/** "was diagnosed with", also with an adverb after its first word ("was recently diagnosed with"). */
function reportedPattern(phrases: readonly string[], adverbs: readonly string[]): string {
  const adverb = `(?:\\s+(?:${alternation(adverbs)}))?`;
  const forms = [...new Set(phrases)].sort((a, b) => b.length - a.length).map((p) => {
    const [first, ...rest] = p.split(' ').map(escapeRegExp);
    return rest.length ? `${first}${adverb}\\s+${rest.join('\\s+')}` : first!;
  });
  return `\\b(?:${forms.join('|')})\\b`;
}
function framing(): FramingCues {
  if (framingCues) return framingCues;
  const c = codingCues();
  const r = c.reason_for_visit;
  const h = c.problem_headings;
  const op = h.ordinal_problem;
  const ni = h.numbered_item;
  const det = alternation(h.determiners);
  framingCues = {
    // "here (today) for", "presents (today) with", "complaining of", "brings you in", "referred by … for".
    reason: new RegExp(`\\b(?:(?:${alternation(r.here)})\\s+(?:${alternation(r.here_for)})|(?:${alternation(r.presenting)})(?:\\s+(?:${alternation(r.presenting_when)}))?\\s+(?:${alternation(r.presenting_with)})|${alternation(r.phrases)}|${referral(r.referral)})\\b`, 'g'),
    reach: r.reach, // words from the trigger to the mention ("…with chf and copd")
    // "for your first problem of your…", "in terms of your…", then up to two words, then the mention.
    heading: new RegExp(`\\b(?:${alternation(h.openers)})\\s+(?:${det})\\s+(?:(?:(?:${alternation(h.ordinals)})\\s+)+(?:${alternation(h.nouns)})s?\\s+(?:(?:${alternation(h.links)})\\s+)?(?:(?:${det})\\s+)*)?(?:\\S+\\s+){0,2}$`),
    ordinalProblem: new RegExp(`\\b(?:${alternation(op.ordinals)})\\s+(?:(?:${alternation(op.fillers)})\\s+)?(?:${alternation(op.nouns)})s?\\b(?:\\s+\\S+){0,4}$`),
    // "number two, neck pain…", "uh the next one is diabetes": a numbered item opening the sentence.
    numberedItem: new RegExp(`^(?:\\S+\\s+){0,${wordReach(ni.lead_reach)}}(?:(?:${alternation(ni.openers)})\\s+(?:${alternation(ni.numerals)})|${alternation(ni.phrases)})(?:\\s+\\S+){0,${wordReach(ni.reach)}}$`),
    bareLead: ni.bare_lead,
    impression: new RegExp(`${wordsPattern(h.impressions)}(?:\\s+\\S+){0,8}$`),
    // A plain naming ("so that's shingles") reaches less far than "my impression is…".
    naming: new RegExp(`${wordsPattern(h.naming.phrases)}(?:\\s+(?!(?:${alternation(h.naming.not_across)})\\b)\\S+){0,${wordReach(h.naming.reach)}}$`),
    // …unless a hedge governs it ("this seems like uh, what we call the bursitis").
    namingHedged: new RegExp(`${wordsPattern(h.naming.hedged_by)}(?:\\s+\\S+){0,2}\\s+${wordsPattern(h.naming.phrases)}`),
    // "the patches … are plaque psoriasis", "that's what we call …": a copula right before the condition.
    namedAs: new RegExp(`(?:^|\\s)(?:${alternation(h.named_as.copulas)})(?:\\s+(?:${alternation(h.named_as.then)}))?$`),
    // "you've been diagnosed with…": a diagnosis made before, reported; not this visit's impression.
    reported: new RegExp(`${reportedPattern(h.reported, h.reported_adverbs)}(?:\\s+\\S+){0,8}$`),
    standpoint: new RegExp(`^\\W*(?:\\S+\\s+)?(?:${alternation(h.standpoints)})\\b`, 'i'),
  };
  return framingCues;
}

// Where the assessment is said when no marker opens it: the closing share of a conversation
// (assessment.ts). "For your…", "in terms of your…" heads a problem only there; earlier it is
// history taking.
export const ASSESSMENT_PART = 0.6;

export type Framing = 'heading' | 'impression' | 'reason';

/**
 * How a mention preceded by `lead` (words of its sentence) and followed by `tail` is framed:
 * as a problem heading of the assessment, in the clinician's impression, or in the reason
 * for the visit; undefined when it is not. `diagnosis`: the mention names a diagnosis, not a
 * symptom (a copula frames only a diagnosis). `inAssessment`: the mention lies where the
 * assessment is said (from assessment.ts assessmentStart on). `patientSays`: the patient's turn
 * (a bare name there answers a question; it heads no problem). `status`: the mention is a status
 * (Z code), which a plain naming does not frame.
 */
export function framingAt(lead: string, tail: string, inAssessment: boolean, patientSays = false, diagnosis = false, status = false): Framing | undefined {
  const f = framing();
  const padded = lead ? `${lead} ` : '';
  if (f.ordinalProblem.test(lead) || f.standpoint.test(tail)) return 'heading';
  if (inAssessment && (f.heading.test(padded) || f.numberedItem.test(lead) || (!patientSays && bareName(lead, tail, f.bareLead)))) return 'heading';
  // A status (a drug taken, an organ removed) is no diagnosis named plainly ("that's expected on a blood thinner").
  if ((f.impression.test(lead) || (!status && f.naming.test(lead) && !f.namingHedged.test(lead))) && !f.reported.test(lead)) return 'impression';
  // A diagnosis named by a copula ('…are plaque psoriasis'); a symptom after one describes ('the child is tired').
  if (inAssessment && !patientSays && diagnosis && f.namedAs.test(lead)) return 'impression';
  let last = -1;
  for (const m of lead.matchAll(f.reason)) last = m.index + m[0].length;
  return last >= 0 && lead.slice(last).split(' ').filter(Boolean).length <= f.reach ? 'reason' : undefined;
}

let recounted: RegExp | undefined;
/** Is the mention the clinician restating the patient's words ("you mentioned you have…"; coding.json recounted)? `lead`: the words before it. */
export function recountedAt(lead: string): boolean {
  const r = codingCues().recounted;
  recounted ??= new RegExp(`${wordsPattern(r.phrases, spokenAlternation)}(?:\\s+\\S+){0,${wordReach(r.reach)}}$`, 'i');
  return recounted.test(lead);
}

let listener: RegExp | undefined;
/**
 * Is a problem heading said to the listener ("for your next problem of your hypertension", "in
 * terms of your depression")? The words right before the mention hold a second-person determiner
 * (coding.json problem_headings.addressed): the clinician heads the patient's problem.
 */
export function headsToListener(lead: string): boolean {
  const h = codingCues().problem_headings;
  listener ??= new RegExp(`${wordsPattern(h.addressed)}(?:\\s+\\S+){0,${wordReach(h.addressed_reach)}}$`);
  return listener.test(lead);
}

/** A sentence that is the condition's name alone ("chronic chf ."), as a dictated problem list says it; not asked. */
function bareName(lead: string, tail: string, maxLead: number): boolean {
  return /^[^\w?]*$/.test(tail) && lead.split(' ').filter(Boolean).length <= maxLead;
}

let softenedCues: { naming: RegExp; doubt: RegExp } | undefined;
/**
 * Does the clinician give the condition to the patient as theirs, softened by a modal, and teach
 * its name ("you may have something called gastroenteritis"; coding.json naming.softened)? The
 * modal is politeness: the condition is the impression. `lead`: the words of its sentence before
 * it; `fillers`: hesitations read past ("something, uh, called").
 */
export function softenedNaming(lead: string, fillers: ReadonlySet<string>): boolean {
  if (!softenedCues) {
    const s = codingCues().problem_headings.naming.softened;
    softenedCues = {
      naming: new RegExp(`${wordsPattern(s.attributions)}(?:\\s+\\S+)?\\s+(?:${alternation(s.terms)})(?:\\s+\\S+){0,${wordReach(s.reach)}}$`),
      doubt: new RegExp(wordsPattern(s.keeps_doubt)),
    };
  }
  const plain = lead.split(' ').filter((w) => w && !fillers.has(w)).join(' ');
  const m = softenedCues.naming.exec(plain);
  return m !== null && !softenedCues.doubt.test(plain.slice(0, m.index));
}

/** Is the mention framed at all (see framingAt)? */
export function framedAt(lead: string, tail: string, inAssessment: boolean): boolean {
  return framingAt(lead, tail, inAssessment) !== undefined;
}

/** Local readings compiled once from the cue words (data/language/en/coding.json). */
interface LocalCues { indication: RegExp; possessive: RegExp; offer: RegExp; safetyNet: RegExp; netCondition: RegExp; netAction: RegExp }
let localCues: LocalCues | undefined;
function local(): LocalCues {
  if (localCues) return localCues;
  const c = codingCues();
  const i = c.indications;
  localCues = {
    // What a drug is for, said in general ("that helps with coronary disease"): not the
    // patient's condition. With a possessive ("to treat your gout"), or a word referring back to
    // the patient's own ("to help with the gastritis"), it is.
    indication: new RegExp(`\\b(?:${alternation(i.verbs)})\\s+(?:${alternation(i.objects)})(?:\\s+\\S+){0,${wordReach(i.reach)}}$|\\b(?:${alternation(i.phrases)})(?:\\s+\\S+){0,${wordReach(i.reach)}}$`),
    possessive: new RegExp(wordsPattern([...c.presupposed.possessives, ...i.referring])),
    // An open offer for another day: "you can always come and see me about your mood, stress, anxiety".
    offer: new RegExp(`${wordsPattern(c.open_offers.phrases)}(?:\\s+\\S+){0,${wordReach(c.open_offers.reach)}}$`),
    // Safety-netting: the whole sentence lists what to watch for.
    safetyNet: new RegExp(wordsPattern(c.safety_net.phrases)),
    // "If you get…, or…, ring 999": a condition, then what to do.
    netCondition: new RegExp(`^${wordsPattern(c.safety_net.conditional_openers)}`),
    netAction: new RegExp(wordsPattern(c.safety_net.conditional_actions), 'i'),
  };
  return localCues;
}

// Someone else's condition or habit: "around somebody who has been smoking".
const OTHER_PERSON = /\b(?:somebody|someone|anybody|anyone|people|others|everybody|everyone|other kids|other patients)(?: \S+)? (?:who|that|with)\b(?: \S+){0,8}$/;
// A definition: "alpha-gal, the one where a tick bites you and you get an allergic reaction".
const DEFINITION = /\b(?:the (?:one|kind|type|thing) (?:where|when|that|which)|which is (?:when|where)|that's (?:when|where)|is (?:when|where) (?:you|a|the|your))\b(?: \S+){0,12}$/;

// Hedges the context triggers do not reach: "could just be something related to…".
// …and a hedge said through hesitations, beyond the triggers' reach: "it sounds like you could be
// going into what we say an a, an anaphylactic reaction".
const HEDGED = /\b(?:could|might|may|can) (?:just|also|still|well|possibly|even) (?:be|have)\b(?: \S+){0,8}$|\b(?:sounds|looks|seems) like (?:\S+ ){0,2}(?:could|might|may) (?:be|have)\b(?: \S+){0,10}$/;
// The patient's fear, named after it: "brain cancer, I know that was a big worry of yours".
const WORRY_AFTER = /^\W*(?:[\w']+[^\w']+){0,6}?(?:was|is|'s|been|were|are)\s+(?:a |an |your |the |my |our )?(?:big |main |real |major |biggest |only )?(?:worry|worries|concern|fear)\b/i;

/**
 * Words from the start of the punctuated sentence (or line) to `to`: unpunctuated runs are
 * cut at discourse markers for assertion scopes, but a safety-netting list runs on. `turnStart`:
 * where the words of the mention's turn begin, after its label.
 */
export function punctuatedLead(text: string, to: number, turnStart = 0): string {
  let from = to;
  // Not past the start of the turn's words: its label ("[doctor]") is not said.
  const limit = Math.max(0, to - 600, Math.min(turnStart, to));
  while (from > limit) {
    const ch = text[from - 1]!;
    if (ch === '\n' || ch === '\r' || ((ch === '.' || ch === '!' || ch === '?') && /\s/.test(text[from] ?? ' '))) break;
    from--;
  }
  return wordsBefore(text, from, to);
}

/**
 * A present mention's reading from the words around it, when they say otherwise. `lead`:
 * the words of its sentence before it; `tail`: the text after it in the sentence;
 * `fullLead`: the words before it since the last sentence mark (see punctuatedLead).
 */
export function localStatus(lead: string, tail: string, fullLead = lead): 'hypothetical' | 'negated' | 'uncertain' | undefined {
  if (ruledOutBefore(lead) || doubted(lead, tail)) return 'negated';
  if (HEDGED.test(lead) || WORRY_AFTER.test(tail) || testedFor(lead) || doubtedFinding(tail)) return 'uncertain';
  const l = local();
  if (l.offer.test(lead) || l.safetyNet.test(fullLead) || safetyNetCondition(fullLead, tail)) return 'hypothetical';
  const m = l.indication.exec(lead);
  if (m && !l.possessive.test(m[0])) return 'hypothetical';
  if (OTHER_PERSON.test(lead) || DEFINITION.test(lead) || genericExperiencer(lead)) return 'hypothetical';
  if (vaccinatedAgainst(lead, tail) || screenedFor(tail) || reportedInGeneral(tail) || namesService(lead, tail)) return 'hypothetical';
  return undefined;
}

let conditional: RegExp | undefined;
/**
 * Does the mention stand in a condition that runs up to it, no comma between ("can I take
 * paracetamol if I get a headache"; coding.json safety_net.conditional_openers)? `before`: the
 * sentence's text before the mention.
 */
export function inCondition(before: string): boolean {
  conditional ??= new RegExp(`\\b(?:${alternation(codingCues().safety_net.conditional_openers)})\\b[^,;]*$`, 'i');
  return conditional.test(before);
}

/**
 * Named in the condition of a safety-netting instruction ("if you get X, or Y, or Z, ring
 * 111"): the sentence opens with the condition, no action is said before the mention, and one
 * is said after it (coding.json safety_net.conditional_*).
 */
function safetyNetCondition(fullLead: string, tail: string): boolean {
  const l = local();
  return l.netCondition.test(withoutLeadingWords(fullLead)) && !l.netAction.test(fullLead) && l.netAction.test(tail);
}

// Abbreviations with another sense in the same conversations (coding.json abbreviation_senses):
// "cva tenderness" is the costovertebral angle, not a stroke; "on P E" is the physical exam.
let senses: { capitals: Set<string>; other: Map<string, RegExp> } | undefined;
function abbreviationSenses(): NonNullable<typeof senses> {
  if (senses) return senses;
  const c = codingCues().abbreviation_senses;
  senses = {
    capitals: new Set(c.capitals_only),
    other: new Map(Object.entries(c.other_sense).map(([abbr, words]) => [abbr, new RegExp(wordsPattern(words), 'i')])),
  };
  return senses;
}

/** Is the matched phrase, in this sentence, the other sense of an ambiguous abbreviation? */
export function otherSense(matched: string, sentence: string): boolean {
  const { capitals, other } = abbreviationSenses();
  const abbr = matched.toLowerCase().replace(/\s+/g, '');
  // Written otherwise than as one word in capitals ("pe", "P E"), it is the other sense.
  if (capitals.has(abbr) && !/^[A-Z][A-Z0-9]*$/.test(matched)) return true;
  return other.get(abbr)?.test(sentence) ?? false;
}

// Said as done (past participles), not planned: "had a skin cancer removed", "they removed a cataract".
const REMOVED = /\b(?:removed|excised|resected|taken out|took out|extracted)\b/i;
const PLANNED = /\b(?:will|going to|gon na|gonna|plan|planning|recommend|schedule|need to|needs to|want to|would like to|should)\b/i;
const REMOVED_REACH = 60; // characters either side, within the sentence

/** Is the mention said to have been removed ("had a skin cancer removed", "cataract removal")? */
export function removedNear(text: string, m: { start: number; end: number; sentence: Span }): boolean {
  const from = Math.max(m.sentence.start, m.start - REMOVED_REACH);
  const to = Math.min(m.sentence.end, m.end + REMOVED_REACH);
  if (PLANNED.test(text.slice(m.sentence.start, m.sentence.end))) return false;
  return REMOVED.test(text.slice(from, m.start)) || REMOVED.test(text.slice(m.end, to));
}

// A relative's condition the clinician weighs for the patient's care (screening, risk, tests).
const FAMILY_WEIGHED = /\b(?:given|because of|due to|screen\w*|risk|colonoscopy|mammogram\w*|genetic|early)\b/i;
/** Does the sentence of a family-history mention tie it to the patient's care? */
export function familyWeighed(sentence: string): boolean {
  return FAMILY_WEIGHED.test(sentence);
}

// A short follow-up placing what was just said in the past: "About five years ago."
const AGO = /\b(?:years?|months?) ago\b|\b(?:last|previous) year\b|\bin (?:19|20)\d\d\b|\bwhen i was (?:a kid|younger|little|a child)\b/i;
/**
 * Is `next` (the following sentence) a short time-ago remark about what was just said? One with a
 * subject of its own places its own event ("I had surgery on it five years ago"), unless it refers
 * back within a few words ("I had it years ago"; coding.json past_follow_up). `said`: the
 * sentence of the mention; a question about when it began is answered with its onset.
 */
let onsetAsked: RegExp | undefined;
export function pastFollowUp(next: string, said = ''): boolean {
  const ago = AGO.exec(next);
  if (!ago || next.split(/\s+/).filter(Boolean).length > 8) return false;
  const f = codingCues().past_follow_up;
  // "When did the pain start?" "Two years ago.": the onset of a condition still there.
  onsetAsked ??= new RegExp(wordsPattern(f.onset), 'i');
  if (isQuestion(said) && onsetAsked.test(said)) return false;
  const before = next.slice(0, ago.index).toLowerCase().replace(/’/g, "'").split(/[^a-z']+/).filter(Boolean);
  if (!before.some((w) => f.subjects.includes(w))) return true;
  return before.length <= wordReach(f.reach) && before.some((w) => f.referring.includes(w));
}

/** Words between a relative's condition and the next one that keep the same person ("and one of them had…"). */
export function sharesFamilyExperiencer(between: string): boolean {
  return /\b(?:one of them|both of them|they|he|she|them)\b/i.test(between) && !/\b(?:i|i'm|i've|me|my|you|your)\b/i.test(between);
}

// A visit that follows up an injury already treated (7th character D, subsequent encounter):
// said to be a follow-up or a recheck in its opening, and the injury said to be healing.
let healingCues: { followUp: RegExp; healing: RegExp } | undefined;
function healing(): { followUp: RegExp; healing: RegExp } {
  if (healingCues) return healingCues;
  const h = codingCues().healing_injury;
  healingCues = {
    // "follow-up", "since I last saw you", "we saw you two weeks ago".
    followUp: new RegExp(`\\b(?:${alternation(h.follow_up)}|(?:${alternation(h.seen_ago.subjects)})\\s+(?:\\S+\\s+){1,3}(?:${alternation(h.seen_ago.units)})\\s+ago)\\b`, 'i'),
    // "is healing", "healing well", "has mostly healed", "healed nicely".
    healing: new RegExp(`\\b(?:(?:${alternation(h.healing_after)})\\s+healing|healing\\s+(?:${alternation(h.healing_how)})|(?:${alternation(h.healed_after)})\\s+(?:(?:${alternation(h.healed_degree)})\\s+)?healed|healed\\s+(?:${alternation(h.healed_how)}))\\b`, 'i'),
  };
  return healingCues;
}
const OPENING_PART = 0.25;

/** Does the visit follow up a healing injury (an opening follow-up, healing said)? */
export function followsUpHealingInjury(text: string): boolean {
  const h = healing();
  return h.followUp.test(text.slice(0, Math.max(400, Math.floor(text.length * OPENING_PART)))) && h.healing.test(text);
}
