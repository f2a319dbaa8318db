import { useEffect, useState } from 'react';
import { askSales, UnexpectedAnswerError } from '../api/ask-sales';
import { HOME_HISTORY_KEY, readHistory, writeHistory } from '../utils/chat-history';
import { HOME_FAILURE_TEXT, settleInterrupted, ZHomeChatEntry, type THomeChatEntry } from '../utils/home-chat-entry';

let counter = 0;
const newId = () => `${Date.now().toString(36)}-${(counter += 1)}`;

/**
 * The home ask panel's questions: each one is an entry that waits for its answer; the whole list
 * is saved on every change and read back on the next visit.
 */
export function useHomeChat() {
  const [entries, setEntries] = useState<THomeChatEntry[]>(() => settleInterrupted(readHistory(HOME_HISTORY_KEY, ZHomeChatEntry)));

  useEffect(() => {
    writeHistory(HOME_HISTORY_KEY, entries);
  }, [entries]);

  const settle = (id: string, fields: Partial<THomeChatEntry>) =>
    setEntries((list) => list.map((entry) => (entry.id === id ? { ...entry, ...fields } : entry)));

  const ask = async (query: string, account: string) => {
    const text = query.trim();
    if (!text) return;
    const id = newId();
    setEntries((list) => [...list, { id, query: text, response: null, timestamp: new Date().toISOString() }]);
    try {
      const answer = await askSales({ query: text, account: account.trim() || undefined });
      settle(id, { response: answer.response, sources: answer.sources, note: answer.note });
    } catch (error) {
      settle(id, { response: error instanceof UnexpectedAnswerError ? error.message : HOME_FAILURE_TEXT, isError: true });
    }
  };

  const clearHistory = () => setEntries([]);

  return { entries, ask, clearHistory };
}
