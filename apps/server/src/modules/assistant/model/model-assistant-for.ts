import type { Services } from '../../../services';
import { createModelAssistant } from './model-assistant';

/** The answer budget when no model is configured (unused then: every answer is offline). */
const NO_MODEL_TIMEOUT_MS = 20_000;

/**
 * The model path over the app's services, for the chat routes:
 *
 *   const assistant = modelAssistantFor(services);
 *   const a = await assistant.answer(caller, { query, account, mode: 'sales' }, () => questions.ask(caller, query, options));
 */
export const modelAssistantFor = (services: Services) =>
  createModelAssistant({
    llm: services.adapters.llm,
    timeoutMs: services.config.llm?.timeoutMs ?? NO_MODEL_TIMEOUT_MS,
    db: services.database.db,
    deals: services.deals,
    commands: services.commands.process,
    log: services.log,
  });
