import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { compileSchema } from '../../src/engines/intake.ts';
import { type Harness, STORES, startHarness } from '../helpers/harness.ts';

const text = `Discharge summary. Patient: Maria Lopez, 67 years old. Blood pressure 142/88.
Allergies: penicillin (rash). She denies smoking.
Medications: metformin 500 mg twice daily; lisinopril 10 mg once daily.`;

const schema = {
  type: 'object',
  properties: {
    age: { type: ['integer', 'null'], description: 'Patient age in years' },
    smoker: { type: ['boolean', 'null'], description: 'Does the patient smoke?' },
    allergies: { type: 'array', items: { type: 'string' }, description: 'Drug allergies' },
    medications: {
      type: 'array',
      items: {
        type: 'object',
        properties: { name: { type: 'string' }, dose: { type: ['string', 'null'] }, frequency: { type: ['string', 'null'] } },
        required: ['name'],
      },
    },
    pregnancyStatus: { type: ['string', 'null'], description: 'Pregnancy status' },
  },
  required: ['age', 'smoker', 'allergies', 'medications', 'pregnancyStatus'],
};

const summary = `DISCHARGE SUMMARY
Patient: 67-year-old female. Admitted 03/02/2026, discharged 03/06/2026.
Admission diagnosis: community-acquired pneumonia. Secondary: type 2 diabetes mellitus, hypertension.
Hospital course: treated with IV ceftriaxone 1 g daily and azithromycin 500 mg daily, transitioned to oral amoxicillin-clavulanate 875 mg twice daily.
Allergies: sulfa (hives).
Discharge medications: amoxicillin-clavulanate 875 mg twice daily for 5 days; metformin 1000 mg twice daily.
Condition at discharge: stable. Follow-up with primary care in 1 week. Chest x-ray repeat in 6 weeks.`;

const nullable = (type: string) => ({ type: [type, 'null'] });
const summarySchema = {
  type: 'object',
  properties: {
    secondary_diagnoses: { type: 'array', items: { type: 'string' } },
    allergies: { type: 'array', items: { type: 'object', properties: { substance: { type: 'string' }, reaction: nullable('string') }, required: ['substance', 'reaction'] } },
    discharge_medications: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, dose: nullable('string') }, required: ['name', 'dose'] } },
    follow_up: { type: 'object', properties: { with: nullable('string'), in_days: nullable('integer') }, required: ['with', 'in_days'] },
  },
  required: ['secondary_diagnoses', 'allergies', 'discharge_medications', 'follow_up'],
};

for (const store of STORES) {
  describe(`text-to-json (${store})`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(store, { workers: false });
    });
    after(() => h.close());

    test('returns data that conforms to the schema, with nulls where the text is silent', async () => {
      const res = await h.app.inject({
        method: 'POST',
        url: '/v1/utils/text-to-json',
        headers: { 'X-API-KEY': h.apiKey, 'X-ACCOUNT-ID': h.accountId },
        payload: { text, schema },
      });
      assert.equal(res.statusCode, 200, res.body);
      const { data } = res.json();
      assert.equal(compileSchema(schema).ok && (compileSchema(schema) as any).validate(data), true);
      assert.equal(data.age, 67);
      assert.equal(data.smoker, false);
      assert.equal(data.pregnancyStatus, null);
      assert.ok(data.medications.some((m: { name: string }) => /metformin/i.test(m.name)));
      assert.ok(data.allergies.some((a: string) => /penicillin/i.test(a)));
      assert.equal(res.json().meta, undefined);
    });

    test('includeMeta adds paths not found and evidence spans', async () => {
      const res = await h.app.inject({ method: 'POST', url: '/v1/utils/text-to-json', headers: h.stable, payload: { text, schema, includeMeta: true } });
      assert.equal(res.statusCode, 200);
      assert.ok(res.json().meta);
    });

    test('a discharge summary with nested arrays, enums and nullable fields: lists, reactions, combinations and follow-up', async () => {
      const res = await h.app.inject({ method: 'POST', url: '/v1/utils/text-to-json', headers: h.stable, payload: { text: summary, schema: summarySchema, includeMeta: true } });
      assert.equal(res.statusCode, 200, res.body);
      const { data, meta } = res.json();
      const compiled = compileSchema(summarySchema);
      assert.ok(compiled.ok);
      assert.equal((compiled as any).validate(data), true);
      assert.deepEqual(data.secondary_diagnoses, ['type 2 diabetes mellitus', 'hypertension']);
      assert.deepEqual(data.allergies, [{ substance: 'sulfa', reaction: 'hives' }]);
      assert.equal(data.discharge_medications[0].name, 'amoxicillin-clavulanate');
      assert.deepEqual(data.follow_up, { with: 'primary care', in_days: 7 });
      assert.ok(meta.evidence.some((e: { path: string }) => e.path === '/follow_up/with'));
    });

    test('Idempotency-Key replays the first answer; another body with it is 422 {error: 422, message}', async () => {
      const headers = { ...h.stable, 'idempotency-key': `ttj-${store}` };
      const first = await h.app.inject({ method: 'POST', url: '/v1/utils/text-to-json', headers, payload: { text, schema } });
      assert.equal(first.statusCode, 200);
      const again = await h.app.inject({ method: 'POST', url: '/v1/utils/text-to-json', headers, payload: { text, schema } });
      assert.equal(again.statusCode, 200);
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.deepEqual(again.json(), first.json());
      const other = await h.app.inject({ method: 'POST', url: '/v1/utils/text-to-json', headers, payload: { text: `${text} More.`, schema } });
      assert.equal(other.statusCode, 422);
      assert.deepEqual(other.json(), { error: 422, message: other.json().message });
    });

    test('bad requests are 400 {error: 400, message}; auth failures 401 in the same shape', async () => {
      const bodies: unknown[] = [
        { text: 'x' },
        { schema },
        { text: '', schema },
        { text: 'x', schema: { $ref: 'https://example.com/schema.json' } },
        { text: 'x', schema: { type: 'nonsense' } },
        { text: 'x', schema: 'not a schema' },
      ];
      const plain = await h.app.inject({ method: 'POST', url: '/v1/utils/text-to-json', headers: { ...h.stable, 'content-type': 'text/plain' }, payload: 'hello' });
      assert.equal(plain.statusCode, 400);
      assert.match(plain.json().message, /application\/json/);
      for (const payload of bodies) {
        const res = await h.app.inject({ method: 'POST', url: '/v1/utils/text-to-json', headers: h.stable, payload: payload as object });
        assert.equal(res.statusCode, 400, JSON.stringify(payload).slice(0, 80));
        assert.deepEqual(Object.keys(res.json()).sort(), ['error', 'message']);
        assert.equal(res.json().error, 400);
        assert.ok(res.json().message.length > 5);
      }
      const unauth = await h.app.inject({ method: 'POST', url: '/v1/utils/text-to-json', payload: { text, schema } });
      assert.equal(unauth.statusCode, 401);
      assert.equal(unauth.json().error, 401);
    });

    test('hostile schemas are refused with 422 naming keyword and path, or answered at once; never expanded', async () => {
      // Load shedding may answer 503 + Retry-After on a busy machine; that is its contract, so honour it.
      const post = async (payload: object) => {
        for (let attempt = 0; ; attempt++) {
          const res = await h.app.inject({ method: 'POST', url: '/v1/utils/text-to-json', headers: h.stable, payload });
          if (res.statusCode !== 503 || attempt === 10) return res;
          await new Promise((r) => setTimeout(r, 1000));
        }
      };
      const endless = { $defs: { node: { type: 'object', required: ['kids'], properties: { kids: { type: 'array', minItems: 2, items: { $ref: '#/$defs/node' } } } } }, $ref: '#/$defs/node' };
      const recursion = await post({ text, schema: endless });
      assert.equal(recursion.statusCode, 422);
      assert.match(recursion.json().message, /no finite instance.*CLINSCRIBE_T2J_MAX_OUTPUT_DEPTH/);
      const huge = await post({ text, schema: { type: 'object', required: ['s'], properties: { s: { type: 'string', minLength: 50_000_000 } } } });
      assert.equal(huge.statusCode, 422);
      assert.match(huge.json().message, /minLength 50000000 at #\/s .*CLINSCRIBE_T2J_MAX_OUTPUT_BYTES/);
      const product = await post({ text, schema: { type: 'array', minItems: 1000, items: { type: 'array', minItems: 1000, items: { type: 'integer' } } } });
      assert.equal(product.statusCode, 422);
      assert.match(product.json().message, /CLINSCRIBE_T2J_MAX_OUTPUT_NODES/);
      const backref = await post({ text, schema: { type: 'object', properties: { code: { type: 'string', pattern: '^(a)\\1$' } } } });
      assert.equal(backref.statusCode, 422);
      assert.match(backref.json().message, /#\/properties\/code\/pattern uses a backreference/);
      // Nested bounded quantifiers run in linear time: a near-matching text answers, valid.
      const nested = { type: 'object', required: ['code'], properties: { code: { type: 'string', pattern: '^(?:a{1,12}){1,12}$' } } };
      const near = await post({ text: `${'a'.repeat(150)}b`, schema: nested });
      assert.equal(near.statusCode, 200, near.body);
      assert.match(near.json().data.code, /^a+$/);
      for (const res of [recursion, huge, product, backref]) assert.doesNotMatch(res.json().message, /Maria|penicillin/);
    });
  });
}
