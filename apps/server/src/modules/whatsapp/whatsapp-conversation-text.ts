import type { TChatSource, TRecordView } from '@pipewise/contract/assistant';

/** WhatsApp's limits: a text message's body, and an interactive message's body. */
export const MAX_TEXT = 4096;
export const MAX_BUTTONS_BODY = 1024;
/** Links listed under an answer at most. */
const MAX_LINKS = 5;

export const WHATSAPP_REPLIES = {
  yesOrNo: "Please respond with 'yes' or 'no'",
  textOnly: 'I can read text messages only. Send your question or command as text.',
  tooMany: 'You are sending messages faster than I can answer. Please wait a minute and try again.',
  yes: 'Yes',
  no: 'No',
} as const;

/** Cut to `max` characters at a line or word end, with an ellipsis when something was cut. */
export function fit(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const end = Math.max(cut.lastIndexOf('\n'), cut.lastIndexOf(' '));
  return `${(end > max / 2 ? cut.slice(0, end) : cut).trimEnd()}…`;
}

/**
 * An answer written for a screen, as WhatsApp text: Markdown links become their names, bold and
 * headings WhatsApp's *bold*. Record names stay as they are.
 */
export function plainText(text: string): string {
  return text
    .replace(/\[([^\]]+)\]\((?:[^)\s]+)\)/g, '$1')
    .replace(/\*\*([^*\n]+)\*\*/g, '*$1*')
    .replace(/^#{1,6}\s+(.+)$/gm, '*$1*')
    .trim();
}

/** A record page's address as a link anyone signed in can open ('/dashboard/deals/7' on the app's URL). */
export const absolute = (appUrl: string, url: string) => new URL(url, appUrl).toString();

/** The answer's records that have a page, as 'Name: link' lines (at most five, each once). */
export function linkLines(sources: Pick<TChatSource, 'label' | 'url'>[], appUrl: string): string[] {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const s of sources) {
    if (!s.url || seen.has(s.url) || lines.length === MAX_LINKS) continue;
    seen.add(s.url);
    lines.push(`${s.label}: ${absolute(appUrl, s.url)}`);
  }
  return lines;
}

/** An answer with its record pages listed under it, within WhatsApp's length. */
export function answerText(text: string, sources: Pick<TChatSource, 'label' | 'url'>[], appUrl: string): string {
  const body = plainText(text);
  const links = linkLines(sources, appUrl);
  const tail = links.length ? `\n\n${links.join('\n')}` : '';
  return fit(body, MAX_TEXT - tail.length) + tail;
}

/** A record's name as the assistant shows it (a deal's name, a company's name, a contact's full name). */
export function recordName(view: TRecordView): string | null {
  const p = view.properties;
  const name = p.dealname ?? p.name ?? [p.firstname, p.lastname].filter(Boolean).join(' ');
  return name?.trim() ? name.trim() : (p.title ?? null);
}

/** Records listed by name (and page), e.g. the deals a command could mean. */
export function recordLines(views: TRecordView[], appUrl: string): string[] {
  return views.slice(0, 10).flatMap((v) => {
    const name = recordName(v);
    if (!name) return [];
    return [`- ${name}${v.url ? `: ${absolute(appUrl, v.url)}` : ''}`];
  });
}
