import { z } from 'zod';

/** The parts of a Calendar event we keep (events.list with singleEvents=true). */
const ZEventTime = z.object({ dateTime: z.string().optional(), date: z.string().optional(), timeZone: z.string().optional() }).loose();

export const ZGoogleEvent = z
  .object({
    id: z.string().min(1),
    status: z.enum(['confirmed', 'tentative', 'cancelled']).optional(),
    summary: z.string().optional(),
    start: ZEventTime.optional(),
    end: ZEventTime.optional(),
    hangoutLink: z.string().optional(),
    organizer: z.object({ email: z.string().optional() }).loose().optional(),
    attendees: z
      .array(
        z
          .object({
            email: z.string().optional(),
            displayName: z.string().optional(),
            responseStatus: z.string().optional(),
            organizer: z.boolean().optional(),
            self: z.boolean().optional(),
          })
          .loose(),
      )
      .optional(),
    conferenceData: z
      .object({ entryPoints: z.array(z.object({ entryPointType: z.string().optional(), uri: z.string().optional() }).loose()).optional() })
      .loose()
      .optional(),
    recurringEventId: z.string().optional(),
  })
  .loose();
export type TGoogleEvent = z.infer<typeof ZGoogleEvent>;

export const ZGoogleEventsPage = z
  .object({
    items: z.array(ZGoogleEvent).default([]),
    nextPageToken: z.string().optional(),
    nextSyncToken: z.string().optional(),
    timeZone: z.string().optional(),
  })
  .loose();
export type TGoogleEventsPage = z.infer<typeof ZGoogleEventsPage>;

export const ZGmailDraft = z.object({ id: z.string().min(1) }).loose();
