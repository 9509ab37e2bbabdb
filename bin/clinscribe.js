#!/usr/bin/env node
// Entry point of the `clinscribe` command: loads the TypeScript sources through tsx.
// node:sqlite is stable enough for the embedded store; its experimental notice is noise here.
const originalEmit = process.emit;
process.emit = function (event, warning, ...rest) {
  if (event === 'warning' && warning?.name === 'ExperimentalWarning' && /SQLite/i.test(String(warning.message))) return false;
  return originalEmit.call(this, event, warning, ...rest);
};
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  process.stderr.write(`clinscribe needs Node 22 (this is ${process.version}); run it through npx or npm run, which use the project's own Node.\n`);
  process.exit(1);
}
const { register } = await import('tsx/esm/api');
register();
await import('../src/cli/main.ts');
