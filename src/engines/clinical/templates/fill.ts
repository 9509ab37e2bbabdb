// Template filling: walk the template, decide from each section's prompt (and the global
// prompt) which transcript statements belong there, and write `result` honouring the
// section's properties. A section with nothing to say stays empty: no filler text.
import type { NoteTemplate, Span, TemplateSection, TemplateSectionProperties } from '../../ports.ts';
import { classifySection, SECTION_KINDS } from './catalog.ts';
import { detailOf, ITEM_BUDGET, SENTENCE_BUDGET, shiftDetail } from './build.ts';
import { correctDrugNames } from './drug-spelling.ts';
import { spokenNumbersToDigits } from './numbers-lite.ts';
import { renderMarkdown } from './render.ts';
import { applyTone, rewriteSentence, sentenceCase, systemLabel, tidy, voiceFor, type Voice } from './rewrite.ts';
import { buildCandidates, needFor, scoreFor, type Candidate, type SectionNeed } from './select.ts';

/** Statements another engine already extracted, keyed by section kind ("medications",
 * "allergies", "assessment" … see data/templates/sections.json). They win over sentence
 * selection for sections of that kind. */
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
}

interface GlobalHints {
  detailShift: number;
  tone?: string;
}

function readGlobalPrompt(prompt: string | undefined): GlobalHints {
  const p = (prompt ?? '').toLowerCase();
  const hints: GlobalHints = { detailShift: 0 };
  if (/\b(?:concise|brief|succinct|short)\b/.test(p)) hints.detailShift = -1;
  else if (/\b(?:detailed|thorough|comprehensive)\b/.test(p)) hints.detailShift = 1;
  const tone = /\b(formal|technical|instructional)\s+(?:tone|language|style)|\btone\b[^.]*?\b(formal|technical|instructional)\b/.exec(p);
  if (tone) hints.tone = tone[1] ?? tone[2];
  return hints;
}

const SYMPTOM = '(?:pain|ache|aches|swelling|rash|cough|fever|fevers|headaches?|ulcer|injury|problems?|issues?|numbness|bleeding|infection|lump|dizziness|fatigue)';
const CC_PATTERNS: [RegExp, (m: RegExpExecArray) => string][] = [
  [/\bchief complaint (?:is|of)\s+(.{3,60}?)(?:[.,?]|$)/i, (m) => m[1]!],
  [/\b(?:here|in|coming in|came in|presents?|presenting)\s+(?:today\s+)?(?:for|with)\s+(?:an?\s+|the\s+|his\s+|her\s+|your\s+|their\s+|some\s+)?(.{3,60}?)(?:[.,?]| today| and| so|$)/i, (m) => m[1]!],
  [new RegExp(`\\b(${SYMPTOM}) in (?:my|the|his|her|your|their) ((?:right |left |lower |upper )?[a-z]+)`, 'i'), (m) => `${m[2]} ${m[1]}`],
  [new RegExp(`\\b(?:been having|having|have had|complaining of|dealing with|with)\\s+(?:some |a |an |this |the |that )?((?:right |left )?(?:[a-z]+ ){0,2}${SYMPTOM})\\b`, 'i'), (m) => m[1]!],
  [/\bmy\s+((?:right |left )?[a-z]+)\s+(?:[a-z']+\s+){0,4}?(?:ache|aches|hurts|hurt|pain|is hurting|has been hurting)\b/i, (m) => `${m[1]} pain`],
];

function chiefComplaint(candidates: Candidate[], need: SectionNeed): Picked | undefined {
  for (const c of candidates.slice(0, 80)) {
    if (c.statement) continue;
    for (const [re, phrase] of CC_PATTERNS) {
      const m = re.exec(c.text);
      const text = m ? phrase(m).trim() : '';
      if (m && text.split(/\s+/).length <= 10 && !/\b(?:you|me|it|that|this|a|the|to|of|for|and)$/.test(text)) {
        return { text: sentenceCase(spokenNumbersToDigits(text).replace(/\byour\b/gi, 'their')), spans: c.spans };
      }
    }
  }
  const best = candidates.filter((c) => !c.statement && c.role === 'patient').map((c) => ({ c, s: scoreFor(c, { ...need, speaker: 'any' }) })).sort((a, b) => b.s - a.s)[0];
  return best && best.s > 0 ? { text: rewriteSentence(best.c.text, best.c.role), spans: best.c.spans } : undefined;
}

const VITALS: [RegExp, (m: RegExpExecArray) => string][] = [
  [/blood pressure (?:is|was|of|at|today is|looks)?\s*(?:about\s+)?(\d{2,3})\s*(?:over|\/)\s*(\d{2,3})/i, (m) => `Blood pressure: ${m[1]}/${m[2]} mmHg.`],
  [/(?:heart rate|pulse)\s*(?:is|was|of|at)?\s*(?:about\s+)?(\d{2,3})/i, (m) => `Heart rate: ${m[1]} bpm.`],
  [/temperature\s*(?:is|was|of|at)?\s*(\d{2,3}(?:\.\d)?)/i, (m) => `Temperature: ${m[1]}.`],
  [/(?:respiratory rate|respirations)\s*(?:is|was|of|at)?\s*(\d{1,2})/i, (m) => `Respiratory rate: ${m[1]}.`],
  [/(?:oxygen|o2|pulse ox|saturation)[a-z ]*?\s(?:is|was|of|at)?\s*(\d{2,3})\s*(?:%|percent)?/i, (m) => `Oxygen saturation: ${m[1]}%.`],
  [/weigh(?:t is|t was|s|ed)?\s*(?:about\s+)?(\d{2,3})\s*(?:pounds|lbs|kilograms|kg)/i, (m) => `Weight: ${m[0].match(/\d{2,3}\s*\w+/)![0]}.`],
];

function vitals(candidates: Candidate[]): Picked[] {
  const found = new Map<string, Picked>();
  const plain = candidates.filter((c) => !c.statement);
  for (const [i, c] of plain.entries()) {
    // ASR often breaks "blood pressure . was 120 over 60" in two: read the next piece too.
    const next = plain[i + 1];
    const spoken = spokenNumbersToDigits(next && next.spans[0]!.start - c.spans[0]!.end < 40 ? `${c.text} ${next.text}` : c.text);
    for (const [re, format] of VITALS) {
      const m = re.exec(spoken);
      if (!m) continue;
      const text = format(m);
      const label = text.split(':')[0]!;
      if (!found.has(label)) found.set(label, { text, spans: m.index > c.text.length && next ? next.spans : c.spans });
    }
  }
  return [...found.values()];
}

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

/** Picks statements for one section, best first, then restores transcript order. */
function choose(candidates: Candidate[], need: SectionNeed, rivals: SectionNeed[], used: Set<Candidate>, budget: number, minimum: number): Candidate[] {
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
  let chosen = strong.slice(0, budget);
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
  const supplied = ctx.candidates.filter((c) => c.forKinds?.includes(need.key));
  if (supplied.length) {
    picked = supplied.slice(0, max).map((c) => ({ text: applyTone(c.statement ?? c.text, tone), spans: c.spans }));
  } else if (need.key === 'chief_complaint') {
    const cc = chiefComplaint(ctx.candidates, need);
    if (cc) picked = [{ ...cc, text: applyTone(cc.text, tone) }];
  } else {
    if (need.key === 'vitals') picked = vitals(ctx.candidates).slice(0, max);
    if (picked.length === 0) {
      const chosen = choose(ctx.candidates, need, rivals, ctx.used, max, Math.min(min, max));
      for (const c of chosen) ctx.used.add(c);
      picked = chosen
        .map((c) => ({ text: c.statement ? applyTone(c.statement, tone) : rewriteSentence(c.text, c.role, tone, ctx.voice), spans: c.spans }))
        .filter((p) => p.text.split(/\s+/).length >= 2);
    }
  }

  if (isList) {
    let items = picked;
    // System labels suit findings (ROS, exam) and sections the catalogue does not know.
    if (wantsLabels(section.prompt) && (need.key === 'ros' || need.key === 'exam' || !need.kind)) {
      // Group findings under body-system labels ("Cardiovascular: Denies chest pain.").
      const groups = new Map<string, Picked>();
      const unlabelled: Picked[] = [];
      for (const p of items) {
        const label = systemLabel(p.text);
        if (!label) {
          unlabelled.push(p);
          continue;
        }
        const g = groups.get(label);
        if (g) groups.set(label, { text: `${g.text} ${p.text}`, spans: [...g.spans, ...p.spans] });
        else groups.set(label, p);
      }
      items = [...[...groups.entries()].map(([label, p]) => ({ text: `${label}: ${p.text}`, spans: p.spans })), ...unlabelled];
    }
    if (items.length < min) {
      // Split compound statements to reach min_items without inventing anything.
      items = items.flatMap((p) => (items.length < min ? p.text.split(/;\s+|,\s+and\s+/).map((t) => ({ text: sentenceCase(t), spans: p.spans })) : [p]));
    }
    items = items.slice(0, max);
    items.forEach((p, index) => ctx.evidence.push({ sectionId: section.id, index, spans: p.spans }));
    return { ...section, type: 'list', result: items.map((p) => p.text) };
  }
  const sentences = picked.slice(0, max);
  sentences.forEach((p, index) => ctx.evidence.push({ sectionId: section.id, index, spans: p.spans }));
  return { ...section, type: 'text', result: sentences.map((p) => p.text).join(' ') };
}

function respell(sections: TemplateSection[], medicationList: string[]): TemplateSection[] {
  return sections.map((s) => {
    if (s.type === 'heading') return { ...s, children: respell(s.children, medicationList) };
    if (s.type === 'list') return { ...s, result: s.result?.map((r) => correctDrugNames(r, medicationList)) };
    return { ...s, result: s.result === undefined ? undefined : correctDrugNames(s.result, medicationList) };
  });
}

/** Fills a (validated) template from a transcript. */
export function fillTemplate(template: NoteTemplate, transcript: string, facts?: FillFacts, options: FillOptions = {}): FilledNote {
  const candidates = buildCandidates(transcript);
  for (const fact of facts?.statements ?? []) {
    candidates.push({ text: tidy(fact.text), statement: fact.text, role: 'other', spans: fact.spans, position: fact.spans[0]?.start ?? 0, forKinds: [fact.kind] });
  }
  const needs = new Map<string, SectionNeed>();
  const visit = (sections: TemplateSection[], heading?: string) => {
    for (const s of sections) {
      if (s.type === 'heading') visit(s.children, s.properties.text);
      else needs.set(s.id, needFor(keyOf(s, heading), s.prompt, heading ?? s.properties?.label));
    }
  };
  visit(template.sections);
  const ctx: FillContext = { candidates, needs, used: new Set(), hints: readGlobalPrompt(template.global_prompt), evidence: [], voice: voiceFor(options.gender) };
  const fill = (sections: TemplateSection[], heading?: string): TemplateSection[] =>
    sections.map((s) => (s.type === 'heading' ? { ...s, children: fill(s.children, s.properties.text) } : fillContent(s, heading, ctx)));
  let sections = fill(template.sections);
  if (options.medicationList?.length) sections = respell(sections, options.medicationList);
  return { markdown: renderMarkdown(sections), json: { sections, evidence: ctx.evidence } };
}
