// Template filling: walk the template, decide from each section's prompt (and the global
// prompt) which transcript statements belong there, and write `result` honouring the
// section's properties. A section with nothing to say stays empty: no filler text.
import type { NoteTemplate, Span, TemplateSection, TemplateSectionProperties } from '../../ports.ts';
import { classifySection, SECTION_KINDS } from './catalog.ts';
import { detailOf, ITEM_BUDGET, SENTENCE_BUDGET, shiftDetail } from './build.ts';
import { correctDrugNames } from './drug-spelling.ts';
import { renderMarkdown } from './render.ts';
import { asksLonger, asksShorter, sentenceCase, systemLabel, THEY, tidy, voiceFor, type Voice } from '../language/index.ts';
import { applyTone, rewriteSentence } from './rewrite.ts';
import { diagnosisPhrase, planInstruction } from './acts.ts';
import { buildCandidates, needFor, scoreFor, type Candidate, type SectionNeed } from './select.ts';
import { readVisit, type Visit, type VitalSign } from '../visit/index.ts';

/** Statements keyed by section kind ("medications", "allergies", "assessment" … see
 * data/templates/sections.json). Without them, the Visit's facts (medications, allergies)
 * lead their sections; a caller's replace sentence selection for sections of that kind. */
export interface FillFacts {
  statements?: { kind: string; text: string; spans: Span[] }[];
}

export interface SectionEvidence {
  sectionId: string;
  /** Sentence (text) or item (list) index within the section's result. */
  index: number;
  spans: Span[];
}

export interface FilledNote {
  markdown: string;
  json: { sections: TemplateSection[]; evidence: SectionEvidence[] };
}

type Content = Exclude<TemplateSection, { type: 'heading' }>;


interface Picked {
  text: string;
  spans: Span[];
  /** The spoken sentence it came from (clauses of one sentence share it). */
  origin?: string;
}

interface GlobalHints {
  detailShift: number;
  tone?: string;
}

function readGlobalPrompt(prompt: string | undefined): GlobalHints {
  const p = (prompt ?? '').toLowerCase();
  const hints: GlobalHints = { detailShift: 0 };
  if (asksShorter(p)) hints.detailShift = -1;
  else if (asksLonger(p)) hints.detailShift = 1;
  const tone = /\b(formal|technical|instructional)\s+(?:tone|language|style)|\btone\b[^.]*?\b(formal|technical|instructional)\b/.exec(p);
  if (tone) hints.tone = tone[1] ?? tone[2];
  return hints;
}

/** Without a stated reason or a named problem, the patient's most telling statement says why they came. */
function spokenComplaint(candidates: Candidate[], need: SectionNeed): Picked | undefined {
  const best = candidates.filter((c) => !c.statement && c.role === 'patient').map((c) => ({ c, s: scoreFor(c, { ...need, speaker: 'any' }) })).sort((a, b) => b.s - a.s)[0];
  return best && best.s > 0 ? { text: rewriteSentence(best.c.text, best.c.role), spans: best.c.spans } : undefined;
}

const VITAL_LABELS: Record<VitalSign['kind'], string> = {
  bloodPressure: 'Blood pressure', heartRate: 'Heart rate', temperature: 'Temperature', respiratoryRate: 'Respiratory rate',
  oxygenSaturation: 'Oxygen saturation', weight: 'Weight',
};

function wantsLabels(prompt: string): boolean {
  return /"Label: finding"|by (?:body )?system|by (?:body )?area|labell?ed/i.test(prompt);
}

// Each candidate is scored against every kind once, not once per section filled.
const scoreCache = new WeakMap<Candidate, Map<SectionNeed, number>>();
function cachedScore(c: Candidate, need: SectionNeed): number {
  let byNeed = scoreCache.get(c);
  if (!byNeed) scoreCache.set(c, (byNeed = new Map()));
  let score = byNeed.get(need);
  if (score === undefined) byNeed.set(need, (score = scoreFor(c, need)));
  return score;
}

/** The first `budget` spoken sentences of a ranked list, with every clause cut from them. */
function withinOrigins<T extends { c: { origin?: string; position?: number } }>(ranked: T[], budget: number): T[] {
  const origins = new Set<string | undefined>();
  return ranked.filter((x, i) => {
    const origin = x.c.origin ?? `@${x.c.position ?? i}`;
    if (origins.has(origin)) return true;
    if (origins.size >= budget) return false;
    origins.add(origin);
    return true;
  });
}

/** Picks statements for one section, best first, then restores transcript order. */
function choose(candidates: Candidate[], need: SectionNeed, rivals: SectionNeed[], used: Set<Candidate>, budget: number, minimum: number, byOrigin = false): Candidate[] {
  const others = rivals.filter((r) => r.key !== need.key);
  // Kinds the template lacks still compete, more weakly: a medication statement should
  // not land in "Family history" just because the template has no medication section.
  const absent = ABSENT_RIVALS.filter((r) => !rivals.some((x) => x.key === r.key));
  const scored = candidates
    .filter((c) => !used.has(c))
    .map((c) => {
      const own = cachedScore(c, need);
      const best = Math.max(0, ...others.map((r) => cachedScore(c, r)), ...absent.map((r) => 0.6 * cachedScore(c, r)));
      return { c, own, best };
    })
    .filter((x) => x.own >= 1);
  const strong = scored.filter((x) => x.own >= 0.8 * x.best).sort((a, b) => b.own - a.own);
  // In prose, clauses cut from one spoken sentence count as one sentence of the budget.
  let chosen = byOrigin ? withinOrigins(strong, budget) : strong.slice(0, budget);
  if (chosen.length < minimum) {
    // Reach a requested minimum with weaker but still relevant statements; never filler.
    const extra = scored.filter((x) => !chosen.includes(x)).sort((a, b) => b.own - a.own);
    chosen = [...chosen, ...extra.slice(0, minimum - chosen.length)];
  }
  return chosen.map((x) => x.c).sort((a, b) => a.position - b.position);
}

const ABSENT_RIVALS: SectionNeed[] = SECTION_KINDS.filter((k) => !/^(?:hpi|assessment_and_plan|chief_complaint)$/.test(k.kind)).map((k) => needFor(k.kind, '', undefined));

function numberOrUndefined(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

interface FillContext {
  candidates: Candidate[];
  needs: Map<string, SectionNeed>;
  used: Set<Candidate>;
  hints: GlobalHints;
  evidence: SectionEvidence[];
  voice: Voice;
  visit: Visit;
}

export interface FillOptions {
  /** patientInfo.gender: picks he/she over "they" when rewriting speech. */
  gender?: string;
  /** Drug names the patient takes: misheard spellings in the note are corrected to them. */
  medicationList?: string[];
}

function keyOf(section: Content, heading: string | undefined): string {
  const kind = classifySection(heading ?? section.properties?.label, section.prompt);
  return kind ? kind.kind : `custom:${section.id}`;
}

/** Findings grouped under body-system labels ("Cardiovascular: Denies chest pain."); unlabelled ones after. */
function bySystem(picked: Picked[]): Picked[] {
  const groups = new Map<string, Picked>();
  const unlabelled: Picked[] = [];
  for (const p of picked) {
    const label = systemLabel(p.text);
    if (!label) {
      unlabelled.push(p);
      continue;
    }
    const g = groups.get(label);
    groups.set(label, g ? { text: `${g.text} ${p.text}`, spans: [...g.spans, ...p.spans] } : p);
  }
  return [...[...groups.entries()].map(([label, p]) => ({ text: `${label}: ${p.text}`, spans: p.spans })), ...unlabelled];
}

function fillContent(section: Content, heading: string | undefined, ctx: FillContext): Content {
  const props: TemplateSectionProperties = section.properties ?? {};
  const need = ctx.needs.get(section.id)!;
  const rivals = [...ctx.needs.values()];
  const detail = props.detail_level ? detailOf(props.detail_level) : shiftDetail(need.kind?.detail ?? 'standard', ctx.hints.detailShift);
  const tone = typeof props.tone === 'string' ? props.tone : ctx.hints.tone;
  const isList = section.type === 'list';
  const max = isList ? (numberOrUndefined(props.max_items) ?? ITEM_BUDGET[detail]) : (numberOrUndefined(props.max_sentences) ?? SENTENCE_BUDGET[detail]);
  const min = isList ? (numberOrUndefined(props.min_items) ?? 0) : (numberOrUndefined(props.min_sentences) ?? 0);

  let picked: Picked[] = [];
  const supplied = ctx.candidates.filter((c) => c.exclusive && c.forKinds?.includes(need.key));
  if (supplied.length) {
    picked = supplied.slice(0, max).map((c) => ({ text: applyTone(c.statement ?? c.text, tone), spans: c.spans }));
  } else if (need.key === 'chief_complaint') {
    const reason = ctx.visit.chiefComplaint;
    const cc = reason ? { text: reason.text, spans: reason.spans } : spokenComplaint(ctx.candidates, need);
    if (cc) picked = [{ ...cc, text: applyTone(cc.text, tone) }];
  } else {
    if (need.key === 'vitals') picked = ctx.visit.vitals.slice(0, max).map((v) => ({ text: `${VITAL_LABELS[v.kind]}: ${v.value}.`, spans: v.spans }));
    if (picked.length === 0) {
      // Prose, and lists whose length the template does not fix, count spoken sentences.
      const bySentence = !isList || numberOrUndefined(props.max_items) === undefined;
      const chosen = choose(ctx.candidates, need, rivals, ctx.used, max, Math.min(min, max), bySentence);
      for (const c of chosen) ctx.used.add(c);
      picked = (isList ? chosen : rejoinClauses(chosen))
        .map((c) => ({ text: c.statement ? applyTone(c.statement, tone) : writeCandidate(c, need, tone, ctx.voice), spans: c.spans, origin: c.origin }))
        .filter((p) => p.text.split(/\s+/).length >= 2);
    }
  }

  if (isList) {
    // System labels suit findings (ROS, exam) and sections the catalogue does not know.
    let items = wantsLabels(section.prompt) && (need.key === 'ros' || need.key === 'exam' || !need.kind) ? bySystem(picked) : picked;
    if (items.length < min) {
      // Split compound statements to reach min_items without inventing anything.
      items = items.flatMap((p) => (items.length < min ? p.text.split(/;\s+|,\s+and\s+/).map((t) => ({ text: sentenceCase(t), spans: p.spans })) : [p]));
    }
    items = numberOrUndefined(props.max_items) === undefined ? withinOrigins(items.map((p) => ({ p, c: { origin: p.origin } })), max).map((x) => x.p) : items.slice(0, max);
    items.forEach((p, index) => ctx.evidence.push({ sectionId: section.id, index, spans: p.spans }));
    return { ...section, type: 'list', result: items.map((p) => p.text) };
  }
  // The history's opening line is the Visit's, on top of what the section picks when the template does not fix its length.
  const opening = need.key === 'hpi' && picked.length && numberOrUndefined(props.max_sentences) === undefined ? presentsWith(ctx.visit, ctx.voice) : undefined;
  if (opening) picked = [opening, ...picked];
  const sentences = withinOrigins(picked.map((p) => ({ p, c: { origin: p.origin } })), max + (opening ? 1 : 0)).map((x) => x.p);
  sentences.forEach((p, index) => ctx.evidence.push({ sectionId: section.id, index, spans: p.spans }));
  return { ...section, type: 'text', result: sentences.map((p) => p.text).join(' ') };
}

/** In prose, neighbouring clauses of one spoken sentence read as that sentence again. */
function rejoinClauses(chosen: Candidate[]): Candidate[] {
  const out: Candidate[] = [];
  for (const c of chosen) {
    const prev = out[out.length - 1];
    if (prev && c.origin !== undefined && prev.origin === c.origin && prev.part !== undefined && c.part === prev.part + 1 && c.joiner !== undefined && !c.statement && !prev.statement) {
      const plan = prev.act?.kind === 'plan' && c.act?.kind === 'plan';
      out[out.length - 1] = { ...prev, text: tidy(`${prev.text.replace(/[.!?]+$/, '')}${c.joiner}${c.text}`), spans: [...prev.spans, ...c.spans], part: c.part, act: plan ? prev.act : undefined };
    } else out.push(c);
  }
  return out;
}

/** A transcript sentence in note voice; a diagnosis or plan said aloud is written as one. */
function writeCandidate(c: Candidate, need: SectionNeed, tone: string | undefined, voice: Voice): string {
  if (c.act?.kind === 'assessment' && (need.key === 'assessment' || need.key === 'assessment_and_plan')) {
    const diagnosis = diagnosisPhrase(c.text, c.act);
    if (diagnosis) return rewriteSentence(diagnosis, c.role, tone, voice);
  }
  if (c.act?.kind === 'plan' && (need.key === 'plan' || need.key === 'assessment_and_plan' || need.key === 'follow_up')) {
    return rewriteSentence(planInstruction(c.text), c.role, tone, voice);
  }
  return rewriteSentence(c.text, c.role, tone, voice);
}

function respell(sections: TemplateSection[], medicationList: string[]): TemplateSection[] {
  return sections.map((s) => {
    if (s.type === 'heading') return { ...s, children: respell(s.children, medicationList) };
    if (s.type === 'list') return { ...s, result: s.result?.map((r) => correctDrugNames(r, medicationList)) };
    return { ...s, result: s.result === undefined ? undefined : correctDrugNames(s.result, medicationList) };
  });
}

/** What the Visit read as facts, as statements for the sections of their kind. */
function factsOf(visit: Visit): FillFacts {
  const statements: NonNullable<FillFacts['statements']> = [];
  for (const a of visit.allergies) statements.push({ kind: 'allergies', text: `${a.substance}${a.reaction ? ` (${a.reaction})` : ''}.`, spans: [a.substanceSpan, ...a.reactionSpans] });
  if (!visit.allergies.length && visit.noAllergies) statements.push({ kind: 'allergies', ...visit.noAllergies });
  for (const m of visit.medications) statements.push({ kind: 'medications', text: `${[m.name, m.form, m.dosage, m.frequency].filter(Boolean).join(' ')}.`, spans: m.spans });
  return { statements };
}

/** "She presents with right knee pain.": the history opens with the reason for the visit, as notes do. */
function presentsWith(visit: Visit, voice: Voice): Picked | undefined {
  const cc = visit.chiefComplaint;
  if (!cc) return undefined;
  const subject = voice === THEY ? 'The patient' : `${voice.subject.charAt(0).toUpperCase()}${voice.subject.slice(1)}`;
  return { text: `${subject} presents with ${cc.text.charAt(0).toLowerCase()}${cc.text.slice(1)}.`, spans: cc.spans, origin: 'chief complaint' };
}

/** Fills a (validated) template from a transcript, or from the Visit already read from it. */
export function fillTemplate(template: NoteTemplate, transcript: string | Visit, facts?: FillFacts, options: FillOptions = {}): FilledNote {
  // A job that already read the visit (for a SOAP note too) passes it, so it is read once.
  const visit = typeof transcript === 'string' ? readVisit(transcript, { gender: options.gender, medicationList: options.medicationList }) : transcript;
  const candidates = buildCandidates(visit.text, visit);
  // Facts a caller supplies replace sentence selection for their kind; the Visit's own lead it.
  for (const fact of (facts ?? factsOf(visit)).statements ?? []) {
    candidates.push({ text: tidy(fact.text), statement: fact.text, role: 'unknown', spans: fact.spans, position: fact.spans[0]?.start ?? 0, forKinds: [fact.kind], ...(facts ? { exclusive: true } : {}) });
  }
  const needs = new Map<string, SectionNeed>();
  const collectNeeds = (sections: TemplateSection[], heading?: string) => {
    for (const s of sections) {
      if (s.type === 'heading') collectNeeds(s.children, s.properties.text);
      else needs.set(s.id, needFor(keyOf(s, heading), s.prompt, heading ?? s.properties?.label));
    }
  };
  collectNeeds(template.sections);
  // Without a review of systems, answered yes/no questions are the HPI's pertinent negatives
  // (and positives).
  if (![...needs.values()].some((n) => n.key === 'ros')) {
    for (const need of needs.values()) if (need.key === 'hpi') need.answers = 1;
  }
  const ctx: FillContext = { candidates, needs, used: new Set(), hints: readGlobalPrompt(template.global_prompt), evidence: [], voice: voiceFor(options.gender ?? visit.sex), visit };
  const fill = (sections: TemplateSection[], heading?: string): TemplateSection[] =>
    sections.map((s) => (s.type === 'heading' ? { ...s, children: fill(s.children, s.properties.text) } : fillContent(s, heading, ctx)));
  let sections = fill(template.sections);
  if (options.medicationList?.length) sections = respell(sections, options.medicationList);
  return { markdown: renderMarkdown(sections), json: { sections, evidence: ctx.evidence } };
}
