// Hostile engine inputs that are real requests, not fakes: a schema whose every instance is
// infinite, which the extraction engine expands (time and memory) until it is stopped.

/** `required` recursion through `minItems`: no finite instance exists. */
export const ENDLESS_SCHEMA = {
  $defs: { node: { type: 'object', required: ['children'], properties: { children: { type: 'array', minItems: 3, items: { $ref: '#/$defs/node' } } } } },
  $ref: '#/$defs/node',
};

/**
 * A schema whose smallest instance is three million 64-character strings. The text-to-JSON
 * intake refuses it under the default output caps; with them lifted (`liftOutputCaps`, an
 * operator's generous settings) the engine builds it for seconds and hundreds of MB, which
 * is what the engine pool's deadline and heap cap must then contain.
 */
export const HUGE_INSTANCE_SCHEMA = {
  type: 'object',
  required: ['items'],
  properties: { items: { type: 'array', minItems: 3_000_000, items: { type: 'string', minLength: 64 } } },
};

/** Lifts the text-to-JSON output caps for this process and the engine threads it starts. */
export function liftOutputCaps(): void {
  process.env.CLINSCRIBE_T2J_MAX_OUTPUT_BYTES = String(1e12);
  process.env.CLINSCRIBE_T2J_MAX_OUTPUT_NODES = String(1e12);
  process.env.CLINSCRIBE_T2J_MAX_OUTPUT_DEPTH = '1000000';
}

/** Resolves to whether `promise` is still pending after the current turn of the loop. */
export async function stillPending(promise: Promise<unknown>): Promise<boolean> {
  const marker = Symbol('pending');
  const winner = await Promise.race([promise.then(() => undefined, () => undefined), new Promise((r) => setImmediate(() => r(marker)))]);
  return winner === marker;
}
