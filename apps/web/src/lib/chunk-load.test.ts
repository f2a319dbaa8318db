import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, isChunkLoadError, loadChunk, loadScreen, RELOAD_AGAIN_AFTER_MS } from './chunk-load';

/** What Chrome rejects an import() with when the file is gone (404) or the network dropped. */
const chromeFailure = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/deals-page-abc.js');
const hanging = <T>() => new Promise<T>(() => {});
const arrivingAfter = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

/** How a promise stands once the timers due so far have run. */
async function state(promise: Promise<unknown>): Promise<'pending' | 'resolved' | 'rejected'> {
  let result: 'pending' | 'resolved' | 'rejected' = 'pending';
  promise.then(
    () => (result = 'resolved'),
    () => (result = 'rejected'),
  );
  await vi.advanceTimersByTimeAsync(0);
  return result;
}

beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.clear();
});

afterEach(() => {
  sessionStorage.clear();
});

describe('loadChunk', () => {
  it("fails with 'Loading chunk failed' when no answer has come after 120 seconds, not before", async () => {
    const loading = loadChunk(hanging);
    const failure = loading.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    expect(await state(loading)).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    const error = await failure;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ message: 'Loading chunk failed', timedOut: true });
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('answers a slow chunk that arrives at 60 seconds, and fails nothing later', async () => {
    const loading = loadChunk(() => arrivingAfter(60_000, { Screen: 'deals' }));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(await state(loading)).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await expect(loading).resolves.toEqual({ Screen: 'deals' });
    // Its 120-second timer went with the answer.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('fails at once, as a chunk failure, when the browser could not load the file', async () => {
    const cause = chromeFailure();
    const error = await loadChunk(() => Promise.reject(cause)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ message: 'Loading chunk failed', timedOut: false, cause });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("passes on as it is an error the module's own code throws", async () => {
    const own = new RangeError('bad date');
    await expect(loadChunk(() => Promise.reject(own))).rejects.toBe(own);
  });

  it('recognises the browsers’ and the build’s chunk failures, and nothing else', () => {
    expect(isChunkLoadError(chromeFailure())).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/deals-abc.css'))).toBe(true);
    expect(isChunkLoadError(new ChunkLoadError(true))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Loading chunk failed')).toBe(false);
  });
});

describe('loadScreen', () => {
  const BUILD = 'http://localhost/assets/index-abc.js';

  it('reloads the page once when a chunk fails at once, keeping the screen loading meanwhile', async () => {
    const reload = vi.fn();
    const loading = loadScreen(() => Promise.reject(chromeFailure()), BUILD, reload);
    expect(await state(loading)).toBe('pending');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("fails with 'Loading chunk failed' when the chunk fails again after that reload: no reload loop", async () => {
    const reload = vi.fn();
    void loadScreen(() => Promise.reject(chromeFailure()), BUILD, reload);
    await vi.advanceTimersByTimeAsync(0);
    // The reloaded page, same build, same failure:
    await expect(loadScreen(() => Promise.reject(chromeFailure()), BUILD, reload)).rejects.toThrow('Loading chunk failed');
    await expect(loadScreen(() => Promise.reject(chromeFailure()), BUILD, reload)).rejects.toThrow('Loading chunk failed');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again for another build, or for the same build ten minutes later', async () => {
    const reload = vi.fn();
    void loadScreen(() => Promise.reject(chromeFailure()), BUILD, reload);
    await vi.advanceTimersByTimeAsync(0);
    void loadScreen(() => Promise.reject(chromeFailure()), 'http://localhost/assets/index-def.js', reload);
    await vi.advanceTimersByTimeAsync(0);
    expect(reload).toHaveBeenCalledTimes(2);

    void loadScreen(() => Promise.reject(chromeFailure()), BUILD, reload);
    await vi.advanceTimersByTimeAsync(0);
    expect(reload).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(RELOAD_AGAIN_AFTER_MS - 1000);
    await expect(loadScreen(() => Promise.reject(chromeFailure()), BUILD, reload)).rejects.toThrow('Loading chunk failed');
    vi.advanceTimersByTime(1000);
    void loadScreen(() => Promise.reject(chromeFailure()), BUILD, reload);
    await vi.advanceTimersByTimeAsync(0);
    expect(reload).toHaveBeenCalledTimes(4);
  });

  it('does not reload for a chunk that timed out: the message shows after 120 seconds', async () => {
    const reload = vi.fn();
    const failure = loadScreen(hanging, BUILD, reload).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS);
    expect(await failure).toMatchObject({ message: 'Loading chunk failed', timedOut: true });
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not reload without sessionStorage to guard against a loop', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const reload = vi.fn();
    await expect(loadScreen(() => Promise.reject(chromeFailure()), BUILD, reload)).rejects.toThrow('Loading chunk failed');
    expect(reload).not.toHaveBeenCalled();
  });

  it("does not reload for an error of the screen's own code", async () => {
    const reload = vi.fn();
    await expect(loadScreen(() => Promise.reject(new RangeError('bad date')), BUILD, reload)).rejects.toThrow('bad date');
    expect(reload).not.toHaveBeenCalled();
  });
});
