// A coding analysis as a FHIR R4 `collection` Bundle of ICD-10-CM Conditions.
import type { Bundle } from '@medplum/fhirtypes';
import type { CodedItem } from '../engines/ports.ts';
import { condition, problemOfCodedItem } from './clinical.ts';
import { stableUuid, urnOf } from './ids.ts';

/**
 * The analysis names no patient: each Condition's required subject is a logical reference
 * to the (unidentified) patient of the transcript, not a resource in the Bundle.
 */
export function codingBundle(codingId: string, diagnoses: CodedItem[], timestamp: string): Bundle {
  const id = (key: string) => stableUuid('clinscribe-coding', codingId, key);
  const subject = { type: 'Patient' as const, display: 'Patient of the coded transcript (not identified)' };
  return {
    resourceType: 'Bundle',
    id: id('bundle'),
    type: 'collection',
    timestamp,
    entry: diagnoses.map((d, i) => {
      const uuid = id(`Condition/${i}`);
      return { fullUrl: urnOf(uuid), resource: { ...condition(problemOfCodedItem(d), { subject }), id: uuid } };
    }),
  };
}
