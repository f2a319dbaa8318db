import { vi } from 'vitest';

/** The page's video element, with what it was asked to do: seeks and plays (jsdom plays nothing itself). */
export function watchPlayer() {
  const seeks: number[] = [];
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(1);
  vi.spyOn(HTMLMediaElement.prototype, 'currentTime', 'set').mockImplementation((value: number) => void seeks.push(value));
  return { seeks, play };
}
