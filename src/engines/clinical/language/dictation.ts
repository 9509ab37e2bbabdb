// Words to the documentation system or about the visit itself, built once from data/language/en/dictation.json.
import { alternation, languageData } from './data.ts';
import { LEADING_WORDS } from './discourse.ts';

interface DictationData {
  wakeWords: string[];
  requests: string[];
  objects: string[];
  sectionDictation: { sections: string[]; then: string[] };
  commands: { display: string[]; toPatient: string[] };
  remarks: { speakers: string[]; intents: string[]; looks: string[]; asideOpeners: string[]; asides: string[]; whole: string[]; closings: string[] };
}

const d = languageData<DictationData>('dictation');
const closingTags = languageData<{ closingTags: string[] }>('discourse').closingTags;
const LEAD = `^(?:(?:${LEADING_WORDS})[\\s,]+)*`;

/** A voice assistant's wake words ("hey dragon"), said to the machine, never to the patient. */
export const WAKE_WORDS = alternation(d.wakeWords);
const WAKE = new RegExp(`^(?:(?:${d.wakeWords.map((w) => alternation([w]).replace(/\\s\+/g, '[\\s,]+')).join('|')})\\b[\\s,.]*)+`, 'i');

/** Drops a voice assistant's wake word ("hey dragon, order an x-ray" → "order an x-ray"). */
export function stripWakeWords(text: string): string {
  return text.replace(WAKE, '').trim();
}

const DICTATION = new RegExp(`\\b(?:${alternation(d.requests)}|${alternation(d.objects)})\\b`, 'i');
/** Said to the documentation system, not about the patient ("please use my physical exam template"). */
export function isDictation(text: string): boolean {
  return DICTATION.test(text);
}

const DOCUMENTATION_OBJECT = new RegExp(`\\b(?:${alternation(d.objects)})\\b`, 'i');
/** Names a documentation tool ("my exam template", "a dot phrase"): said only by the one documenting. */
export function namesDocumentationTool(text: string): boolean {
  return DOCUMENTATION_OBJECT.test(text);
}

// Linear: every alternative is a literal, and each repetition of LEAD must consume a word and its separator.
const COMMAND = new RegExp(`${LEAD}(?:${alternation([...d.commands.display, ...d.commands.toPatient])})\\b`
  + `|${LEAD}in\\s+(?:the\\s+)?(?:${alternation(d.sectionDictation.sections)})[\\s,]+(?:${alternation(d.sectionDictation.then)})\\b`, 'i');
/** A request or command ("show me the x-ray", "can you lift your arm", "in the plan, put…"): not a finding or a plan. */
export function isCommand(text: string): boolean {
  return COMMAND.test(text);
}

const r = d.remarks;
const REMARKS = [
  `^(?:${alternation(d.commands.display)})\\b`,
  `^(?:${alternation(r.speakers)})(?:\\s+just)?(?:\\s+(?:${alternation(r.intents)}))*\\s+(?:${alternation(r.looks)})\\b[^.]{0,40}$`,
  `^(?:${alternation(r.asideOpeners)})\\s+(?:just\\s+)?(?:${alternation(r.asides)})\\b[^.]{0,40}$`,
  `^(?:${alternation(r.whole)})$`,
  `^(?:${alternation([...closingTags, ...r.closings])})\\b`,
].map((source) => new RegExp(source, 'i'));

/** A remark about the visit itself ("let me take a look", "show me the x-ray", "thanks"), with no clinical content of its own. */
export function isVisitRemark(text: string): boolean {
  const t = text.replace(/[.?!]+$/, '').trim();
  return t.split(/\s+/).length <= 12 && !/\d/.test(t) && REMARKS.some((re) => re.test(t));
}
