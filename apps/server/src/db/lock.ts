import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is single-process: hold DATA_DIR/pipewise.lock for the life of the process.
 * A second process finds a live owner and refuses before it touches anything.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'pipewise.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx', 0o600);
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `DATA_DIR ${dataDir} is in use by another Pipewise process (pid ${pid}). ` +
            'The embedded database allows one process at a time: stop that process, ' +
            'choose another DATA_DIR, or set DATABASE_URL to use PostgreSQL for several processes.',
        );
      }
      fs.unlinkSync(lockPath); // left behind by a process that is gone
    }
  }
  throw new DataDirLockedError(`Could not lock DATA_DIR ${dataDir}`);
}
