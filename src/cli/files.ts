// File-in, result-out commands: the engines without the server or the store.
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { compileSchema, validateTemplate } from '../engines/intake.ts';
import type { NoteType } from '../engines/ports.ts';
import { createEngines } from '../engines/registry.ts';
import { UsageError } from './usage.ts';

async function readText(file: string | undefined, what: string): Promise<string> {
  if (!file) throw new UsageError(`missing ${what}`);
  try {
    return await fs.readFile(file, 'utf8');
  } catch {
    throw new UsageError(`cannot read ${what} ${path.basename(file)}`);
  }
}

async function readJson(file: string | undefined, what: string): Promise<unknown> {
  const text = await readText(file, what);
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`${what} is not valid JSON`);
  }
}

const print = (value: unknown) => process.stdout.write(`${typeof value === 'string' ? value : JSON.stringify(value, null, 2)}\n`);

export async function fileCommand(command: string, argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: { template: { type: 'string' }, json: { type: 'boolean' }, language: { type: 'string' } },
  });
  const engines = createEngines(loadConfig(process.env, { logLevel: 'silent' }));
  switch (command) {
    case 'note': {
      const transcript = await readText(positionals[0], 'transcript file');
      let noteType: NoteType = { type: 'soap' };
      if (values.template) {
        const check = validateTemplate(await readJson(values.template, 'template file'));
        if (!check.ok) throw new UsageError(`template is invalid: ${check.message}`);
        noteType = { type: 'note_template', template: check.template };
      }
      const note = await engines.notes.generateNote({ transcript, noteType });
      print(values.json ? note : note.markdown);
      return 0;
    }
    case 'code':
      print(await engines.coding.code(await readText(positionals[0], 'transcript file')));
      return 0;
    case 'extract': {
      const text = await readText(positionals[0], 'text file');
      const compiled = compileSchema(await readJson(positionals[1], 'schema file'));
      if (!compiled.ok) throw new UsageError(`schema is invalid: ${compiled.message}`);
      print(await engines.extraction.extract(text, compiled.schema as Record<string, unknown>));
      return 0;
    }
    case 'transcribe': {
      const file = positionals[0];
      if (!file) throw new UsageError('missing audio file');
      print(await engines.speech.transcribe({ audioPath: path.resolve(file), language: values.language }));
      return 0;
    }
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}
