// Grounding check quality on ACI-bench: how often it flags facts in the human reference notes
// (written from the same visits, so nearly all flags are false alarms or facts the scribe
// added from the chart), and how many planted errors it catches in those notes.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { drugTerms } from '../src/engines/grounding/drugs.ts';
import { checkFacts, factsIn, groundProse } from '../src/engines/grounding/prose.ts';
import { TranscriptGrounder } from '../src/engines/grounding/transcript-grounder.ts';
import { csvRecords } from '../src/eval/csv.ts';
import { generateSoapNote } from '../src/engines/clinical/soap/index.ts';
import { groundSoap } from '../src/engines/grounding/soap.ts';

const DATA = new URL('../../shared/data/aci-bench/challenge_data/', import.meta.url);
// Real drugs to plant (the first one a visit does not mention), and a name no lexicon has.
const PLANT_DRUGS = ['warfarin', 'metoprolol', 'atorvastatin', 'sertraline', 'levothyroxine', 'amiodarone', 'apixaban', 'clonazepam', 'pantoprazole', 'tamsulosin'];
const INVENTED_NAME = 'Zorvantix';
// Diagnoses to plant in the engine's SOAP JSON (the first whose words a visit does not say), with
// their codes: a model naming a condition the visit never raised must be flagged.
const PLANT_DIAGNOSES: [string, string, RegExp][] = [
  ['Gout', 'M10.9', /\bgout/],
  ['Multiple sclerosis', 'G35.D', /sclerosis|\bms\b/],
  ['Acute pancreatitis', 'K85.90', /pancrea/],
  ['Psoriasis', 'L40.9', /psoria/],
  ['Glaucoma', 'H40.9', /glaucoma/],
];

interface Tally { visits: number; facts: number; flagged: number; sentences: number; dropped: number; planted: Record<string, [number, number]>; ms: number[]; soapFacts: number; soapFlagged: number }

const sentencesOf = (text: string) => text.split('\n').flatMap((l) => l.split(/(?<=[.!?])\s+/)).filter((s) => s.trim());

function caught(note: string, grounder: TranscriptGrounder, needle: string): boolean {
  return groundProse(note, 'note', grounder, 'flag').ungrounded.some((u) => u.text.toLowerCase().includes(needle.toLowerCase()));
}

function run(split: string): Tally {
  const t: Tally = { soapFacts: 0, soapFlagged: 0, visits: 0, facts: 0, flagged: 0, sentences: 0, dropped: 0, planted: { 'invented drug': [0, 0], 'invented name + dose-free': [0, 0], 'invented lower-case drug-like name': [0, 0], 'invented vital': [0, 0], 'wrong dose': [0, 0], 'invented diagnosis': [0, 0] }, ms: [] };
  for (const r of csvRecords(readFileSync(new URL(`${split}.csv`, DATA), 'utf8'))) {
    const dialogue = r.dialogue!;
    const note = r.note!;
    t.visits++;
    const start = performance.now();
    const grounder = new TranscriptGrounder(dialogue);
    const flagged = groundProse(note, 'note', grounder, 'flag');
    t.ms.push(performance.now() - start);
    const sentences = sentencesOf(note);
    t.sentences += sentences.length;
    t.facts += sentences.reduce((n, s) => n + factsIn(s).length, 0);
    t.flagged += flagged.ungrounded.length;
    t.dropped += sentences.length - sentencesOf(groundProse(note, 'note', grounder, 'drop').text).length;

    // The embedded engine's own SOAP JSON (every fact read from the visit) checked as if a model wrote it.
    const { evidence: _evidence, ...soap } = generateSoapNote({ transcript: dialogue, noteType: { type: 'soap' } }).json;
    const soapCheck = groundSoap(soap, grounder, 'flag');
    t.soapFacts += Object.keys(soapCheck.evidence).length + soapCheck.ungrounded.length;
    t.soapFlagged += soapCheck.ungrounded.length;
    const lower = dialogue.toLowerCase();
    const unsaid = PLANT_DIAGNOSES.find(([, , said]) => !said.test(lower));
    if (unsaid) {
      const [description, icdCode] = unsaid;
      const planted = { assessment: { diagnoses: [{ description, icdCode }] } };
      t.planted['invented diagnosis']![1]++;
      if (groundSoap(planted, grounder, 'flag').ungrounded.some((u) => u.text === description)) t.planted['invented diagnosis']![0]++;
    }

    const said = new Set(dialogue.toLowerCase().match(/[a-z]+/g) ?? []);
    const drug = PLANT_DRUGS.find((d) => !drugTerms(d).some((g) => said.has(g)) && !said.has(d))!;
    const plant = (kind: string, text: string, needle: string) => {
      t.planted[kind]![1]++;
      if (caught(`${note}\n${text}`, grounder, needle)) t.planted[kind]![0]++;
    };
    plant('invented drug', `Start ${drug.charAt(0).toUpperCase() + drug.slice(1)} 25 mg daily.`, drug);
    plant('invented name + dose-free', `The patient will continue ${INVENTED_NAME} as before.`, INVENTED_NAME);
    plant('invented lower-case drug-like name', 'She was also started on zorvastatin last month.', 'zorvastatin');
    if (!/103\.1|one oh three point one/.test(dialogue)) plant('invented vital', 'Temperature: 103.1 °F.', '103.1');
    // Wrong dose: a drug and dose the note states and the visit supports, with the dose multiplied by 4.
    for (const s of sentences) {
      const facts = factsIn(s);
      const dose = facts.find((f) => f.kind === 'dose' && checkFacts([facts[f.of!]!, { ...f, of: 0 }], grounder).missing.length === 0);
      if (!dose) continue;
      const wrong = dose.text.replace(/\d+(?:\.\d+)?/, (n) => String(Number(n) * 4));
      plant('wrong dose', `${facts[dose.of!]!.text} ${wrong} daily.`, wrong);
      break;
    }
  }
  return t;
}

const pct = (a: number, b: number) => (b ? ((100 * a) / b).toFixed(1) : '—');
const dev = run('train');
const held = run('valid');
console.log('\n### Grounding on human reference notes (ACI-bench; train = development, valid = held out)\n');
console.log('| measure | train | valid |');
console.log('| --- | ---: | ---: |');
console.log(`| visits | ${dev.visits} | ${held.visits} |`);
console.log(`| drug/dose/vital facts checked | ${dev.facts} | ${held.facts} |`);
console.log(`| facts flagged (false alarms or chart facts) | ${dev.flagged} (${pct(dev.flagged, dev.facts)} %) | ${held.flagged} (${pct(held.flagged, held.facts)} %) |`);
console.log(`| sentences dropped in drop mode | ${dev.dropped} / ${dev.sentences} (${pct(dev.dropped, dev.sentences)} %) | ${held.dropped} / ${held.sentences} (${pct(held.dropped, held.sentences)} %) |`);
console.log(`| embedded SOAP JSON checked as a model answer: facts flagged | ${dev.soapFlagged} / ${dev.soapFacts} | ${held.soapFlagged} / ${held.soapFacts} |`);
console.log('\n| planted error caught | train | valid |');
console.log('| --- | ---: | ---: |');
for (const kind of Object.keys(dev.planted)) {
  const [a, b] = dev.planted[kind]!;
  const [c, d] = held.planted[kind]!;
  console.log(`| ${kind} | ${a}/${b} (${pct(a, b)} %) | ${c}/${d} (${pct(c, d)} %) |`);
}
const ms = [...dev.ms, ...held.ms].sort((a, b) => a - b);
console.log(`\n| grounding one note (read transcript + check) | median ${ms[Math.floor(ms.length / 2)]!.toFixed(1)} ms | p95 ${ms[Math.floor(ms.length * 0.95)]!.toFixed(1)} ms |`);
console.log('| --- | ---: | ---: |');
