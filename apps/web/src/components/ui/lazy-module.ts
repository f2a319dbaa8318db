import { useEffect, useState } from 'react';
import { loadChunk } from '../../lib/chunk-load';

/**
 * A module loaded on first need and kept: `get` answers it once loaded, `load` fetches it once
 * (through loadChunk: a file that does not arrive within 120 seconds fails; a failed load is tried
 * again on the next `load`).
 */
export type LazyModule<T> = { get: () => T | null; load: () => Promise<T> };

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let loaded: T | null = null;
  let pending: Promise<T> | null = null;
  return {
    get: () => loaded,
    load: () =>
      (pending ??= loadChunk(importer).then(
        (module) => (loaded = module),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      )),
  };
}

/**
 * The module once `wanted` has asked for it (or it was already loaded when the component
 * mounted); null until then. `onFail` runs when loading fails, e.g. to close what wanted it.
 */
export function useLazyModule<T>(lazy: LazyModule<T>, wanted: boolean, onFail: () => void): T | null {
  const [module, setModule] = useState(lazy.get);
  useEffect(() => {
    if (module || !wanted) return;
    let live = true;
    lazy.load().then(
      (loaded) => {
        if (live) setModule(() => loaded);
      },
      () => {
        if (live) onFail();
      },
    );
    return () => {
      live = false;
    };
  }, [lazy, module, wanted, onFail]);
  return module;
}
