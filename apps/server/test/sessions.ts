import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { sessions, users } from '../src/db/schema';
import { randomToken, sha256Hex } from '../src/lib/secrets';
import { SESSION_TTL_MS } from '../src/modules/auth/session-repo';
import { sessionBinding } from '../src/plugins/csrf';
import { csrfTokenFor } from './test-app';

/** A signed-in test caller: the session's token and ready-made headers for `app.inject`. */
export type TestSession = {
  userId: string;
  email: string;
  organizationId: string;
  sessionId: string;
  token: string;
  /** Browser-style: session + CSRF cookies and the matching X-CSRF-Token (passes the CSRF check on writes). */
  headers: { cookie: string; 'x-csrf-token': string };
  /** API-client style: `Authorization: Bearer <token>`, which needs no CSRF token. */
  bearer: { authorization: string };
};

/** A browser signed in with this session token: its cookies and the CSRF token bound to the session. */
export function browserHeaders(token: string): { cookie: string; 'x-csrf-token': string } {
  const csrf = csrfTokenFor(sessionBinding(token));
  return { cookie: `access_token=${token}; csrf_token=${csrf}`, 'x-csrf-token': csrf };
}

/** The id, email and workspace of a user by email (lower-case), or an error naming the email. */
export async function findUser(db: Db, email: string): Promise<{ id: string; email: string; organizationId: string }> {
  const [row] = await db
    .select({ id: users.id, email: users.email, organizationId: users.organizationId })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  if (!row) throw new Error(`test: no user ${email}`);
  return row;
}

/**
 * Signs a user in without the mail flow: inserts a live session row whose token_hash is
 * sha256(token), as the OTP and Google flows do, and returns headers that carry it.
 */
export async function signIn(db: Db, email: string, options: { expiresInMs?: number } = {}): Promise<TestSession> {
  const user = await findUser(db, email);
  const token = randomToken(32);
  const [row] = await db
    .insert(sessions)
    .values({ userId: user.id, tokenHash: sha256Hex(token), expiresAt: new Date(Date.now() + (options.expiresInMs ?? SESSION_TTL_MS)) })
    .returning({ id: sessions.id });
  return {
    userId: user.id,
    email: user.email,
    organizationId: user.organizationId,
    sessionId: row!.id,
    token,
    headers: browserHeaders(token),
    bearer: { authorization: `Bearer ${token}` },
  };
}

/** Signs in several users at once: `const s = await signInAll(db, { rahul: 'rahul@acme.example' })`. */
export async function signInAll<K extends string>(db: Db, emails: Record<K, string>): Promise<Record<K, TestSession>> {
  const out = {} as Record<K, TestSession>;
  for (const [key, email] of Object.entries(emails) as [K, string][]) out[key] = await signIn(db, email);
  return out;
}
