import fs from 'node:fs';
import path from 'node:path';

const cookieOf = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${name}=`));

/**
 * Signs in through the API as a benchmark's server sends it (its outbox mail in DATA_DIR holds the
 * code): the session's Cookie header (session and CSRF cookies both, since a response that sets one
 * puts it in a browser's jar, whose Cookie header then replaces this one) and the CSRF token.
 */
export async function signInThroughOutbox(baseURL: string, dataDir: string, email: string): Promise<{ cookie: string; csrf: string }> {
  const health = await fetch(`${baseURL}/api/health`);
  const csrf = cookieOf(health, 'csrf_token');
  // The token is signed for the pre-session id the same answer sets (csrf_id): both go back.
  const preSession = cookieOf(health, 'csrf_id');
  if (!csrf || !preSession) throw new Error('no csrf_token and csrf_id cookies from /api/health');
  const headers = { 'content-type': 'application/json', cookie: `${csrf}; ${preSession}`, 'x-csrf-token': csrf.split('=')[1]! };
  const post = (url: string, body: unknown) => fetch(`${baseURL}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const sent = await post('/api/auth/send-otp', { email });
  if (sent.status !== 200) throw new Error(`send-otp answered ${sent.status}: ${await sent.text()}`);
  const outbox = path.join(dataDir, 'outbox');
  const newest = fs.readdirSync(outbox).sort().at(-1)!;
  const code = /sign-in code(?: is|:) (\d{6})/.exec(fs.readFileSync(path.join(outbox, newest), 'utf8'))?.[1];
  if (!code) throw new Error(`no code in ${newest}`);
  const verified = await post('/api/auth/verify-otp', { email, otp: code });
  const session = cookieOf(verified, 'access_token');
  const csrfAfter = cookieOf(verified, 'csrf_token');
  if (verified.status !== 200 || !session || !csrfAfter) throw new Error(`verify-otp answered ${verified.status}`);
  return { cookie: `${session}; ${csrfAfter}`, csrf: csrfAfter.split('=')[1]! };
}
