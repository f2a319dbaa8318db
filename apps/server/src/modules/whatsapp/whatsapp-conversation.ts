import type { FastifyBaseLogger } from 'fastify';
import { isCommandText, NO_WORDS, YES_WORDS, type TProcessCommandResponse } from '@pipewise/contract/assistant';
import { WHATSAPP_MESSAGES } from '@pipewise/contract/whatsapp';
import { WhatsappOutsideWindowError, type WhatsappSender } from '../../adapters/whatsapp/whatsapp-port';
import type { WhatsappReply } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { COMMAND_TEXTS } from '../assistant/commands/command-messages';
import type { CommandService } from '../assistant/commands/command-service';
import type { ConfirmService } from '../assistant/commands/confirm-service';
import type { ModelAssistant } from '../assistant/model/model-assistant';
import type { QuestionsService } from '../assistant/questions/questions-service';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { zoneOrUtc } from '../assistant/questions/time-zone';
import type { WhatsappVerifiedUser } from '../users/whatsapp-number-repo';
import { WINDOW_MS, type WhatsappConversationRepo } from './whatsapp-conversation-repo';
import {
  answerText,
  fit,
  MAX_BUTTONS_BODY,
  MAX_TEXT,
  recordLines,
  recordName,
  WHATSAPP_REPLIES,
  absolute,
} from './whatsapp-conversation-text';
import { zoneOfNumber } from './whatsapp-conversation-zone';
import type { InboundMessage } from './whatsapp-webhook-protocol';

/** The user a verified number belongs to, as the assistant acts for them. */
export type WhatsappUser = WhatsappVerifiedUser;

/** The user's zone: the one their browser reported on the WhatsApp card, else their number's country's, else UTC. */
export const zoneOfUser = (user: Pick<WhatsappUser, 'timeZone' | 'phoneNumber'>): string =>
  user.timeZone ? zoneOrUtc(user.timeZone) : zoneOfNumber(user.phoneNumber);

/** Messages per user per minute over WhatsApp (the panel's questions limit; a person types far fewer). */
export const MESSAGES_PER_MINUTE = 30;

export type ConversationDeps = {
  sender: WhatsappSender;
  repo: WhatsappConversationRepo;
  /** The active user who verified this number (E.164), or null. */
  verifiedUser(phoneNumber: string): Promise<WhatsappUser | null>;
  questions: Pick<QuestionsService, 'ask' | 'named' | 'quotes'>;
  /** The panel's answerer: a configured model, else the questions service's offline answer. */
  assistant: Pick<ModelAssistant, 'answer'>;
  commands: Pick<CommandService, 'process'>;
  confirmations: Pick<ConfirmService, 'confirm' | 'cancel'>;
  limiter: Pick<RateLimiter, 'consume'>;
  appUrl: string;
  now?: () => Date;
};

const text = (body: string): WhatsappReply => ({ kind: 'text', text: fit(body, MAX_TEXT) });
const normal = (s: string) => s.trim().toLowerCase();
const isYes = (s: string) => (YES_WORDS as readonly string[]).includes(normal(s));
const isNo = (s: string) => (NO_WORDS as readonly string[]).includes(normal(s));
/** Our reply buttons' ids: 'yes:<pending operation id>' and 'no:<pending operation id>'. */
const BUTTON_ID = /^(yes|no):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/**
 * A text from WhatsApp handled as the assistant panel handles it: a verified number's questions are
 * answered from that user's visible data, create and update commands become the same pending
 * operation with Yes and No buttons, and a yes or no (typed or pressed) confirms or cancels it.
 * A number nobody verified gets one short reply a day at most. Replies are free-form, so they go out
 * only inside WhatsApp's 24-hour window.
 */
export function createWhatsappConversation(deps: ConversationDeps) {
  const now = deps.now ?? (() => new Date());
  const { repo } = deps;

  /** A pending operation waits for a yes: the question with Yes and No buttons. */
  async function ask(user: WhatsappUser, answer: TProcessCommandResponse): Promise<WhatsappReply | null> {
    const op = answer.data.pending_operation;
    if (!op) return null;
    await repo.setPending(user.id, op.id, new Date(op.expires_at));
    const question = answer.message || answer.detail || `No ${op.object_type} found. Would you like to create it?`;
    return {
      kind: 'buttons',
      text: fit(question, MAX_BUTTONS_BODY),
      buttons: [
        { id: `yes:${op.id}`, title: WHATSAPP_REPLIES.yes },
        { id: `no:${op.id}`, title: WHATSAPP_REPLIES.no },
      ],
    };
  }

  async function confirm(user: WhatsappUser, operationId: string): Promise<WhatsappReply> {
    try {
      const done = await deps.confirmations.confirm(user, operationId, 'whatsapp');
      const name = recordName(done.data);
      const link = done.data.url ? `\n${absolute(deps.appUrl, done.data.url)}` : '';
      return text(`${done.message}${name ? `\n${name}` : ''}${link}`);
    } catch (e) {
      if (e instanceof HttpError && e.statusCode < 500) return text(e.detail);
      throw e;
    } finally {
      await repo.clearPending(user.id, operationId);
    }
  }

  async function cancel(user: WhatsappUser, operationId: string): Promise<WhatsappReply> {
    try {
      await deps.confirmations.cancel(user, operationId);
    } catch (e) {
      // Already carried out: say so. Expired or unknown: nothing will run, which is what a no asks.
      if (e instanceof HttpError && e.statusCode === 409) return text(e.detail);
      if (!(e instanceof HttpError) || e.statusCode >= 500) throw e;
    } finally {
      await repo.clearPending(user.id, operationId);
    }
    return text(COMMAND_TEXTS.canceled);
  }

  async function command(user: WhatsappUser, typed: string, timeZone: string): Promise<WhatsappReply> {
    const { body } = await deps.commands.process(user, { command: typed }, { timeZone });
    const asked = await ask(user, body);
    if (asked) return asked;
    const lines = recordLines(body.data.results, deps.appUrl);
    return text([body.message || body.detail || '', ...lines].filter(Boolean).join('\n'));
  }

  async function question(user: WhatsappUser, query: string, timeZone: string): Promise<WhatsappReply> {
    const named = () => deps.questions.named(user, query);
    const quotes = () => deps.questions.quotes(user, query, { timeZone });
    const a = await deps.assistant.answer(user, { query, mode: 'panel', timeZone, named, quotes }, () =>
      deps.questions.ask(user, query, { timeZone }),
    );
    if (a.command) {
      const asked = await ask(user, a.command);
      if (asked) return asked;
    }
    return text(answerText(a.text, a.sources, deps.appUrl));
  }

  /** What the user's message asks for, done (a confirm writes, a command stores its pending operation). */
  async function decide(user: WhatsappUser, message: InboundMessage): Promise<WhatsappReply> {
    const pressed = message.kind === 'button' && message.buttonId ? BUTTON_ID.exec(message.buttonId) : null;
    if (pressed) return pressed[1] === 'yes' ? confirm(user, pressed[2]!) : cancel(user, pressed[2]!);
    const typed = message.text.trim();
    if (message.kind === 'other' || !typed) return text(WHATSAPP_REPLIES.textOnly);
    try {
      await deps.limiter.consume({ key: `whatsapp-messages:${user.id}`, max: MESSAGES_PER_MINUTE, windowSeconds: 60 });
    } catch (e) {
      if (e instanceof HttpError && e.statusCode === 429) return text(WHATSAPP_REPLIES.tooMany);
      throw e;
    }
    const state = await repo.conversation(user.id);
    if (state?.pendingOperationId) {
      if (isYes(typed)) return confirm(user, state.pendingOperationId);
      if (isNo(typed)) return cancel(user, state.pendingOperationId);
      // As in the panel: while a question waits, only a yes or a no answers it (until it expires).
      if (state.pendingExpiresAt && state.pendingExpiresAt > now()) return text(WHATSAPP_REPLIES.yesOrNo);
      await repo.clearPending(user.id, state.pendingOperationId);
    }
    const timeZone = zoneOfUser(user);
    try {
      return isCommandText(typed) ? await command(user, typed, timeZone) : await question(user, typed, timeZone);
    } catch (e) {
      // A refusal with a sentence for the user (an expired or forbidden record): that sentence.
      if (e instanceof HttpError && e.statusCode < 500) return text(e.detail);
      throw e;
    }
  }

  /** Sends a free-form reply, only while the window is open; outside it nothing is sent (WhatsApp would refuse it). */
  async function deliver(to: string, reply: WhatsappReply, lastInboundAt: Date, log: FastifyBaseLogger): Promise<void> {
    if (now().getTime() - lastInboundAt.getTime() >= WINDOW_MS) {
      log.info('WhatsApp reply not sent: the 24-hour window has closed');
      return;
    }
    try {
      if (reply.kind === 'text') await deps.sender.sendText(to, reply.text);
      else await deps.sender.sendButtons(to, reply.text, reply.buttons);
    } catch (e) {
      if (!(e instanceof WhatsappOutsideWindowError)) throw e;
      log.info('WhatsApp refused the reply: the 24-hour window has closed');
    }
  }

  return {
    /**
     * Handles one delivered message once: works out the reply (and does what it says), keeps it,
     * then sends it. A retried run sends the kept reply instead of answering again.
     */
    async handle(message: InboundMessage, log: FastifyBaseLogger): Promise<void> {
      const state = await repo.inbound(message.id);
      if (!state || state.repliedAt) return;
      const sentAt = new Date(message.sentAt);
      const user = await deps.verifiedUser(message.from);
      let reply = state.reply;
      if (!state.handledAt) {
        if (user) {
          await repo.touch(user.id, message.from, sentAt);
          reply = await decide(user, message);
        } else {
          reply = (await repo.claimStrangerReply(message.from)) ? text(WHATSAPP_MESSAGES.stranger) : null;
        }
        await repo.saveReply(message.id, reply);
      }
      if (reply) {
        const lastInboundAt = user ? ((await repo.conversation(user.id))?.lastInboundAt ?? sentAt) : sentAt;
        await deliver(message.from, reply, lastInboundAt, log);
      }
      await repo.markReplied(message.id);
    },
  };
}

export type WhatsappConversation = ReturnType<typeof createWhatsappConversation>;
