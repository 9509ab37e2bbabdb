// The real server process with a slow note engine injected through the port, so a test
// can kill it while jobs are running. Prints the listening URL as `serve` does.
import { loadConfig } from '../../src/config.ts';
import { closeOnSignals, serve } from '../../src/server.ts';

const delayMs = Number(process.env.SLOW_ENGINE_DELAY_MS ?? 400);
const server = await serve(loadConfig(), {
  workers: true,
  engines: {
    notes: {
      async generateNote(request) {
        await new Promise((r) => setTimeout(r, delayMs));
        return { markdown: `Done after ${delayMs} ms`, json: { characters: request.transcript.length } };
      },
    },
  },
  onListening: (url) => process.stdout.write(`clinscribe listening on ${url}\n`),
});
closeOnSignals(server);
