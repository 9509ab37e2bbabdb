// The output caps of text-to-JSON: bytes of JSON, nesting depth and number of values.
import type { SchemaLimits } from './schema-limits.ts';

/** Why the value is over a cap (naming the setting), or undefined when it fits. */
export function checkOutput(value: unknown, limits: SchemaLimits): string | undefined {
  const count = { nodes: 0, depth: 0 };
  measure(value, 1, count, limits);
  if (count.depth > limits.maxOutputDepth) return `it nests deeper than ${limits.maxOutputDepth} levels (CLINSCRIBE_T2J_MAX_OUTPUT_DEPTH)`;
  if (count.nodes > limits.maxOutputNodes) return `it has more than ${limits.maxOutputNodes} values (CLINSCRIBE_T2J_MAX_OUTPUT_NODES)`;
  const bytes = Buffer.byteLength(JSON.stringify(value) ?? '');
  if (bytes > limits.maxOutputBytes) return `it is ${bytes} bytes, over ${limits.maxOutputBytes} (CLINSCRIBE_T2J_MAX_OUTPUT_BYTES)`;
  return undefined;
}

function measure(value: unknown, depth: number, count: { nodes: number; depth: number }, limits: SchemaLimits): void {
  count.nodes++;
  if (depth > count.depth) count.depth = depth;
  if (count.nodes > limits.maxOutputNodes || depth > limits.maxOutputDepth) return;
  if (value === null || typeof value !== 'object') return;
  for (const v of Array.isArray(value) ? value : Object.values(value)) measure(v, depth + 1, count, limits);
}
