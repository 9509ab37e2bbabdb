// Clinical words, built once from data/language/en/clinical-terms.json: what marks talk as clinical, how clinical a sentence is, and which note part it cues.
import { alternation, languageData, terms, wordsPattern } from './data.ts';

interface SectionCueData {
  chatter: string[];
  chatterUnlessFollowedBy: Record<string, string[]>;
  examOpeners: string[];
  planOpeners: string[];
  exam: string[];
  results: string[];
  plan: string[];
  planLeads: { lead: string[]; then: string[] }[];
  planned: string[];
  bareAnswers: string[];
}
interface ClinicalTermData { history: string[]; findings: string[]; actions: string[]; sectionCues: SectionCueData }

const d = languageData<ClinicalTermData>('clinical-terms');

/** Symptoms, body parts, medicines, time and history: a sentence naming one is clinical talk. */
export const CLINICAL_TALK = new RegExp(wordsPattern(d.history, terms), 'i');

/** Every clinical word and any number, global: count them with String.match ("how clinical is this sentence"). */
export const CLINICAL_TERMS = new RegExp(`\\b(?:${terms([...d.history, ...d.findings, ...d.actions])}|\\d+)\\b`, 'gi');

const cues = d.sectionCues;
const words = (source: string): RegExp => new RegExp(`\\b(?:${source})\\b`, 'i');
// "see you" is goodbye unless a follow-up word comes next ("see you back in two weeks" is plan).
const chatterExceptions = Object.entries(cues.chatterUnlessFollowedBy)
  .map(([phrase, next]) => `${alternation([phrase])}(?!\\s+(?:${alternation(next)})\\b)`);
const plainChatter = cues.chatter.filter((c) => !(c in cues.chatterUnlessFollowedBy));

/** Which part of the note a sentence cues, from the sectionCues data (visit/sections.ts reads these). */
export const SECTION_CUES = {
  /** Small talk and farewells: no section. */
  chatter: words([...chatterExceptions, alternation(plainChatter)].join('|')),
  /** The clinician starting the exam ("let me take a listen"). */
  examOpener: words(terms(cues.examOpeners)),
  /** The clinician starting the assessment ("my impression", "for your first problem"). */
  planOpener: words(terms(cues.planOpeners)),
  exam: words(terms([...d.findings, ...cues.exam])),
  results: words(terms(cues.results)),
  plan: words([terms([...d.actions, ...cues.plan]), ...cues.planLeads.map((p) => `(?:${alternation(p.lead)})\\s+(?:${alternation(p.then)})`)].join('|')),
  /** A test still to be done or waited for: plan, not results. */
  planned: words(terms(cues.planned)),
  /** How a patient's bare answer opens ("no, not that I've noticed"). */
  bareAnswer: new RegExp(`^(?:${alternation(cues.bareAnswers)})\\b`, 'i'),
};
