import type { MailMessage } from '../../adapters/mail/mail-port';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function otpMail(to: string, code: string, minutes: number): MailMessage {
  return {
    to,
    subject: `Your Pipewise sign-in code: ${code}`,
    text:
      `Your Pipewise sign-in code is ${code}\n\n` +
      `It expires in ${minutes} minutes and works once. If you did not ask for it, ignore this message.\n`,
    html:
      `<p>Your Pipewise sign-in code is</p><p style="font-size:28px;font-weight:700;letter-spacing:6px">${code}</p>` +
      `<p>It expires in ${minutes} minutes and works once. If you did not ask for it, ignore this message.</p>`,
    consoleHint: `sign-in code for ${to}: ${code}`,
  };
}

export function approvalMail(to: string, firstName: string, appUrl: string): MailMessage {
  const link = `${appUrl}/signin`;
  return {
    to,
    subject: 'Your Pipewise access is approved',
    text: `Hi ${firstName},\n\nYour request to use Pipewise has been approved. Sign in with your work email at ${link}\n`,
    html:
      `<p>Hi ${escapeHtml(firstName)},</p><p>Your request to use Pipewise has been approved. ` +
      `<a href="${escapeHtml(link)}">Sign in with your work email</a>.</p>`,
  };
}

export function workspaceReadyMail(
  to: string,
  firstName: string,
  workspace: { name: string; domain: string },
  appUrl: string,
): MailMessage {
  const link = `${appUrl}/signin`;
  const intro = `Your request to use Pipewise has been approved: the workspace ${workspace.name} is ready and you are its admin.`;
  const next = `In Settings you can add your colleagues with @${workspace.domain} addresses.`;
  return {
    to,
    subject: `Your Pipewise workspace ${workspace.name} is ready`,
    text: `Hi ${firstName},\n\n${intro} Sign in with your work email at ${link}\n\n${next}\n`,
    html:
      `<p>Hi ${escapeHtml(firstName)},</p><p>${escapeHtml(intro)} <a href="${escapeHtml(link)}">Sign in with your work email</a>.</p>` +
      `<p>${escapeHtml(next)}</p>`,
  };
}

export function requestDeclinedMail(to: string, firstName: string): MailMessage {
  const body =
    'Thank you for your interest in Pipewise. ' +
    'We are not able to set up a workspace for your company at this time, so your request has been declined.';
  return {
    to,
    subject: 'Your Pipewise request',
    text: `Hi ${firstName},\n\n${body}\n`,
    html: `<p>Hi ${escapeHtml(firstName)},</p><p>${escapeHtml(body)}</p>`,
  };
}
