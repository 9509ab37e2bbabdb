// First/second person to third person, so what was said reads as a clinical note.
import type { Sex } from '../visit/index.ts';

export type { Sex };

interface Pronouns { subj: string; obj: string; poss: string; refl: string; }

function pronouns(sex: Sex): Pronouns {
  if (sex === 'female') return { subj: 'she', obj: 'her', poss: 'her', refl: 'herself' };
  if (sex === 'male') return { subj: 'he', obj: 'him', poss: 'his', refl: 'himself' };
  return { subj: 'the patient', obj: 'the patient', poss: "the patient's", refl: 'themselves' };
}

// Present-tense verbs after "i" that need an -s in third person.
const THIRD = (verb: string): string => {
  if (/^(?:have)$/.test(verb)) return 'has';
  if (/^(?:do)$/.test(verb)) return 'does';
  if (/^(?:am)$/.test(verb)) return 'is';
  if (/^(?:was|did|had|can|could|will|would|should|might|must|may|got|went|felt|saw|took|came|thought|told|said|fell|hurt|ran|began|knew|ate|put|left|lost|kept|slept|woke|broke|heard|made|found|gave|bought|brought|wore|drove|sat|stood|meant|read|let|quit|cut|hit|set|[a-z]+ed)$/.test(verb)) return verb;
  if (/(?:s|sh|ch|x|z|o)$/.test(verb)) return verb + 'es';
  if (/[^aeiou]y$/.test(verb)) return verb.slice(0, -1) + 'ies';
  return verb + 's';
};

const VERBISH = /^(?:have|do|am|feel|think|get|take|go|notice|know|want|need|use|try|like|work|live|see|hurt|smoke|drink|eat|wake|sleep|walk|run|play|remember|forget|guess|believe|mean|wear|check|keep|say|tell|usually|still|also|just|really|never|always|sometimes|only|was|did|had|can|could|will|would|should|might|[a-z]+ed)$/;

const NOT_VERB = /^(?:the|a|an|to|in|on|at|for|with|my|your|this|that|it|no|not|and|or|but|so|if|of|she|he|the patient|her|his|mean|guess)$/i;

/** Patient speech → third person ("i've been having pain in my knee" → "she has been having pain in her knee"). */
export function patientToThird(text: string, sex: Sex): string {
  const p = pronouns(sex);
  let t = ` ${text} `;
  t = t.replace(/\bi'm\b|\bi am\b/gi, `${p.subj} is`)
    .replace(/\bi've\b/gi, `${p.subj} has`)
    .replace(/\bi'll\b/gi, `${p.subj} will`)
    .replace(/\bi'd\b/gi, `${p.subj} would`)
    .replace(/\bi was\b/gi, `${p.subj} was`)
    .replace(/\bmyself\b/gi, p.refl)
    .replace(/\bmy\b/gi, p.poss)
    .replace(/\bme\b/gi, p.obj)
    .replace(/\bmine\b/gi, `${p.poss === 'her' ? 'hers' : p.poss}`);
  // "i <adverb>? <verb>" → "she <adverb>? <verb>s"
  t = t.replace(/\bi ((?:usually|still|also|just|really|never|always|sometimes|only|do n't|don't) )?([a-z]+)\b/gi, (_m, adv: string | undefined, verb: string) => {
    if (adv && /n't|n't/.test(adv)) return `${p.subj} does not ${verb}`;
    if (NOT_VERB.test(verb)) return `${p.subj} ${adv ?? ''}${verb}`; // garbled ASR ("i the knee")
    const v = VERBISH.test(verb) || !adv ? THIRD(verb) : verb;
    return `${p.subj} ${adv ?? ''}${v}`;
  });
  t = t.replace(/\bi\b/g, p.subj);
  return t.trim();
}

// Words after which "you" is the subject of a clause; elsewhere it is an object.
const SUBJECT_BEFORE = /^(?:|and|but|so|that|if|when|because|since|until|unless|as|do|did|does|have|will|can|would|should|could|are|were|where|how|what|why|whether|or|then|once|while|after|before|think|know|sure|like)$/i;

// Words after which "you" before them is the subject ("on exam you do have", "you also said").
const VERB_AFTER = /^(?:do|don't|does|did|didn't|have|had|haven't|are|were|can|can't|could|will|would|should|need|needs|may|might|must|also|still|just|feel|felt|said|mentioned|told|know|got|seem|seemed|look|looked|take|took|tried|went|noticed)$/i;

/** Clinician speech → note voice: "you" is the patient, "we" and "I" stay the clinician. */
export function clinicianToNote(text: string, sex: Sex): string {
  const p = pronouns(sex);
  let t = ` ${text} `;
  // "let's say you have…" / "we'll say you have…" only frames what follows.
  t = t.replace(/\b(?:let's|we'll|we will|i'll|i will) say\s+(?=you|she|he|the|there|that|it)/gi, '');
  // Intentions as a note states them: "I'm going to order" → "we will order".
  t = t.replace(/\b(?:i'm|i am|we're|we are) (?:just |also )?(?:going to|gon na)\b|\bi(?:'d| would) like to\b|\bi (?:do |also |just |really )?(?:want to|wan na)\b|\bwe (?:want to|wan na)\b|\blet's\b|\bwe'll\b|\bi'll\b/gi, 'we will')
    .replace(/\bi (?:want|would like) (?:you|him|her) to\b|\bi wan na (?:you|him|her)\b/gi, `${p.subj} should`);
  // "I know that you…" / "it sounds like you…" frame a fact the clinician restates; keep the fact.
  t = t.replace(/\b(?:i know|i see|i understand|i remember|i heard|it sounds like|it looks like)(?: that)?\s+(?=you|your|she|he|the)/gi, '');
  t = t.replace(/\byou're\b|\byou are\b/gi, `${p.subj} is`)
    .replace(/\byou've\b|\byou have\b/gi, `${p.subj} has`)
    .replace(/\byou'll\b/gi, `${p.subj} will`)
    .replace(/\byou were\b/gi, `${p.subj} was`)
    .replace(/\byourself\b/gi, p.refl)
    .replace(/\byour\b/gi, p.poss)
    .replace(/\bdo you\b/gi, `does ${p.subj}`)
    .replace(/\bgon na\b/gi, 'going to').replace(/\bwan na\b/gi, 'want to')
    .replace(/(^|[\s,]+)([a-z']*)(\s+)you\b(?=(\s+[a-z']+)?)/gi, (_m, pre: string, before: string, sp: string, after: string | undefined) =>
      `${pre}${before}${sp}${SUBJECT_BEFORE.test(before) || VERB_AFTER.test(after?.trim() ?? '') ? p.subj : p.obj}`)
    .replace(/\byou\b/gi, p.subj);
  return agree(t, p.subj).trim();
}

/** "she do have" / "the patient don't" → third-person verbs after the subject that replaced "you". */
function agree(text: string, subject: string): string {
  const verb: Record<string, string> = { do: 'does', "don't": "doesn't", "do n't": "doesn't", have: 'has', are: 'is', were: 'was', "aren't": "isn't", "weren't": "wasn't" };
  return text.replace(new RegExp(String.raw`\b(${subject}) (do n't|don't|do|have|are|were|aren't|weren't)\b`, 'gi'), (_m, who: string, v: string) => `${who} ${verb[v.toLowerCase()]!}`);
}
