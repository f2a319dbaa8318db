/**
 * Every piece of the app's code that loads on first need (each screen, the assistant's conversation,
 * the menus' library, the contract's schemas, ...) loads through `loadChunk`, so all of them fail the
 * same way: SPEC section 8's 'Loading chunk failed', at once when the browser gives up on the file
 * (a 404 after a deploy replaced it, a network error), or after 120 seconds when no answer comes.
 */
export const CHUNK_TIMEOUT_MS = 120_000;
export const CHUNK_FAILED_MESSAGE = 'Loading chunk failed';

/** A chunk that did not load; `timedOut` when no answer came within the wait rather than an error. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly timedOut: boolean;

  constructor(timedOut: boolean, options?: ErrorOptions) {
    super(CHUNK_FAILED_MESSAGE, options);
    this.timedOut = timedOut;
  }
}

// What Chrome, Firefox and Safari reject an import() with when its file does not arrive, and what
// Vite's preload helper throws when a chunk's stylesheet does not.
const BROWSER_CHUNK_FAILURE = /dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof ChunkLoadError || (error instanceof Error && BROWSER_CHUNK_FAILURE.test(error.message));
}

/**
 * The module `importer` loads (an `import()`), or a ChunkLoadError: at once if the browser could not
 * load the file, after `timeoutMs` if it is still waiting. A module that arrives late but within the
 * wait is simply answered; an error the module's own code throws passes through as it is.
 */
export function loadChunk<T>(importer: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(true)), timeoutMs);
    const settle = (done: () => void) => {
      clearTimeout(timer);
      done();
    };
    let loading: Promise<T>;
    try {
      loading = importer();
    } catch (error) {
      settle(() => reject(error));
      return;
    }
    loading.then(
      (module) => settle(() => resolve(module)),
      (error: unknown) => settle(() => reject(isChunkLoadError(error) ? new ChunkLoadError(false, { cause: error }) : error)),
    );
  });
}

const RELOAD_MARK = 'pipewise:chunk-reload';
/** A build that reloaded for a failed chunk may do so again only this long after. */
export const RELOAD_AGAIN_AFTER_MS = 10 * 60_000;

type ReloadMark = { build: string; at: number };

function readMark(storage: Storage): ReloadMark | null {
  const stored = storage.getItem(RELOAD_MARK);
  try {
    const mark = JSON.parse(stored ?? 'null') as Partial<ReloadMark> | null;
    return typeof mark?.build === 'string' && typeof mark.at === 'number' ? { build: mark.build, at: mark.at } : null;
  } catch {
    return null;
  }
}

/**
 * After a deploy, the chunks this page knows by name are gone: a reload fetches the new index.html
 * (served with no-cache) and its chunks. Reloads, and answers true, unless this tab already reloaded
 * this same build (`build`, e.g. the entry chunk's URL) for a failed chunk in the last ten minutes:
 * the mark in sessionStorage stops a chunk that keeps failing from reloading the page in a loop.
 * Without sessionStorage there is no mark, so no automatic reload either.
 */
export function reloadForNewDeploy(build: string, reload: () => void = () => window.location.reload()): boolean {
  try {
    const storage = window.sessionStorage;
    const mark = readMark(storage);
    const now = Date.now();
    if (mark && mark.build === build && now - mark.at < RELOAD_AGAIN_AFTER_MS) return false;
    storage.setItem(RELOAD_MARK, JSON.stringify({ build, at: now } satisfies ReloadMark));
  } catch {
    return false;
  }
  reload();
  return true;
}

/**
 * A screen's code: as `loadChunk`, except that a chunk failing at once first reloads the page
 * (`reloadForNewDeploy`), which picks up a new deploy; the spinner stays until the page goes. A
 * chunk that fails again after that reload, or times out, is an error ('Loading chunk failed').
 */
export async function loadScreen<T>(importer: () => Promise<T>, build: string, reload?: () => void): Promise<T> {
  try {
    return await loadChunk(importer);
  } catch (error) {
    if (error instanceof ChunkLoadError && !error.timedOut && reloadForNewDeploy(build, reload)) return new Promise<T>(() => {});
    throw error;
  }
}
