// A visit posted to /v1/codings comes back coded by the embedded engine, every item
// pointing at the exact words of the submitted text.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Harness, finished, startHarness } from '../helpers/harness.ts';

const visit = `[doctor] what brings you in today?
[patient] my right knee has been hurting for three weeks, and my sugars have been high.
[doctor] do you have any chest pain?
[patient] no chest pain.
[doctor] your mother had breast cancer, right?
[patient] yes she did.
[doctor] okay. so for your type 2 diabetes we'll increase the metformin, and for the right knee pain i think this is osteoarthritis of the right knee.`;

describe('codings with the embedded engine', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness('sqlite');
  });
  after(() => h.close());

  test('diagnoses and an E/M level with exact spans; negated and family mentions are not the patient’s', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/v1/codings', headers: h.stable, payload: { text: visit } });
    const done = await finished(h, `/v1/codings/${res.json().data.id}`, h.stable);
    assert.equal(done.data.status, 'completed', JSON.stringify(done.data.result));
    const { diagnoses, procedures } = done.data.result;
    assert.ok(diagnoses.length > 0);
    for (const item of [...diagnoses, ...procedures]) {
      assert.equal(visit.slice(item.text_span.start_char, item.text_span.end_char), item.text_span.text);
      assert.ok(item.code.coding[0].code);
    }
    const codes = diagnoses.map((d: any) => d.code.coding[0].code as string);
    assert.ok(diagnoses.every((d: any) => d.code.coding[0].system === 'http://hl7.org/fhir/sid/icd-10-cm'));
    assert.ok(codes.some((c: string) => c.startsWith('E11')), codes.join(','));
    assert.ok(!codes.some((c: string) => c.startsWith('R07')), 'denied chest pain is not coded');
    assert.ok(!codes.some((c: string) => c.startsWith('C50')), "the mother's cancer is not the patient's");
    assert.ok(procedures.some((p: any) => /^992\d\d$/.test(p.code.coding[0].code)));
    assert.equal(typeof done.data.processing_time_ms, 'number');
  });

  test('text without clinical content completes with empty lists', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/v1/codings', headers: h.stable, payload: { text: 'The weather was lovely on Saturday.' } });
    const done = await finished(h, `/v1/codings/${res.json().data.id}`, h.stable);
    assert.equal(done.data.status, 'completed');
    assert.deepEqual(done.data.result.diagnoses, []);
  });
});
