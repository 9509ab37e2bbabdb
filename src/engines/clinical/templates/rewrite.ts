// Minimal rewriting of a transcript sentence into note prose: tidy spoken-language
// artefacts, move to third person, and apply the section's tone. The meaning and the
// words stay the transcript's own, so every statement remains traceable to its span.
import { readFileSync } from 'node:fs';
import { spokenNumbersToDigits } from '../numbers/index.ts';
import { cleanUtterance, type SpeakerRole } from '../transcript/index.ts';

interface RewriteData {
  fillers: string[];
  leadingWords: string[];
  contractions: Record<string, string>;
  layToTechnical: Record<string, string>;
  systems: Record<string, string[]>;
  wakeWords: string[];
  metaPatterns: string[];
}

const data = JSON.parse(readFileSync(new URL('../../../../data/templates/rewrite.json', import.meta.url), 'utf8')) as RewriteData;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const FILLERS = new RegExp(`(?:^|\\s|,)\\s*(?:${data.fillers.map(escape).join('|')})\\s*(?=[\\s,.?!]|$)`, 'gi');
const LEADING = new RegExp(`^(?:(?:${data.leadingWords.map(escape).join('|')})\\b[\\s,]*)+`, 'i');
const CONTRACTIONS = new RegExp(`\\b(?:${Object.keys(data.contractions).map(escape).join('|')})\\b`, 'gi');
const WAKE = new RegExp(`^(?:(?:${data.wakeWords.map((w) => escape(w).replace(/ /g, '[\\s,]+')).join('|')})\\b[\\s,.]*)+`, 'i');
const META = data.metaPatterns.map((p) => new RegExp(p, 'i'));
const LAY = Object.entries(data.layToTechnical).sort((a, b) => b[0].length - a[0].length);

/** Undoes ASR-style tokenisation ("pain , and it 's") and drops fillers and stutters. */
export function tidy(text: string): string {
  // The template's own fillers ("uh-huh", "i mean") first, then the shared cleaner (um,
  // uh, you know, false starts, stutters).
  const spoken = ` ${text} `.replace(/\s+(n't|'s|'re|'ve|'ll|'d|'m)\b/gi, '$1').replace(FILLERS, ' ');
  let t = ` ${cleanUtterance(spoken)} `
    .replace(/\s+([,.?!;:%])/g, '$1')
    .replace(/\b((?:\w+\s+){1,2}\w+)\s+\1\b/gi, '$1')
    .replace(/\s+([,.?!])/g, '$1')
    .replace(/,\s*,/g, ',')
    .replace(/\s+/g, ' ')
    .trim();
  t = t.replace(LEADING, '').replace(/^(?:no|yes|yeah|nope)\s*,\s*/i, '').replace(/^[,\s]+/, '').trim();
  return t;
}

/** Drops a voice assistant's wake word ("hey dragon, order an x-ray" → "order an x-ray"). */
export function stripWakeWords(text: string): string {
  return text.replace(WAKE, '').trim();
}

/** Remarks about the visit itself, with no clinical content of their own. */
export function isMeta(text: string): boolean {
  const t = text.replace(/[.?!]+$/, '').trim();
  return t.split(/\s+/).length <= 12 && !/\d/.test(t) && META.some((re) => re.test(t));
}

/** Words that follow a subject but are not verbs ("I really…", "you just…"). */
const NOT_VERBS = new Set(['just', 'also', 'still', 'never', 'always', 'usually', 'even', 'only', 'kinda', 'sort', 'kind', 'really', 'actually', 'probably', 'definitely', 'think', 'guess', 'mean', 'know', 'and', 'or', 'but', 'so', 'to', 'the', 'a', 'an']);

function thirdPersonVerb(verb: string): string {
  const v = verb.toLowerCase();
  if (NOT_VERBS.has(v) || /ly$/.test(v)) return v;
  const irregular: Record<string, string> = { am: 'is', have: 'has', do: 'does', go: 'goes', was: 'was', "don't": "doesn't", 'do not': 'does not', can: 'can', will: 'will', would: 'would', could: 'could', should: 'should', "can't": "can't", did: 'did', had: 'had', might: 'might', must: 'must', "didn't": "didn't" };
  if (irregular[v]) return irregular[v]!;
  if (/(?:[^e]ed|n't)$/.test(v)) return v;
  if (/(?:s|sh|ch|x|z|o)$/.test(v)) return `${v}es`;
  if (/[^aeiou]y$/.test(v)) return `${v.slice(0, -1)}ies`;
  return `${v}s`;
}

/** Pronouns for the patient: from patientInfo.gender when given, else singular "they". */
export interface Voice {
  subject: string;
  object: string;
  possessive: string;
  reflexive: string;
  /** "they" takes plural verbs ("they are", "they were"). */
  plural: boolean;
}

export function voiceFor(gender: string | undefined): Voice {
  const g = (gender ?? '').trim().toLowerCase();
  if (/^(?:m|male|man|boy)$/.test(g)) return { subject: 'he', object: 'him', possessive: 'his', reflexive: 'himself', plural: false };
  if (/^(?:f|female|woman|girl)$/.test(g)) return { subject: 'she', object: 'her', possessive: 'her', reflexive: 'herself', plural: false };
  return { subject: 'they', object: 'them', possessive: 'their', reflexive: 'themselves', plural: true };
}

const THEY = voiceFor(undefined);

/** Patient speech in the first person becomes a statement about the patient. */
export function patientToThirdPerson(text: string, voice: Voice = THEY): string {
  const be = voice.plural ? 'are' : 'is';
  const was = voice.plural ? 'were' : 'was';
  const have = voice.plural ? 'have' : 'has';
  let t = text
    .replace(/^i'm\b/i, 'the patient is')
    .replace(/^i've\b/i, 'the patient has')
    .replace(/^i'll\b/i, 'the patient will')
    .replace(/^i'd\b/i, 'the patient would')
    .replace(/^i\s+([a-z]+n't|[a-z]+)\b(?!')/i, (_m, verb: string) => `the patient ${thirdPersonVerb(verb)}`);
  t = t
    .replace(/\bi'm\b/gi, `${voice.subject} ${be}`)
    .replace(/\bi've\b/gi, `${voice.subject} ${have}`)
    .replace(/\bi'll\b/gi, `${voice.subject} will`)
    .replace(/\bi'd\b/gi, `${voice.subject} would`)
    .replace(/\bi am\b/gi, `${voice.subject} ${be}`)
    .replace(/\bi was\b/gi, `${voice.subject} ${was}`)
    .replace(/\bi have\b/gi, `${voice.subject} ${have}`)
    .replace(/\bi\s+([a-z]+n't|[a-z]+)\b(?!')/gi, (_m, verb: string) => `${voice.subject} ${voice.plural ? verb : thirdPersonVerb(verb)}`)
    .replace(/\bi\b/gi, voice.subject)
    .replace(/\bmyself\b/gi, voice.reflexive)
    .replace(/\bmy\b/gi, voice.possessive)
    .replace(/\bmine\b/gi, voice.plural ? 'theirs' : voice.possessive === 'his' ? 'his' : 'hers')
    .replace(/\bme\b/gi, voice.object);
  return t;
}

/** Clinician speech addressed to the patient becomes a statement about the patient. */
export function doctorToNote(text: string, voice: Voice = THEY): string {
  return text
    .replace(/\byou're\b/gi, 'the patient is')
    .replace(/\byou've\b/gi, 'the patient has')
    .replace(/\byou'll\b/gi, 'the patient will')
    .replace(/\b(?:do|did) you\b/gi, (m) => (m.toLowerCase().startsWith('did') ? 'did the patient' : 'does the patient'))
    .replace(/\bare you\b/gi, 'is the patient')
    .replace(/\byou have\b/gi, 'the patient has')
    .replace(/\byou (don't|do not|need|want|like|take|feel|get|eat|drink|say|seem|go|try|use|look|work)\b/gi, (_m, verb: string) => `the patient ${thirdPersonVerb(verb)}`)
    .replace(/\byou are\b/gi, 'the patient is')
    .replace(/\byou were\b/gi, 'the patient was')
    .replace(/\byourself\b/gi, voice.reflexive)
    .replace(/\byour\b/gi, voice.possessive)
    .replace(/\byou\b/gi, 'the patient')
    .replace(/\bi'm\b/gi, 'I am')
    .replace(/\bi\b/g, 'I');
}

export function sentenceCase(text: string): string {
  const t = text.trim().replace(/[,;:\s]+$/, '');
  if (!t) return t;
  const cased = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.?!]$/.test(cased) ? cased.replace(/\?$/, '.') : `${cased}.`;
}

export function applyTone(text: string, tone: string | undefined): string {
  const t = (tone ?? '').toLowerCase();
  let out = text;
  if (/formal|technical|clinical|professional/.test(t)) {
    out = out.replace(CONTRACTIONS, (m) => {
      const full = data.contractions[m.toLowerCase()] ?? m;
      return m.charAt(0) === m.charAt(0).toUpperCase() && m.charAt(0) !== 'i' ? full.charAt(0).toUpperCase() + full.slice(1) : full;
    });
  }
  if (/technical|clinical/.test(t)) {
    for (const [lay, technical] of LAY) out = out.replace(new RegExp(`\\b${escape(lay)}\\b`, 'gi'), technical);
  }
  if (/instruction/.test(t)) {
    // "I want the patient to ice the knee" → "Ice the knee".
    out = out
      .replace(/^(?:I (?:want|would like|need)|we (?:want|would like|need)) (?:the patient|them) to\s+/i, '')
      .replace(/^(?:the patient|they) (?:should|needs? to|must|will need to|can)\s+/i, '')
      .replace(/^(?:make sure|be sure)(?: that)? (?:the patient|they)\s+/i, '')
      .replace(/^please\s+/i, '');
  }
  return sentenceCase(out);
}

/** Turns a transcript sentence into a note sentence. */
export function rewriteSentence(text: string, role: SpeakerRole, tone?: string, voice: Voice = THEY): string {
  let t = spokenNumbersToDigits(tidy(text)).replace(/(\d) ?milligrams?\b/gi, '$1 mg').replace(/\bgon na\b/gi, 'going to').replace(/\bwan na\b/gi, 'want to');
  if (!t) return '';
  t = role === 'patient' ? patientToThirdPerson(t, voice) : doctorToNote(t, voice);
  return applyTone(t, tone);
}

/** Body-system label for a finding ("Cardiovascular", "Musculoskeletal"), if one fits. */
export function systemLabel(text: string): string | undefined {
  const lower = ` ${text.toLowerCase()} `;
  let best: string | undefined;
  let bestHits = 0;
  for (const [label, words] of Object.entries(data.systems)) {
    const hits = words.filter((w) => lower.includes(` ${w}`)).length;
    if (hits > bestHits) {
      best = label;
      bestHits = hits;
    }
  }
  return best;
}
