/** Query parameters whose values must never reach a log line. */
const SECRET_PARAMS = new Set(['code', 'state', 'token', 'access_token', 'otp', 'id_token', 'email', 'error', 'hub.verify_token']);

/** The request URL with secret query values replaced, for logs. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) {
    if (SECRET_PARAMS.has(key.toLowerCase())) params.set(key, '[redacted]');
  }
  return `${url.slice(0, q)}?${params.toString()}`;
}

/** A connection string with its password hidden, for messages. */
export function redactConnectionString(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '****';
    return u.toString();
  } catch {
    return '(unparseable URL)';
  }
}
