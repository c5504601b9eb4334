/** The e-mails of the password flow: a reset link and an invitation, as text and as simple HTML. */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function mailHtml(paragraphs: string[], link: string, button: string): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const href = escapeHtml(link);
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
${body}
<p><a href="${href}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(button)}</a></p>
<p style="font-size:12px;color:#6b7280">If the button does not work, open this address: ${href}</p>
</body></html>`;
}

export function resetMail(to: string, link: string) {
  const lines = [
    'Someone asked to reset the password of your Query Agent account.',
    'Use the link below within 60 minutes to choose a new password. If you did not ask for this, you can ignore this e-mail.',
  ];
  return {
    to,
    subject: 'Reset your Query Agent password',
    text: `${lines.join('\n\n')}\n\n${link}\n`,
    html: mailHtml(lines, link, 'Reset password'),
    link,
  };
}

export function inviteMail(to: string, link: string) {
  const lines = [
    'You have been invited to Query Agent, the assistant for questions about UK broadband availability.',
    'Use the link below within 7 days to set your password, then sign in with this e-mail address.',
  ];
  return {
    to,
    subject: 'You are invited to Query Agent',
    text: `${lines.join('\n\n')}\n\n${link}\n`,
    html: mailHtml(lines, link, 'Set your password'),
    link,
  };
}
