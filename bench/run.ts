// npm run bench: runs every bench/*.bench.ts in turn, each in its own process (so one
// benchmark's memory and warm caches do not colour the next); `npm run bench -- coding`
// runs only the benchmarks whose file name contains "coding"; further arguments go to each
// benchmark (`npm run bench -- coding --detail`).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const filter = process.argv[2];
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && (!filter || f.includes(filter)))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n## ${file}`);
  const result = spawnSync(process.execPath, ['--disable-warning=ExperimentalWarning', '--import', 'tsx', '--expose-gc', path.join(dir, file), ...process.argv.slice(3)], {
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    failed++;
    console.log(`(${file} failed with exit code ${result.status})`);
  }
}
process.exit(failed ? 1 : 0);
