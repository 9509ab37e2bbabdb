// Diarisation slips: the clinician's assessment said inside a turn the transcript gives the patient.
import type { Span } from '../../ports.ts';
import { splitSentences } from '../context/index.ts';
import { alternation, languageData, spokenAlternation, wordReach, wordsPattern } from '../language/data.ts';
import { codingCues } from '../language/coding.ts';
import { withoutLeadingWords } from '../language/discourse.ts';
import { namesDocumentationTool, stripWakeWords } from '../language/dictation.ts';
import type { SpeakerRole } from './types.ts';

/** speakers.json `dictation`: how a clinician's dictation, address and orders sound inside a patient's turn. */
interface DictationCues {
  ageSex: string[]; thirdPerson: string[]; vocativeTitles: string[]; vocativeLeads: string[];
  planActs: { subjects: string[]; between: string[]; reach: number; acts: string[] };
}
const dictation = (): DictationCues => languageData<{ dictation: DictationCues }>('speakers').dictation;
// A sentence put as a question ("… the patient before me ?") asks; it does not dictate, open or order.
const ASKED = /\?\s*$/;

let opener: RegExp | undefined;
// A sentence that opens the assessment and plan ("alright, assessment and plan, …", "diagnosis
// will be …": data/language/en/coding.json assessment_opens), less the openers a patient says too
// ("my plan is…", "in summary"). Patients ask about the rest ("what's my diagnosis?") but do not
// open a sentence with them.
function opensAssessment(sentence: string): boolean {
  if (!opener) {
    const { phrases, patient_may_say: patients } = codingCues().assessment_opens;
    opener = new RegExp(`^(?:${spokenAlternation(phrases.filter((p) => !patients.includes(p)))})\\b`, 'i');
  }
  return opener.test(withoutLeadingWords(sentence)) && !ASKED.test(sentence);
}

let dictated: RegExp | undefined;
// The patient named by age and sex, or in the third person, as a dictated note does ("pleasant
// 65-year-old female", "the patient is alert": speakers.json dictation); a patient does not speak
// of themselves so.
function dictatesPatient(sentence: string): boolean {
  if (!dictated) {
    const { ageSex, thirdPerson } = dictation();
    dictated = new RegExp(`\\b\\d{1,3}[- ](?:${spokenAlternation(ageSex)})\\b|${wordsPattern(thirdPerson, spokenAlternation)}`, 'i');
  }
  return dictated.test(sentence) && !ASKED.test(sentence);
}

let vocative: RegExp | undefined;
// The patient addressed by title and surname after a greeting or discourse marker ("alright , mr.
// ward , …", "good morning miss reyes .") or alone ("mr. ward ."): the clinician speaking
// (speakers.json dictation). A sentence opening with the name is the patient's subject ("mr smith helps me").
function addressesPatient(sentence: string): boolean {
  if (!vocative) {
    const { vocativeTitles, vocativeLeads } = dictation();
    const titles = alternation(vocativeTitles).replace(/\\\.(?=\||$)/g, '\\.?');
    const address = `(?:${titles})\\s+[a-z][a-z'-]*`;
    vocative = new RegExp(`^\\W*(?:(?:${spokenAlternation(vocativeLeads)})\\b\\W*${address}\\s*(?:[,.!]|$)|${address}\\s*[.!]?\\s*$)`, 'i');
  }
  return vocative.test(sentence);
}

let planAct: RegExp | undefined;
// The speaker ordering, prescribing or referring for the listener ("i wan na order a hemoglobin
// a1c", "we'll put you on …": speakers.json dictation.planActs): the clinician's plan.
function ordersForListener(sentence: string): boolean {
  if (!planAct) {
    const p = dictation().planActs;
    planAct = new RegExp(`${wordsPattern(p.subjects, spokenAlternation)}(?:\\s+(?:${spokenAlternation(p.between)})){0,${wordReach(p.reach)}}\\s+${wordsPattern(p.acts)}`, 'i');
  }
  return planAct.test(sentence) && !ASKED.test(sentence);
}

// Said to the documentation system ("hey , dragon , order an echocardiogram", "please use my exam
// template": dictation.json wake words and tools): the clinician dictating, whatever the tag; a patient does not.
function speaksToSystem(sentence: string): boolean {
  const said = withoutLeadingWords(sentence.trim());
  // Not the request words alone ("use my …"): a patient uses their inhaler.
  return stripWakeWords(said) !== said || namesDocumentationTool(said);
}

/**
 * A patient's turn that goes on into the clinician's assessment: speech recognition joins the
 * clinician's closing dictation to the patient's last words ("[patient] sounds good . alright
 * assessment and plan , chronic chf , …") or labels the dictated diagnosis as the patient's
 * ("[patient] diagnosis will be pituitary adenoma ."), or its dictated summary that names the
 * patient by age and sex, addresses the patient by title, or speaks to the documentation system.
 * The turn is cut where that opens and the rest is the clinician's.
 */
export function splitAssessmentSlip<T extends { span: Span; role: SpeakerRole }>(text: string, turn: T): T[] {
  if (turn.role !== 'patient' && turn.role !== 'family') return [turn];
  const { start, end } = turn.span;
  for (const s of splitSentences(text.slice(start, end))) {
    const sentence = text.slice(start + s.start, start + s.end);
    if (!opensAssessment(sentence) && !dictatesPatient(sentence) && !addressesPatient(sentence) && !speaksToSystem(sentence) && !ordersForListener(sentence)) continue;
    const cut = start + s.start;
    const before: T[] = cut > start ? [{ ...turn, span: { start, end: start + text.slice(start, cut).trimEnd().length } }] : [];
    return [...before, { ...turn, role: 'clinician', span: { start: cut, end } }];
  }
  return [turn];
}
