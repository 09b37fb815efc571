/** `npm run restore -- <file>`: replaces the embedded database with a backup. Stop the server first. */
import { restoreSqlite } from '../store/sqlite-backup.js';
import { commandLine, fail } from './cli.js';

const { file, config } = commandLine('npm run restore -- <file>');
try {
  const { pages } = await restoreSqlite(file, config.dataDir);
  console.log(`restored ${file} into ${config.dataDir} (${pages} pages)`);
} catch (err) {
  fail(`restore failed: ${(err as Error).message}`);
}
