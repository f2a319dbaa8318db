import { spawn } from 'node:child_process';

/** The tool is not on PATH: the feature that needs it is unavailable, not the file broken. */
export class ToolMissingError extends Error {
  override name = 'ToolMissingError';
  constructor(
    readonly tool: string,
    readonly debianPackage: string,
  ) {
    super(`${tool} is not installed: install Debian's ${debianPackage} package`);
  }
}

/** The tool ran and refused its input (exit code not 0); `stderr` holds its last words. */
export class ToolFailedError extends Error {
  override name = 'ToolFailedError';
  constructor(
    readonly tool: string,
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(`${tool} failed (exit ${exitCode ?? 'signal'}): ${stderr.trim().split('\n').slice(-3).join(' | ') || 'no output'}`);
  }
}

/** The tool ran longer than it may for its media (see toolTimeoutMs) and was killed: a passing failure, tried again later. */
export class ToolTimedOutError extends Error {
  override name = 'ToolTimedOutError';
  constructor(
    readonly tool: string,
    readonly timeoutMs: number,
  ) {
    super(`${tool} did not finish within ${Math.round(timeoutMs / 1000)} s and was stopped`);
  }
}

/** How long one child process may run: `baseMs` plus `perMediaSecondMs` for each second of the media it reads. */
export type ToolBudget = { baseMs: number; perMediaSecondMs: number };

/** The length assumed for media whose duration is not known (ffprobe found none): three hours. */
export const UNKNOWN_MEDIA_SECONDS = 3 * 3600;

/** The timeout of one run of a tool on media of `durationSeconds` (null or undefined: UNKNOWN_MEDIA_SECONDS). */
export function toolTimeoutMs(budget: ToolBudget, durationSeconds: number | null | undefined): number {
  const seconds =
    durationSeconds === null || durationSeconds === undefined || !(durationSeconds >= 0) ? UNKNOWN_MEDIA_SECONDS : durationSeconds;
  return Math.round(budget.baseMs + budget.perMediaSecondMs * seconds);
}

/** How much of a tool's output is kept: enough for an error message, bounded for long media. */
const KEEP_CHARS = 64 * 1024;

function keepTail(chunks: string[], total: { n: number }, chunk: Buffer): void {
  chunks.push(chunk.toString('utf8'));
  total.n += chunk.length;
  while (total.n > KEEP_CHARS && chunks.length > 1) total.n -= chunks.shift()!.length;
}

/**
 * Runs one command (found on PATH) to the end and returns its output. The job's signal kills the
 * child, so a stopped worker leaves no ffmpeg or pocketsphinx behind; so does `timeoutMs` running
 * out (ToolTimedOutError), so a hung tool never holds a job for ever.
 */
export function runTool(
  command: string,
  args: string[],
  options: { signal?: AbortSignal; timeoutMs?: number; debianPackage: string; keepStdout?: boolean },
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    options.signal?.throwIfAborted();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal, killSignal: 'SIGKILL' });
    let timedOut = false;
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            child.kill('SIGKILL');
          }, options.timeoutMs);
    const out: string[] = [];
    const err: string[] = [];
    const errSize = { n: 0 };
    child.stdout.on('data', (c: Buffer) => (options.keepStdout === false ? undefined : out.push(c.toString('utf8'))));
    child.stderr.on('data', (c: Buffer) => keepTail(err, errSize, c));
    child.on('error', (e: NodeJS.ErrnoException) => {
      if (e.name !== 'AbortError') clearTimeout(timer);
      if (e.code === 'ENOENT') reject(new ToolMissingError(command, options.debianPackage));
      // Stopped: the child was sent SIGKILL; 'close' rejects once it is gone, so none outlives the job.
      else if (e.name !== 'AbortError') reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (options.signal?.aborted) return reject(options.signal.reason instanceof Error ? options.signal.reason : new Error('Stopped'));
      if (timedOut) return reject(new ToolTimedOutError(command, options.timeoutMs!));
      if (code === 0) resolve({ stdout: out.join(''), stderr: err.join('') });
      else reject(new ToolFailedError(command, code, err.join('')));
    });
  });
}
