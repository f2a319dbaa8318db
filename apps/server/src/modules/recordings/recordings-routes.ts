import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZDirectUploadResponse,
  ZPresignRequest,
  ZPresignResponse,
  ZVideo,
  ZVideoDealOptions,
  ZVideoDealsQuery,
  ZVideoList,
  ZVideoListQuery,
  ZVideosByDeal,
} from '@pipewise/contract/videos';
import { ZTranscript } from '@pipewise/contract/transcripts';
import { errorResponses, HttpError } from '../../lib/http-error';
import { UPLOAD_ROUTE } from '../../plugins/connection-limits';
import { requireCaller } from '../../plugins/session';
import { RECORDING_MESSAGES as M } from './recording-messages';
import type { RecordingUploads } from './recording-uploads';
import type { RecordingsService } from './recordings-service';
import { dealIdOf } from './upload-checks';
import { FIELD_MAX_BYTES } from './upload-form';

const tags = ['videos'];
const errors = errorResponses();
const uploadErrors = errorResponses(413, 415, 502);
const idParam = z.object({ id: z.string().max(100) });
/** Media and snapshots are served as their stored type only, never sniffed into something else, and shown inline. */
const SAFE_MEDIA_HEADERS = { 'x-content-type-options': 'nosniff', 'cache-control': 'private, max-age=0' };

export type RecordingsRoutesDeps = { service: RecordingsService; uploads: RecordingUploads; uploadMaxBytes: number };

/** The videos calls of SPEC section 7 under /api/videos, plus media, snapshots, retry, delete and direct uploads. */
export function recordingsRoutes({ service, uploads, uploadMaxBytes }: RecordingsRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Multipart only for these routes; busboy stops a file one byte past the cap so the store refuses it (413).
    await app.register(multipart, {
      limits: { fileSize: uploadMaxBytes + 1, files: 2, fields: 20, parts: 24, fieldSize: FIELD_MAX_BYTES, headerPairs: 100 },
      throwFileSizeLimit: true,
    });

    app.get(
      '/api/videos/deals',
      { schema: { tags, querystring: ZVideoDealsQuery, response: { 200: ZVideoDealOptions, ...errors } } },
      async (req) => service.dealOptions(requireCaller(req), req.query.pipeline, req.query.limit),
    );
    app.get(
      '/api/videos/my-videos',
      { schema: { tags, querystring: ZVideoListQuery, response: { 200: ZVideoList, ...errors } } },
      async (req) => service.mine(requireCaller(req), req.query),
    );
    app.get(
      '/api/videos/subordinate-videos',
      { schema: { tags, querystring: ZVideoListQuery, response: { 200: ZVideoList, ...errors } } },
      async (req) => service.team(requireCaller(req), req.query),
    );
    app.get(
      '/api/videos/get-video-by-dealId/:id',
      { schema: { tags, params: idParam, querystring: ZVideoListQuery, response: { 200: ZVideosByDeal, ...errors } } },
      async (req) => ({ data: await service.forDeal(requireCaller(req), dealIdOf(req.params.id), req.query) }),
    );
    app.get('/api/videos/:id', { schema: { tags, params: idParam, response: { 200: ZVideo, ...errors } } }, async (req) =>
      service.get(requireCaller(req), req.params.id),
    );
    app.get(
      '/api/videos/:id/transcript',
      {
        schema: {
          tags,
          params: idParam,
          summary: "The transcript's segments with times and speakers",
          response: { 200: ZTranscript, ...errors },
        },
      },
      async (req) => service.transcript(requireCaller(req), req.params.id),
    );

    app.get(
      '/api/videos/:id/media',
      { schema: { tags, params: idParam, summary: 'The recording (HTTP Range: 206 with Content-Range, 416 when unsatisfiable)' } },
      async (req, reply) => {
        const answer = await service.media(requireCaller(req), req.params.id, req.headers.range);
        void reply.headers({ ...SAFE_MEDIA_HEADERS, 'accept-ranges': 'bytes' });
        if (answer.kind === 'unsatisfiable') {
          return reply
            .status(416)
            .header('content-range', `bytes */${answer.size}`)
            .send({ detail: 'The requested range is not within the file.' });
        }
        void reply
          .header('content-type', answer.mediaType)
          .header('content-length', String(answer.end - answer.start + 1))
          .header('content-disposition', `inline; filename="${answer.fileName}"`);
        if (answer.kind === 'partial') void reply.status(206).header('content-range', `bytes ${answer.start}-${answer.end}/${answer.size}`);
        return reply.send(answer.object.body);
      },
    );

    app.get(
      '/api/videos/:id/snapshots/:n',
      {
        schema: {
          tags,
          params: z.object({ id: z.string().max(100), n: z.string().max(10) }),
          summary: 'A snapshot thumbnail (image/jpeg)',
        },
      },
      async (req, reply) => {
        const n = /^\d{1,4}$/.test(req.params.n) ? Number(req.params.n) : -1;
        if (n < 0) throw new HttpError(404, M.snapshotNotFound);
        const body = await service.snapshot(requireCaller(req), req.params.id, n);
        return reply
          .headers({ ...SAFE_MEDIA_HEADERS, 'content-type': 'image/jpeg', 'content-disposition': `inline; filename="snapshot-${n}.jpg"` })
          .send(body);
      },
    );

    const uploadRoute = {
      config: UPLOAD_ROUTE,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        summary:
          'multipart: deal_id, pipeline_id, upload_type (drive|file|transcription), google_meet_link?, title?, ' +
          'file | google_drive_link | upload_key | document_file and/or transcription_text, ' +
          'attendees? (JSON: [{email?, name?, user_id?, contact_id?}])',
        response: { 201: ZVideo, ...uploadErrors },
      },
    };
    for (const url of ['/api/videos/upload', '/api/videos/upload-transcription']) {
      app.post(url, uploadRoute, async (req, reply) => {
        const caller = requireCaller(req);
        if (!req.isMultipart()) throw new HttpError(415, M.notMultipart);
        return reply.status(201).send(await uploads.receive(caller, req.parts()));
      });
    }

    app.post(
      '/api/videos/generate-presigned-url',
      { schema: { tags, body: ZPresignRequest, response: { 200: ZPresignResponse, ...errors } } },
      async (req) => service.presign(requireCaller(req), req.body.file_name),
    );

    app.post('/api/videos/:id/retry', { schema: { tags, params: idParam, response: { 200: ZVideo, ...errors } } }, async (req) =>
      service.retry(requireCaller(req), req.params.id),
    );

    app.delete('/api/videos/:id', { schema: { tags, params: idParam, response: { 204: z.null(), ...errors } } }, async (req, reply) => {
      await service.remove(requireCaller(req), req.params.id);
      return reply.status(204).send(null);
    });

    // The local store's direct upload: the body is the file itself, read by the handler as it arrives.
    const directUpload: FastifyPluginAsyncZod = async (raw) => {
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser('*', (_req, _payload, done) => done(null));
      raw.put(
        '/api/videos/direct-upload/:token',
        {
          config: UPLOAD_ROUTE,
          schema: { tags, params: z.object({ token: z.string().max(1000) }), response: { 200: ZDirectUploadResponse, ...uploadErrors } },
        },
        async (req) => service.directUpload(requireCaller(req), req.params.token, req.raw),
      );
    };
    await app.register(directUpload);
  };
}
