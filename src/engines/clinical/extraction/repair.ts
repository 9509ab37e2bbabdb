// Makes the extracted value conform: Ajv names each violation, and the offending value
// is replaced by the least-committal value of its subschema (a missing required
// property is added, a disallowed one removed). A last resort replaces the whole value.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { generate, type GenContext, NO_VALUE, propertySchema, setOwn } from './generate.ts';
import { leastValue } from './least-value.ts';
import { shortPath } from './schema-limits.ts';

const MAX_ROUNDS = 50;

/** `why`, when no value passes: the keyword and instance location the closest attempt still failed. */
export function repair(value: unknown, ajvValidate: ValidateFunction, g: GenContext, replaced: string[]): { ok: boolean; value: unknown; why?: string } {
  const validate = guarded(ajvValidate);
  let current = value;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    if (validate(current)) return { ok: true, value: current };
    const error = pickError(validate.errors ?? []);
    if (!error) break;
    current = fixOne(current, error, g, replaced, validate);
  }
  if (validate(current)) return { ok: true, value: current };
  const closest = [...(validate.errors ?? [])].sort((a, b) => depth(a.instancePath) - depth(b.instancePath))[0];
  replaced.push('');
  // Plain values last: a schema that constrains only objects still admits null or "".
  for (const least of [leastValue(g, g.nav.root), generate(g, g.nav.root), {}, null, [], '', 0, false]) {
    if (least !== NO_VALUE && validate(least)) return { ok: true, value: least };
  }
  return { ok: false, value: current, why: closest ? `${closest.keyword} at ${shortPath(closest.instancePath)}` : undefined };
}

/**
 * Ajv's validator, except that a schema whose references loop on the same value (Ajv then
 * recurses until the stack runs out) makes that candidate invalid instead of a crash.
 */
function guarded(validate: ValidateFunction): ValidateFunction {
  const safe = ((v: unknown) => {
    try {
      const ok = validate(v) as boolean;
      safe.errors = validate.errors;
      return ok;
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      safe.errors = [];
      return false;
    }
  }) as ValidateFunction;
  return safe;
}

/** The deepest error first: fixing a leaf keeps what was found around it. */
function pickError(errors: ErrorObject[]): ErrorObject | undefined {
  return [...errors].sort((a, b) => depth(b.instancePath) - depth(a.instancePath))[0];
}

function depth(p: string): number {
  return p === '' ? 0 : p.split('/').length;
}

function fixOne(root: unknown, e: ErrorObject, g: GenContext, replaced: string[], validate: ValidateFunction): unknown {
  const path = e.instancePath;
  const parent = e.parentSchema as Record<string, unknown> | undefined;
  if (e.keyword === 'required' && parent) {
    const missing = (e.params as { missingProperty: string }).missingProperty;
    replaced.push(`${path}/${missing}`);
    return setAt(root, `${path}/${escape(missing)}`, leastValue(g, propertySchema(g, g.nav.resolve(parent), missing)));
  }
  if (e.keyword === 'additionalProperties' || e.keyword === 'unevaluatedProperties') {
    const extra = (e.params as Record<string, string>).additionalProperty ?? (e.params as Record<string, string>).unevaluatedProperty;
    return setAt(root, `${path}/${escape(extra)}`, undefined);
  }
  replaced.push(path);
  const candidates = parent ? alternatives(g, parent) : [null];
  // Keep the first candidate that clears this error (oneOf may reject the obvious one).
  for (const candidate of candidates) {
    const trial = setAt(structuredClone(root), path, candidate);
    validate(trial);
    if (!(validate.errors ?? []).some((x) => x.instancePath === path && x.keyword === e.keyword)) return trial;
  }
  return setAt(root, path, candidates[0]);
}

/** The least value first, then each union branch's, then a few plain values. */
function alternatives(g: GenContext, parent: Record<string, unknown>): unknown[] {
  const node = g.nav.resolve(parent);
  const made = [leastValue(g, node), generate(g, node), ...g.nav.branches(node).map((b) => generate(g, b))];
  const base = made.filter((v) => v !== NO_VALUE);
  // Neighbours of each: oneOf may need a value that fits one branch but not another.
  const near = base.flatMap((v): unknown[] => (typeof v === 'number' ? [v + 1, v + 2, v + 0.5] : typeof v === 'string' ? [`${v}x`, `x${v}`] : []));
  return [...base, ...near, 'unknown', 'unknown value', 'x', '', 'x'.repeat(64), 'urn:x', 0, 1, -1, 0.5, 1000, false, true, null, {}, []];
}

function escape(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Sets (or with `undefined`, deletes) the value at a JSON pointer; returns the new root. */
function setAt(root: unknown, pointer: string, value: unknown): unknown {
  // Each placement its own copy: a value shared between two places (or with the schema's
  // own const/default) would be mutated by later repairs, or become a cycle.
  value = value === undefined ? undefined : structuredClone(value);
  if (pointer === '') return value;
  const parts = pointer.slice(1).split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  let cur = root as Record<string, unknown>;
  for (const part of parts.slice(0, -1)) {
    if (cur === null || typeof cur !== 'object') return root;
    cur = (Object.hasOwn(cur, part) ? cur[part] : undefined) as Record<string, unknown>;
  }
  if (cur === null || typeof cur !== 'object') return root;
  const last = parts[parts.length - 1];
  if (value === undefined) {
    if (Array.isArray(cur)) cur.splice(Number(last), 1);
    else delete cur[last];
  } else if (Array.isArray(cur)) cur[Number(last)] = value;
  else setOwn(cur, last, value);
  return root;
}
