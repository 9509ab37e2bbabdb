// fast-check generators of caller schemas and clinical-ish texts, shared by the
// property tests and the extraction bench (dev-only: imports fast-check).
import fc from 'fast-check';

type Schema = Record<string, unknown>;

const KEYS = ['name', 'age', 'weight_kg', 'height_cm', 'temperature_c', 'heart_rate', 'smoker', 'diabetes', 'severity', 'sex', 'dob',
  'visit_date', 'medications', 'allergies', 'symptoms', 'diagnoses', 'chief_complaint', 'plan', 'dose', 'frequency', 'email', 'notes',
  'follow_up', 'blood_pressure', 'present', 'q1', 'x', 'labs', 'vitals', 'patient', 'reaction', 'route'];

const key = fc.constantFrom(...KEYS);
const description = fc.option(fc.constantFrom('in kilograms', 'temperature in Fahrenheit', 'MM/DD/YYYY', 'symptoms the patient denied', 'the main diagnosis', 'whether the patient smokes', 'dose with units'), { nil: undefined });

function withNull(s: Schema, nullable: boolean): Schema {
  if (!nullable) return s;
  if (typeof s.type === 'string') return { ...s, type: [s.type, 'null'] };
  return { anyOf: [s, { type: 'null' }] };
}

const stringSchema = fc.record({
  format: fc.option(fc.constantFrom('date', 'date-time', 'email', 'uri', 'uuid', 'time'), { nil: undefined }),
  minLength: fc.option(fc.integer({ min: 0, max: 8 }), { nil: undefined }),
  maxLength: fc.option(fc.integer({ min: 8, max: 40 }), { nil: undefined }),
  pattern: fc.option(fc.constantFrom('^[A-Za-z ]*$', '^\\S', '^.{0,30}$', '[a-z]'), { nil: undefined }),
}).map(({ format, minLength, maxLength, pattern }) => {
  const s: Schema = { type: 'string' };
  if (format) s.format = format;
  else {
    if (minLength !== undefined) s.minLength = minLength;
    if (maxLength !== undefined) s.maxLength = maxLength;
    if (pattern !== undefined && minLength === undefined) s.pattern = pattern;
  }
  return s;
});

const numberSchema = fc.record({
  integer: fc.boolean(),
  min: fc.option(fc.integer({ min: -50, max: 200 }), { nil: undefined }),
  span: fc.integer({ min: 10, max: 500 }),
  multipleOf: fc.option(fc.constantFrom(1, 2, 5, 0.5), { nil: undefined }),
  exclusive: fc.boolean(),
}).map(({ integer, min, span, multipleOf, exclusive }) => {
  const s: Schema = { type: integer ? 'integer' : 'number' };
  if (min !== undefined) {
    s[exclusive ? 'exclusiveMinimum' : 'minimum'] = min;
    s.maximum = min + span;
  }
  if (multipleOf !== undefined && (!integer || Number.isInteger(multipleOf))) s.multipleOf = multipleOf;
  return s;
});

const enumSchema = fc.constantFrom<unknown[]>(['mild', 'moderate', 'severe'], ['male', 'female', 'other'], ['current', 'former', 'never'], [1, 2, 3], ['yes', 'no', 'unknown'], ['oral', 'inhaled', 'iv']).map((values) => ({ enum: values }));

const leaf: fc.Arbitrary<Schema> = fc.oneof(
  stringSchema,
  numberSchema,
  fc.constant({ type: 'boolean' }),
  enumSchema,
  fc.constantFrom<unknown>('fixed', 3, true).map((c) => ({ const: c })),
);

export function schemaArbitrary(): fc.Arbitrary<Schema> {
  const { node } = fc.letrec<{ node: Schema }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.tuple(leaf, fc.boolean(), description, fc.option(fc.jsonValue({ maxDepth: 0 }), { nil: undefined })).map(([s, nullable, d, dflt]) => {
        const out = withNull(s, nullable);
        if (d) out.description = d;
        if (dflt !== undefined && nullable && dflt === null) out.default = null;
        return out;
      }),
      fc.tuple(tie('node'), fc.integer({ min: 0, max: 2 }), fc.option(fc.integer({ min: 2, max: 6 }), { nil: undefined }), fc.boolean()).map(([items, minItems, maxItems, unique]) => {
        const s: Schema = { type: 'array', items };
        if (minItems > 0) s.minItems = minItems;
        if (maxItems !== undefined) s.maxItems = Math.max(maxItems, minItems);
        if (unique && minItems === 0) s.uniqueItems = true;
        return s;
      }),
      fc.tuple(fc.uniqueArray(fc.tuple(key, tie('node')), { minLength: 1, maxLength: 6, selector: (e) => e[0] }), fc.array(fc.boolean(), { maxLength: 6 }), fc.boolean(), fc.boolean())
        .map(([entries, req, closed, nullable]) => {
          const s: Schema = { type: nullable ? ['object', 'null'] : 'object', properties: Object.fromEntries(entries) };
          const required = entries.filter((_, i) => req[i]).map(([k]) => k);
          if (required.length) s.required = required;
          if (closed) s.additionalProperties = false;
          return s;
        }),
      fc.tuple(tie('node'), tie('node')).map(([a, b]) => ({ anyOf: [a, b] })),
      // Two identical branches would make oneOf unsatisfiable.
      fc.tuple(leaf, leaf).filter(([a, b]) => JSON.stringify(a) !== JSON.stringify(b)).map(([a, b]) => ({ oneOf: [a, b] })),
    ),
  }));
  // The root is an object; some schemas route a property through $defs.
  return fc.tuple(fc.uniqueArray(fc.tuple(key, node), { minLength: 1, maxLength: 8, selector: (e) => e[0] }), fc.boolean(), fc.boolean()).map(([entries, viaRef, requireAll]) => {
    const properties: Schema = Object.fromEntries(entries);
    const root: Schema = { type: 'object', properties };
    if (viaRef) {
      const [k, v] = entries[0];
      root.$defs = { shared: v };
      properties[k] = { $ref: '#/$defs/shared' };
    }
    if (requireAll) root.required = entries.map(([k]) => k);
    return root;
  });
}

const SNIPPETS = [
  '58-year-old man with hypertension.', 'She denies smoking and alcohol.', 'Smoker: yes', 'Weight: 180 lb, Height: 5\'10"',
  'Temp 38.2 C, HR 92, BP 140/90, SpO2 97%.', 'Medications: metformin 500 mg twice daily, lisinopril 10 mg daily', 'Allergies: NKDA',
  'Allergic to penicillin (hives).', 'Complains of cough and fever for 3 days. Denies chest pain.', 'DOB: 04/12/1966',
  'Seen on March 3, 2024.', 'Pain is severe, 8/10.', 'Mild rash on the left arm.', 'Plan: follow up in 2 weeks.',
  'Email: someone@example.org', 'Assessment: community-acquired pneumonia', 'No known drug allergies.', 'Sex: F',
];

export function textArbitrary(): fc.Arbitrary<string> {
  return fc.array(fc.oneof(fc.constantFrom(...SNIPPETS), fc.string({ maxLength: 30 }), fc.constantFrom('\n', ' ', ': ', '- ')), { maxLength: 12 }).map((parts) => parts.join(' '));
}
