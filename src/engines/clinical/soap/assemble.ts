// Assembles the SOAP payload (json + markdown + evidence) from a read visit: each section is a renderer over the Visit.
import type { NoteRequest } from '../../ports.ts';
import type { Visit } from '../visit/index.ts';
import { writeAssessment } from './assessment.ts';
import { SoapJson } from './fields.ts';
import { writeMarkdown } from './markdown.ts';
import { writeObjective } from './objective.ts';
import { writePlan } from './plan.ts';
import { noteParts } from './statements.ts';
import type { Steering } from './steer.ts';
import { writeSubjective } from './subjective.ts';

export interface Payload { markdown: string; json: Record<string, unknown>; }

export function assemble(request: NoteRequest, visit: Visit, steer: Steering): Payload {
  const parts = noteParts(visit, steer);
  const out = new SoapJson();
  // The order of writing is the order of keys in the JSON.
  const objective = writeObjective(visit, parts.exam, parts.results, out);
  const subjective = writeSubjective(request, visit, parts.hpi, out);
  const diagnoses = writeAssessment(visit, parts.plan, out);
  const plan = writePlan(visit, parts.plan, out);
  const md = writeMarkdown({ subjective, objective, diagnoses, plan });
  const json = out.finish();
  return {
    markdown: md.text ? md.text + '\n' : '',
    json: { ...json, evidence: { fields: out.fields, markdown: md.evidence } },
  };
}
