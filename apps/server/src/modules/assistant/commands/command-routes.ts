import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCancelResponse,
  ZConfirmRequest,
  ZConfirmResponse,
  ZProcessCommandQuery,
  ZProcessCommandResponse,
} from '@pipewise/contract/assistant';
import { errorResponses } from '../../../lib/http-error';
import { requireCaller } from '../../../plugins/session';
import type { CommandService } from './command-service';
import type { ConfirmService } from './confirm-service';

// 502: the workspace's HubSpot could not be reached for a confirmed write (nothing was changed).
const errors = errorResponses(410, 502);

/** The assistant's CRM commands: read a command (never writes), then confirm or cancel what it will do. */
export function commandRoutes(commands: CommandService, confirmations: ConfirmService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['assistant'];
    app.post(
      '/api/command/process-command',
      {
        schema: {
          tags,
          summary: 'Reads a CRM command and answers with a pending operation to confirm (no write)',
          description:
            "Dates ('tomorrow', 'end of month') are read in the caller's IANA zone from the X-Timezone header or the timeZone " +
            'parameter (UTC without either).',
          querystring: ZProcessCommandQuery,
          // A 404 carries the parsed command and a pending create, as the spec's panel expects.
          response: { 200: ZProcessCommandResponse, ...errors, 404: ZProcessCommandResponse },
        },
      },
      async (req, reply) => {
        const zone = req.headers['x-timezone'];
        const timeZone = req.query.timeZone ?? (typeof zone === 'string' ? zone : undefined);
        const { statusCode, body } = await commands.process(requireCaller(req), req.query, { timeZone });
        return reply.status(statusCode).send(body);
      },
    );

    app.post(
      '/api/command/confirm',
      { schema: { tags, summary: 'Runs a pending operation once', body: ZConfirmRequest, response: { 200: ZConfirmResponse, ...errors } } },
      async (req) => confirmations.confirm(requireCaller(req), req.body.pending_operation_id),
    );

    app.post(
      '/api/command/cancel',
      { schema: { tags, summary: 'Cancels a pending operation', body: ZConfirmRequest, response: { 200: ZCancelResponse, ...errors } } },
      async (req) => confirmations.cancel(requireCaller(req), req.body.pending_operation_id),
    );
  };
}
