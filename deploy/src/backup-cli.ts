import path from 'node:path';
import { BackupError, backupDataDir, restoreDataDir, verifyBackup } from '@locus/platform/backup/data-dir-backup';

/**
 * `npm run backup -- DIR`, `npm run restore -- DIR`, `npm run backup -- --verify DIR`: the data
 * directory is LOCUS_DATA_DIR (./data). A backup runs beside a running server; a restore goes
 * into a new or empty data directory, then Locus is started on it.
 */
const usage = 'usage: npm run backup -- DIR | npm run backup -- --verify DIR | npm run restore -- DIR   (data directory: LOCUS_DATA_DIR, default ./data)';
const [command, ...rest] = process.argv.slice(2);
const verifyOnly = rest[0] === '--verify';
const dir = verifyOnly ? rest[1] : rest[0];
const dataDir = path.resolve(process.env.LOCUS_DATA_DIR?.trim() || './data');

if (!dir || (command !== 'backup' && command !== 'restore')) {
  process.stderr.write(`${usage}\n`);
  process.exit(64);
}
try {
  if (command === 'backup' && verifyOnly) {
    const manifest = await verifyBackup(path.resolve(dir));
    process.stdout.write(`Backup ${dir} is intact: ${manifest.files.length} files, events up to position ${manifest.eventsPosition}\n`);
  } else if (command === 'backup') {
    const manifest = await backupDataDir(dataDir, path.resolve(dir));
    process.stdout.write(`Backed up ${dataDir} into ${dir}: ${manifest.files.length} files, events up to position ${manifest.eventsPosition}\n`);
  } else {
    const manifest = await restoreDataDir(path.resolve(dir), dataDir);
    process.stdout.write(
      `Restored ${dir} into ${dataDir}: ${manifest.files.length} files, events up to position ${manifest.eventsPosition} (backup of ${manifest.createdAt})\n`,
    );
  }
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  process.stderr.write(`${command === 'restore' ? 'Restore' : 'Backup'} refused: ${err.message}\n`);
  process.exit(1);
}
