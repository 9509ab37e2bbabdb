// Regenerates src/schema.d.ts from the server's OpenAPI document.
import fs from 'node:fs';
import path from 'node:path';
import { typesFromOpenApi } from '../src/generate-types.ts';
import { openApiDocument } from './openapi-document.ts';

export const SCHEMA_FILE = path.resolve(import.meta.dirname, '../src/schema.d.ts');

const text = await typesFromOpenApi(await openApiDocument());
fs.writeFileSync(SCHEMA_FILE, text);
process.stdout.write(`wrote ${path.relative(process.cwd(), SCHEMA_FILE)} (${text.length} characters)\n`);
