/** Header values may not carry line breaks (header injection): they become spaces. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

/** RFC 2047 encoded-word for a header with non-ASCII text. */
const encodeHeader = (value: string) =>
  /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;

/** A plain-text RFC 2822 message for a Gmail draft (the body in base64, so any text and line length is safe). */
export function buildDraftMessage(input: { to: string[]; subject: string; body: string }): string {
  const body = Buffer.from(input.body.replace(/\r?\n/g, '\r\n'), 'utf8').toString('base64').replace(/.{76}/g, '$&\r\n');
  return [
    ...(input.to.length ? [`To: ${input.to.map(oneLine).join(', ')}`] : []),
    `Subject: ${encodeHeader(oneLine(input.subject))}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset="UTF-8"',
    'Content-Transfer-Encoding: base64',
    '',
    body,
  ].join('\r\n');
}
