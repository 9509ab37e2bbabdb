// The coder's cue words (data/language/en/coding.json): turn labels, and phrases that make a named condition not the patient's confirmed diagnosis.
import { languageData } from './data.ts';

interface CueList { why?: string; phrases: string[] }

export interface CodingCues {
  tested_for: CueList;
  abbreviation_senses: { capitals_only: string[]; other_sense: Record<string, string[]> };
  treated_for: { words: string[]; reach: number };
  doubted_after: CueList;
  doubted_finding: { why?: string; phrases: string[]; reach: number };
  doubted_before: CueList;
  causes_listed: CueList;
  confirmed_by: CueList & { hedges: string[] };
  vaccinated_against: { why?: string; before: string[]; after: string[]; after_reach: number; list_joiners: string[] };
  puerperium: { why?: string; subjects: string[]; between: string[]; deliveries: string[]; recent: string[]; reach: number; code: string };
  pregnancy: { why?: string; context: string[] };
  newborn_record: { why?: string; born: string[]; age_units: string[]; age_subjects: string[]; age_people: string[] };
  followed_up: { why?: string; questions: string[]; refer: string[]; reach: number };
  stated_for_assent: { why?: string; skipped: string[]; subjects: string[] };
  past_follow_up: { why?: string; subjects: string[]; referring: string[]; reach: number; onset: string[] };
  screened_for: { why?: string; after: string[] };
  planned_procedure: { why?: string; before: string[] };
  generic_subjects: { subjects: string[]; modals: string[]; verbs: string[]; hedged_subjects: string[]; hedges: string[] };
  generic_plurals: { why?: string; determiners: string[]; after: string[] };
  recounted: CueList & { reach: number };
  presupposed: { possessives: string[]; openers: string[] };
  assessment_opens: CueList & { patient_may_say: string[] };
  risks_listed: CueList & { list_item_words: number };
  concept_determiners: { words: string[] };
  reason_for_visit: { here: string[]; here_for: string[]; presenting: string[]; presenting_when: string[]; presenting_with: string[]; phrases: string[]; reach: number; referral: { openers: string[]; between: number; then: string[] } };
  problem_headings: {
    openers: string[]; determiners: string[]; ordinals: string[]; nouns: string[]; links: string[];
    ordinal_problem: { ordinals: string[]; nouns: string[]; fillers: string[] };
    numbered_item: { openers: string[]; numerals: string[]; phrases: string[]; lead_reach: number; reach: number; bare_lead: number; list_gap: number; counted: string[] };
    named_as: { copulas: string[]; then: string[] };
    addressed: string[]; addressed_reach: number;
    impressions: string[]; naming: { phrases: string[]; reach: number; not_across: string[]; hedged_by: string[]; softened: { attributions: string[]; terms: string[]; reach: number; keeps_doubt: string[] } }; reported: string[]; reported_adverbs: string[]; standpoints: string[];
  };
  indications: { verbs: string[]; objects: string[]; phrases: string[]; referring: string[]; reach: number };
  open_offers: CueList & { reach: number };
  patient_guess: CueList & { reach: number };
  likeness: CueList & { reach: number };
  safety_net: CueList & { conditional_openers: string[]; conditional_actions: string[] };
  no_recurrence: CueList;
  index_of_phrase: { why?: string; links: string[]; skipped: string[]; in_heads_why?: string; in_heads?: string[] };
  linked_conditions: { why?: string; links: string[]; skipped: string[] };
  latin_plurals: { why?: string; endings: string[][] };
  ruled_out_before: CueList & { stops: string[]; reach: number };
  reported_in_general: CueList & { reach: number };
  answered_with_another: { why?: string; plain_yes: string[] };
  attributed: { why?: string; be: string[]; after: string[]; determiners: string[]; before: string[]; reach: number };
  service_names: { why?: string; after: string[]; referred_to: string[]; reach: number };
  idioms: CueList;
  eased_episode: { why?: string; had: string[]; lengths: string[]; ongoing: { subjects: string[]; auxiliaries: string[] }; eased: string[] };
  denied_by_reference: CueList;
  limb_parts: { why?: string; regions: Record<string, string[]> };
  level_said_before: { why?: string; phrases: string[] };
  sided_parts: { why?: string; words: string[] };
  patient_sex: { why?: string; ages: string[]; reach: number; female: string[]; male: string[] };
  history_taking: { why?: string; topics: string[]; asking_why?: string; asking: string[]; examples_why?: string; examples: string[] };
  answered_in_past: CueList;
  passed_on: { why?: string; verbs: string[]; to: string[] };
  impression_evidence: { why?: string; openers: string[] };
  recap_checks: CueList;
  aggravating_act: { why?: string; before: string[]; coordinated_before: string[]; after: string[]; pain_words: string[] };
  healing_injury: {
    follow_up: string[]; seen_ago: { subjects: string[]; units: string[] };
    healing_after: string[]; healing_how: string[]; healed_after: string[]; healed_degree: string[]; healed_how: string[];
  };
}

/** The coder's cue lists, loaded once (question, hedge, offer and answer words are discourse.json's). */
export function codingCues(language = 'en'): CodingCues {
  return languageData<CodingCues>('coding', language);
}
