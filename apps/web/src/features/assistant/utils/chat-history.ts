import { z } from 'zod';

/**
 * A conversation kept in local storage (the spec keeps chat history in the browser). What is read
 * back is checked: a damaged or older entry starts an empty history rather than breaking the panel.
 */
export function readHistory<T>(key: string, schema: z.ZodType<T>): T[] {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return [];
    const parsed = z.array(schema).safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function writeHistory<T>(key: string, items: T[]): void {
  try {
    if (items.length === 0) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(items));
  } catch {
    // Storage full or blocked: the conversation still holds for this visit.
  }
}

/** The panel's storage key, as the spec names it. */
export const PANEL_HISTORY_KEY = 'chatHistory';
/** The home ask panel keeps its own list (a different shape). */
export const HOME_HISTORY_KEY = 'homeChatHistory';
