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

/** How much of a tool's output is kept: enough for an error message, bounded for long media. */
const KEEP_CHARS = 64 * 1024;

function keepTail(chunks: string[], total: { n: number }, chunk: Buffer): void {
  chunks.push(chunk.toString('utf8'));
  total.n += chunk.length;
  while (total.n > KEEP_CHARS && chunks.length > 1) total.n -= chunks.shift()!.length;
}

/**
 * Runs one command (found on PATH) to the end and returns its output. The job's signal kills the
 * child, so a stopped worker leaves no ffmpeg or pocketsphinx behind.
 */
export function runTool(
  command: string,
  args: string[],
  options: { signal?: AbortSignal; debianPackage: string; keepStdout?: boolean },
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    options.signal?.throwIfAborted();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal, killSignal: 'SIGKILL' });
    const out: string[] = [];
    const err: string[] = [];
    const errSize = { n: 0 };
    child.stdout.on('data', (c: Buffer) => (options.keepStdout === false ? undefined : out.push(c.toString('utf8'))));
    child.stderr.on('data', (c: Buffer) => keepTail(err, errSize, c));
    child.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') reject(new ToolMissingError(command, options.debianPackage));
      else if (e.name === 'AbortError') reject(options.signal?.reason instanceof Error ? options.signal.reason : e);
      else reject(e);
    });
    child.on('close', (code) => {
      if (options.signal?.aborted) return reject(options.signal.reason instanceof Error ? options.signal.reason : new Error('Stopped'));
      if (code === 0) resolve({ stdout: out.join(''), stderr: err.join('') });
      else reject(new ToolFailedError(command, code, err.join('')));
    });
  });
}
