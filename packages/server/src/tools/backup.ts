/** `npm run backup -- <file>`: a consistent copy of the embedded database, safe while the server runs. */
import { backupSqlite } from '../store/sqlite-backup.js';
import { commandLine, fail } from './cli.js';

const { file, config } = commandLine('npm run backup -- <file>');
try {
  const { pages } = await backupSqlite(config.dataDir, file);
  console.log(`backed up ${config.dataDir} to ${file} (${pages} pages)`);
} catch (err) {
  fail(`backup failed: ${(err as Error).message}`);
}
