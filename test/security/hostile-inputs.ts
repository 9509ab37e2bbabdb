// Hostile engine inputs that are real requests, not fakes: a schema whose every instance is
// infinite, which the extraction engine expands (time and memory) until it is stopped.

/** `required` recursion through `minItems`: no finite instance exists. */
export const ENDLESS_SCHEMA = {
  $defs: { node: { type: 'object', required: ['children'], properties: { children: { type: 'array', minItems: 3, items: { $ref: '#/$defs/node' } } } } },
  $ref: '#/$defs/node',
};

/** Resolves to whether `promise` is still pending after the current turn of the loop. */
export async function stillPending(promise: Promise<unknown>): Promise<boolean> {
  const marker = Symbol('pending');
  const winner = await Promise.race([promise.then(() => undefined, () => undefined), new Promise((r) => setImmediate(() => r(marker)))]);
  return winner === marker;
}
