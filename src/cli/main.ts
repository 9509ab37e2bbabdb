// The clinscribe command line (DESIGN §3). Admin commands print JSON on stdout; errors go
// to stderr with a non-zero exit code (2 for usage errors).
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { adminCommand } from './admin.ts';
import { evalCommand } from './eval.ts';
import { fileCommand } from './files.ts';
import { UsageError } from './usage.ts';
import { closeOnSignals, serve, work } from '../server.ts';

const HELP = `Usage: clinscribe <command> [options]

Service:
  serve [--port N] [--host H] [--no-workers]   HTTP API (and job workers unless --no-workers)
  work                                         job workers only (scale-out, with DATABASE_URL; alias: worker)

Accounts and keys (print JSON):
  accounts create --name N [--alpha] [--rate-limit PER_MINUTE] [--consensus-daily N]
  accounts list
  accounts update ACCOUNT_ID [--name N] [--alpha | --no-alpha] [--rate-limit N] [--consensus-daily N]
  keys create --account ACCOUNT_ID [--label L]
  keys list [--account ACCOUNT_ID]
  keys revoke KEY_ID

Files in, results out (no server needed):
  note TRANSCRIPT_FILE [--template TEMPLATE.json] [--json]
  code TRANSCRIPT_FILE
  extract TEXT_FILE SCHEMA.json
  transcribe AUDIO_FILE [--language en]

Quality of the configured notes engine (ACI-bench-style CSV: dialogue, note columns):
  eval CSV_FILE... [--limit N] [--json]

Configuration comes from the environment: CLINSCRIBE_DATA_DIR (embedded SQLite store),
DATABASE_URL (PostgreSQL store and queue), and the CLINSCRIBE_* variables in the README.`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(`${HELP}\n`);
    return command ? 0 : 2;
  }
  if (command === 'serve') {
    const { values } = parseArgs({
      args: rest,
      options: { port: { type: 'string' }, host: { type: 'string' }, 'no-workers': { type: 'boolean' } },
      strict: true,
    });
    const port = values.port === undefined ? undefined : Number(values.port);
    if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) throw new UsageError('--port must be 0–65535');
    const config = loadConfig(process.env, {
      ...(port !== undefined && { port }),
      ...(values.host && { host: values.host }),
    });
    const server = await serve(config, {
      workers: !values['no-workers'],
      onListening: (url) => process.stdout.write(`clinscribe listening on ${url}\n`),
    });
    closeOnSignals(server);
    return -1;
  }
  if (command === 'work' || command === 'worker') {
    const worker = await work(loadConfig());
    process.stdout.write('clinscribe worker started\n');
    closeOnSignals(worker);
    return -1;
  }
  if (command === 'accounts' || command === 'keys') return adminCommand(command, rest);
  if (command === 'eval') return evalCommand(rest);
  return fileCommand(command, rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error) => {
    if (error instanceof UsageError || error instanceof ConfigError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`clinscribe: ${(error as Error).message}\nRun "clinscribe help" for usage.\n`);
      process.exit(2);
    }
    process.stderr.write(`clinscribe: ${(error as Error).message ?? error}\n`);
    process.exit(1);
  },
);
