import { describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS } from '../../lib/chunk-load';
import { lazyModule } from './lazy-module';

describe('lazyModule', () => {
  it("fails a load that has no answer after 120 seconds with 'Loading chunk failed', and tries again on the next", async () => {
    vi.useFakeTimers();
    const importer = vi.fn(() => new Promise<{ Menu: string }>(() => {}));
    const menus = lazyModule(importer);
    const failure = menus.load().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS);
    expect(await failure).toMatchObject({ message: 'Loading chunk failed', timedOut: true });
    expect(menus.get()).toBeNull();

    importer.mockResolvedValueOnce({ Menu: 'radix' });
    await expect(menus.load()).resolves.toEqual({ Menu: 'radix' });
    expect(menus.get()).toEqual({ Menu: 'radix' });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
