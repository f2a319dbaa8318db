import { useCallback, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import type { TPendingOperation } from '@pipewise/contract/assistant';
import { isApiError } from '../../../lib/http';
import { askQuestion } from '../api/ask-question';
import { cancelOperation } from '../api/cancel-operation';
import { confirmOperation } from '../api/confirm-operation';
import { processCommand } from '../api/process-command';
import { chatMessage, errorMessage, ZChatMessage, type TChatMessage } from '../utils/chat-message';
import { PANEL_HISTORY_KEY, readHistory, writeHistory } from '../utils/chat-history';
import { successText } from '../utils/chat-text';
import { isCommand, isNo, isYes } from '../utils/command-words';

export const CONFIRM_PLACEHOLDER = "Type 'yes' to confirm or 'no' to cancel";
export const CANCELED_TEXT = 'Operation canceled.';
export const YES_OR_NO_TEXT = "Please respond with 'yes' or 'no'";

/** What went wrong, in the spec's order: server detail, else the error's message, else ''. */
function describe(error: unknown): string {
  if (isApiError(error)) return error.detail || error.message;
  // A malformed answer: its zod report means nothing to the user.
  if (error instanceof z.ZodError) return '';
  return error instanceof Error ? error.message : '';
}

/**
 * The assistant panel's conversation: questions go to the chat API, create/update commands to
 * the command API. A command that comes back with a pending operation (docs/architecture.md#decisions, 9:
 * every write waits for the user's yes) switches to confirmation mode until a yes or a no.
 */
export function useAssistantChat() {
  const [messages, setMessages] = useState<TChatMessage[]>(() => readHistory(PANEL_HISTORY_KEY, ZChatMessage));
  const [pending, setPending] = useState<TPendingOperation | null>(null);
  const [busy, setBusy] = useState(false);
  // Guards against a second send in the same tick, before `busy` has re-rendered.
  const busyRef = useRef(false);

  useEffect(() => {
    writeHistory(PANEL_HISTORY_KEY, messages);
  }, [messages]);

  const add = useCallback((message: TChatMessage) => setMessages((list) => [...list, message]), []);

  const runCommand = async (text: string) => {
    const { notFound, answer } = await processCommand(text);
    const operation = answer.data.pending_operation;
    if (operation) {
      setPending(operation);
      const fallback = notFound ? `No ${operation.object_type} found. Would you like to create it?` : '';
      // The server's question already spells out what will be written.
      add(chatMessage({ type: 'system', content: answer.message || answer.detail || fallback, isConfirmation: true }));
      return;
    }
    const results = answer.data.results;
    add(chatMessage({ type: 'bot', content: answer.message, isSelection: results.length > 0, results }));
  };

  const runQuestion = async (text: string) => {
    const answer = await askQuestion(text);
    // A configured model may propose a create or update: it waits for the yes like a typed command.
    const proposed = answer.command?.data.pending_operation;
    if (proposed) {
      setPending(proposed);
      add(chatMessage({ type: 'system', content: answer.command!.message || answer.message, isConfirmation: true, note: answer.note }));
      return;
    }
    const results = answer.results;
    add(
      chatMessage({
        type: 'bot',
        content: answer.message,
        sources: answer.sources,
        results,
        isSelection: results.length > 0,
        note: answer.note,
      }),
    );
  };

  const answerConfirmation = async (text: string, operation: TPendingOperation) => {
    if (isYes(text)) {
      setPending(null);
      const done = await confirmOperation(operation.id);
      add(
        chatMessage({
          type: 'bot',
          content: successText(done.message, operation.object_type, operation.operation),
          isSuccess: true,
          results: [done.data],
        }),
      );
    } else if (isNo(text)) {
      setPending(null);
      // Nothing runs without a yes: a failed cancel only leaves the operation to expire on the server.
      await cancelOperation(operation.id).catch(() => undefined);
      add(chatMessage({ type: 'system', content: CANCELED_TEXT }));
    } else {
      add(chatMessage({ type: 'system', content: YES_OR_NO_TEXT }));
    }
  };

  const send = async (input: string): Promise<boolean> => {
    const text = input.trim();
    if (!text || busyRef.current) return false;
    busyRef.current = true;
    setBusy(true);
    add(chatMessage({ type: 'user', content: text }));
    try {
      if (pending) await answerConfirmation(text, pending);
      else if (isCommand(text)) await runCommand(text);
      else await runQuestion(text);
    } catch (error) {
      add(errorMessage(describe(error)));
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
    return true;
  };

  const clearHistory = () => {
    setMessages([]);
    // The question it asked is gone with the history, so the write it waited for is dropped too.
    if (pending) void cancelOperation(pending.id).catch(() => undefined);
    setPending(null);
  };

  return { messages, pending, busy, send, clearHistory };
}
