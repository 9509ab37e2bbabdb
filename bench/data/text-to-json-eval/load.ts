// Reads the text-to-JSON evaluation set (one <style>.json per style) and compiles each
// schema with the Ajv class its `$schema` names, independently of the engine under test.
import fs from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export interface EvalCase {
  id: string;
  split: 'dev' | 'heldout';
  source: { corpus: string; file: string; row: string; field: string; rewritten?: boolean; excerpt?: boolean };
  style: string;
  schemaName: string;
  text: string;
  schema: Record<string, unknown>;
  gold: Record<string, unknown>;
}

export const EVAL_SET_DIR = import.meta.dirname;

export function loadEvalSet(dir = EVAL_SET_DIR): EvalCase[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as EvalCase[]);
}

export function validatorFor(schema: Record<string, unknown>): ValidateFunction {
  const is2020 = String(schema.$schema ?? '').includes('2020-12');
  const ajv = is2020 ? new Ajv2020.default({ strict: false, allErrors: true }) : new Ajv({ strict: false, allErrors: true });
  addFormats.default(ajv);
  return ajv.compile(schema);
}
