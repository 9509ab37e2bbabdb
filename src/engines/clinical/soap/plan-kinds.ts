// What a plan statement under a problem does, for the labelled lines a structured assessment and
// plan writes per problem: the reasoning, tests ordered, treatment, and what the patient was told.
import { ORDERABLE_WORDS } from '../visit/index.ts';
import type { Statement } from './evidence.ts';

export type PlanKind = 'reasoning' | 'testing' | 'treatment' | 'education';

/** In the order a problem's lines are written. */
export const PLAN_KINDS: readonly PlanKind[] = ['reasoning', 'testing', 'treatment', 'education'];

export const PLAN_KIND_TITLES: Record<PlanKind, string> = {
  reasoning: 'Medical Reasoning', testing: 'Additional Testing', treatment: 'Medical Treatment', education: 'Patient Education and Counseling',
};

// A test is ordered when it is named with an ordering verb or as something to be done.
const TEST = new RegExp(`\\b(?:${ORDERABLE_WORDS})\\b`, 'i');
const ORDERING = /\b(?:order\w*|get|obtain|schedul\w*|repeat|check|draw\w*|send\w* (?:you|her|him|them) for|will do|want to do)\b/i;
const TREATMENT = /\b(?:prescri\w*|start\w*|continu\w*|increas\w*|decreas\w*|stop\w*|switch\w*|take|taking|mg|dose|refills?|injection|inject\w*|surgery|procedure|brace|splint|sling|cast|physical therapy|refer\w*|medications?|medicine|inhaler|cream|ointment|antibiotics?)\b/i;
const EDUCATION = /\b(?:discuss\w*|explain\w*|educat\w*|counsel\w*|advis\w*|recommend\w*|encourag\w*|avoid|make sure|should|diet|exercise|ice|elevat\w*|rest|call|if (?:it|she|he|they|the patient|symptoms?)\b)/i;

export function planKind(text: string): PlanKind {
  if (TEST.test(text) && ORDERING.test(text)) return 'testing';
  if (TREATMENT.test(text)) return 'treatment';
  if (EDUCATION.test(text)) return 'education';
  return 'reasoning';
}

/** A problem's plan statements by kind, each kind in visit order, kinds in PLAN_KINDS order. */
export function byKind(items: readonly Statement[]): [PlanKind, Statement[]][] {
  const kinds = new Map<PlanKind, Statement[]>();
  for (const s of items) {
    const kind = planKind(s.text);
    kinds.set(kind, [...(kinds.get(kind) ?? []), s]);
  }
  return PLAN_KINDS.filter((k) => kinds.has(k)).map((k) => [k, kinds.get(k)!]);
}
