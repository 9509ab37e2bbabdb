// The data directory holds PHI (the database, uploaded audio): only the service's own user
// may read it. Created 0700; the embedded database's files are made 0600.
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

const STORE_FILES = ['clinscribe.sqlite', 'clinscribe.sqlite-wal', 'clinscribe.sqlite-shm', 'clinscribe.sqlite-journal'];

export function prepareDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // An existing directory keeps its mode through mkdir: tighten it too.
  chmodSync(dataDir, 0o700);
  const uploads = join(dataDir, 'uploads');
  mkdirSync(uploads, { recursive: true, mode: 0o700 });
  chmodSync(uploads, 0o700);
}

export function protectStoreFiles(dataDir: string): void {
  for (const name of STORE_FILES) {
    const file = join(dataDir, name);
    if (existsSync(file)) chmodSync(file, 0o600);
  }
}
