import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZTask,
  ZTaskCreateBody,
  ZTaskDeleted,
  ZTaskIdParams,
  ZTasksQuery,
  ZTasksResponse,
  ZTaskUpdateBody,
} from '@pipewise/contract/tasks';
import { errorResponses } from '../../lib/http-error';
import { requireCaller } from '../../plugins/session';
import type { TaskContext, TasksService } from './tasks-service';

const errors = errorResponses();

/** The browser's time zone (X-Timezone): the caller's days while they have saved none. */
const contextOf = (headers: Record<string, string | string[] | undefined>): TaskContext => {
  const zone = headers['x-timezone'];
  return { timeZone: typeof zone === 'string' ? zone : undefined };
};

/** GET/POST /api/tasks, PATCH/DELETE /api/tasks/{id}. */
export function tasksRoutes(service: TasksService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['tasks'];
    app.get(
      '/api/tasks',
      {
        schema: {
          tags,
          summary: "The caller's tasks (default), or a record's with record_type and record_id; due=today adds the overdue ones",
          querystring: ZTasksQuery,
          response: { 200: ZTasksResponse, ...errors },
        },
      },
      async (req) => service.list(requireCaller(req), req.query, contextOf(req.headers)),
    );
    app.post(
      '/api/tasks',
      {
        schema: {
          tags,
          summary: 'Create a task (for yourself; a manager within their team, an admin anyone in the workspace)',
          body: ZTaskCreateBody,
          response: { 201: ZTask, ...errors },
        },
      },
      async (req, reply) => reply.code(201).send(await service.create(requireCaller(req), req.body, contextOf(req.headers))),
    );
    app.patch(
      '/api/tasks/:id',
      {
        schema: {
          tags,
          summary: 'Change a task: title, due date and time, done or open, assignee',
          params: ZTaskIdParams,
          body: ZTaskUpdateBody,
          response: { 200: ZTask, ...errors },
        },
      },
      async (req) => service.update(requireCaller(req), req.params.id, req.body, contextOf(req.headers)),
    );
    app.delete(
      '/api/tasks/:id',
      {
        schema: { tags, summary: 'Delete a task', params: ZTaskIdParams, response: { 200: ZTaskDeleted, ...errors } },
      },
      async (req) => {
        await service.remove(requireCaller(req), req.params.id);
        return { deleted: true as const };
      },
    );
  };
}
