// FHIR R4 exports through the API: every Bundle validates against HL7's R4 JSON schema.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Bundle, Composition, Resource } from '@medplum/fhirtypes';
import { spansOf } from '../../src/fhir/evidence.ts';
import { fhirSchemaErrors, loadFhirSchema } from '../helpers/fhir-schema.ts';
import { type Harness, finished, startHarness } from '../helpers/harness.ts';

const TRANSCRIPT = `[doctor] hi, what brings you in today?
[patient] i've had a cough for about two weeks and some wheezing at night. I also have high blood pressure and take lisinopril 10 mg daily.
[doctor] any fever?
[patient] no fever.
[doctor] are you allergic to any medications?
[patient] penicillin gives me a rash.
[doctor] your blood pressure is 142 over 88, heart rate 78, temperature 98.6, oxygen saturation 97 percent, weight 180 pounds.
[doctor] okay, I think this is acute bronchitis. let's start an albuterol inhaler, two puffs every four hours as needed, and see you back in two weeks.`;

function resources<T extends Resource['resourceType']>(bundle: Bundle, type: T): Extract<Resource, { resourceType: T }>[] {
  return (bundle.entry ?? []).map((e) => e.resource!).filter((r) => r.resourceType === type) as Extract<Resource, { resourceType: T }>[];
}

function codesOf(r: { code?: { coding?: { system?: string; code?: string }[] } }): string[] {
  return (r.code?.coding ?? []).map((c) => `${c.system}|${c.code}`);
}

describe('FHIR R4 export', () => {
  let h: Harness;
  let noteId: string;
  let bundle: Bundle;

  before(async () => {
    loadFhirSchema();
    // Engines run on this test's event loop: a busy machine must not turn polls into load-shedding 503s.
    h = await startHarness('sqlite');
    const created = await h.app.inject({
      method: 'POST',
      url: '/v1/notes',
      headers: h.stable,
      payload: { transcript: TRANSCRIPT, noteType: { type: 'soap' }, date: '2026-11-02', patientInfo: { name: 'Ada Example', gender: 'F', dateOfBirth: '1980-04-02' } },
    });
    noteId = created.json().data.noteId;
    assert.equal((await finished(h, `/v1/notes/${noteId}`, h.stable)).data.status, 'completed');
    const res = await h.app.inject({ method: 'GET', url: `/v1/notes/${noteId}/fhir`, headers: h.stable });
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /^application\/fhir\+json/);
    bundle = res.json();
  });
  after(() => h.close());

  test('the note Bundle is a valid R4 document with a Composition first', () => {
    assert.deepEqual(fhirSchemaErrors(bundle), []);
    assert.equal(bundle.type, 'document');
    assert.ok(bundle.identifier?.value && bundle.timestamp);
    const composition = bundle.entry![0]!.resource as Composition;
    assert.equal(composition.resourceType, 'Composition');
    assert.deepEqual(codesOf({ code: composition.type }), ['http://loinc.org|11506-3']);
    const titles = composition.section!.map((s) => s.title);
    for (const title of ['Chief complaint', 'Medications', 'Allergies', 'Physical examination', 'Assessment and plan']) assert.ok(titles.includes(title), title);
    for (const s of composition.section!) assert.match(s.text!.div, /^<div xmlns="http:\/\/www\.w3\.org\/1999\/xhtml">/);
    assert.equal(resources(bundle, 'Patient')[0]!.gender, 'female');
    assert.equal(resources(bundle, 'Encounter')[0]!.period?.start, '2026-11-02');
  });

  test('every section reference resolves, and every clinical resource is referenced', () => {
    const composition = bundle.entry![0]!.resource as Composition;
    const fullUrls = new Set(bundle.entry!.map((e) => e.fullUrl));
    const referenced = composition.section!.flatMap((s) => (s.entry ?? []).map((e) => e.reference!));
    for (const ref of referenced) assert.ok(fullUrls.has(ref), ref);
    const clinical = bundle.entry!.filter((e) => ['Condition', 'MedicationStatement', 'AllergyIntolerance', 'Observation'].includes(e.resource!.resourceType));
    assert.deepEqual(new Set(clinical.map((e) => e.fullUrl)), new Set(referenced));
    const allergySection = composition.section!.find((s) => s.title === 'Allergies')!;
    assert.equal(allergySection.entry?.length, 1);
  });

  test('Conditions carry ICD-10-CM codes; medications, allergy and vitals are coded', () => {
    const conditions = resources(bundle, 'Condition');
    assert.ok(conditions.some((c) => codesOf(c).includes('http://hl7.org/fhir/sid/icd-10-cm|J20.9')));
    const meds = resources(bundle, 'MedicationStatement');
    const byName = (n: string) => meds.find((m) => m.medicationCodeableConcept?.text?.toLowerCase().startsWith(n))!;
    assert.equal(byName('lisinopril').status, 'active');
    assert.match(byName('lisinopril').dosage![0]!.text!, /10 mg.*once daily/);
    assert.equal(byName('albuterol').status, 'intended');
    const [allergy] = resources(bundle, 'AllergyIntolerance');
    assert.equal(allergy!.code?.text, 'Penicillin');
    assert.equal(allergy!.reaction?.[0]?.manifestation[0]?.text, 'rash');

    const obs = resources(bundle, 'Observation');
    const find = (loinc: string) => obs.find((o) => codesOf(o).includes(`http://loinc.org|${loinc}`))!;
    for (const o of obs) assert.equal(o.category?.[0]?.coding?.[0]?.code, 'vital-signs');
    const bp = find('85354-9');
    assert.deepEqual(
      bp.component!.map((c) => [codesOf(c)[0], c.valueQuantity?.value, c.valueQuantity?.code]),
      [['http://loinc.org|8480-6', 142, 'mm[Hg]'], ['http://loinc.org|8462-4', 88, 'mm[Hg]']],
    );
    assert.deepEqual([find('8867-4').valueQuantity?.value, find('8867-4').valueQuantity?.code], [78, '/min']);
    assert.deepEqual([find('8310-5').valueQuantity?.value, find('8310-5').valueQuantity?.code], [98.6, '[degF]']);
    assert.ok(codesOf(find('59408-5')).includes('http://loinc.org|2708-6'));
    assert.equal(find('59408-5').valueQuantity?.code, '%');
    assert.deepEqual([find('29463-7').valueQuantity?.value, find('29463-7').valueQuantity?.system], [180, 'http://unitsofmeasure.org']);
  });

  test('evidence spans point at the transcript words each resource came from', () => {
    const quoted = (r: Resource) => spansOf(r as { extension?: [] }).map((s) => TRANSCRIPT.slice(s.start, s.end).toLowerCase()).join(' ');
    assert.match(quoted(resources(bundle, 'AllergyIntolerance')[0]!), /penicillin/);
    const bronchitis = resources(bundle, 'Condition').find((c) => codesOf(c).includes('http://hl7.org/fhir/sid/icd-10-cm|J20.9'));
    assert.match(quoted(bronchitis!), /bronchitis/);
    for (const c of resources(bundle, 'Condition')) assert.ok(quoted(c).length > 0, 'every Condition carries its evidence');
    for (const o of resources(bundle, 'Observation')) assert.match(quoted(o), /blood pressure/);
    for (const m of resources(bundle, 'MedicationStatement')) assert.ok(quoted(m).includes(m.medicationCodeableConcept!.text!.split(' ')[0]!.toLowerCase()));
  });

  test('the export is stable across requests, scoped to the account, and refused while unfinished', async () => {
    const again = await h.app.inject({ method: 'GET', url: `/v2/notes/${noteId}/fhir`, headers: h.stable });
    assert.deepEqual(again.json(), bundle);
    const other = await h.newAccount();
    const foreign = await h.app.inject({ method: 'GET', url: `/v1/notes/${noteId}/fhir`, headers: { 'x-api-key': other.apiKey, 'x-account-id': other.accountId } });
    assert.equal(foreign.statusCode, 404);
    assert.equal((await h.app.inject({ method: 'GET', url: `/v1/notes/${noteId}/fhir` })).statusCode, 401);
    assert.equal((await h.app.inject({ method: 'GET', url: '/v1/notes/note_doesnotexist/fhir', headers: h.stable })).statusCode, 404);
  });

  test('a template note exports each of its sections, with Conditions coded from the transcript', async () => {
    const template = {
      id: 'tpl',
      title: 'Visit',
      sections: [
        { id: 'hpi', type: 'text', prompt: 'History of present illness' },
        { id: 'plan', type: 'list', prompt: 'Plan' },
      ],
    };
    const created = await h.app.inject({ method: 'POST', url: '/v1/notes', headers: h.stable, payload: { transcript: TRANSCRIPT, noteType: { type: 'note_template', template } } });
    const id = created.json().data.noteId;
    assert.equal((await finished(h, `/v1/notes/${id}`, h.stable)).data.status, 'completed');
    const res = await h.app.inject({ method: 'GET', url: `/v1/notes/${id}/fhir`, headers: h.stable });
    const b: Bundle = res.json();
    assert.deepEqual(fhirSchemaErrors(b), []);
    assert.ok((b.entry![0]!.resource as Composition).section!.length >= 2);
    assert.ok(resources(b, 'Condition').some((c) => codesOf(c).includes('http://hl7.org/fhir/sid/icd-10-cm|J20.9')));
  });

  test('a coding analysis exports as a collection Bundle of ICD-10-CM Conditions', async () => {
    const created = await h.app.inject({ method: 'POST', url: '/v1/codings', headers: h.stable, payload: { text: TRANSCRIPT } });
    const id = created.json().data.id;
    assert.equal((await finished(h, `/v1/codings/${id}`, h.stable)).data.status, 'completed');
    const res = await h.app.inject({ method: 'GET', url: `/v1/codings/${id}/fhir`, headers: h.stable });
    assert.equal(res.statusCode, 200);
    const b: Bundle = res.json();
    assert.deepEqual(fhirSchemaErrors(b), []);
    assert.equal(b.type, 'collection');
    assert.ok(b.entry!.length >= 1);
    for (const e of b.entry!) {
      assert.equal(e.resource!.resourceType, 'Condition');
      assert.equal(codesOf(e.resource as { code?: never })[0]?.split('|')[0], 'http://hl7.org/fhir/sid/icd-10-cm');
      assert.ok(spansOf(e.resource as { extension?: [] }).length > 0);
    }
  });

  test('the exports are documented in /openapi.json', async () => {
    const spec = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    assert.ok(spec.paths['/v1/notes/{noteId}/fhir']?.get?.responses?.['200']?.content?.['application/fhir+json']);
    assert.ok(spec.paths['/v1/codings/{id}/fhir']?.get);
  });
});
