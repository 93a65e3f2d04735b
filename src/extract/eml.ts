import PostalMime from 'postal-mime';
import { BlockBudget, type ParseLimits, unreadable } from './limits';
import { htmlText } from './html';

type Address = { name?: string; address?: string; group?: Address[] };

const addressText = (list: Address[] | Address | undefined): string[] =>
  (Array.isArray(list) ? list : list ? [list] : []).flatMap((a) => (a.group ? addressText(a.group) : [[a.name, a.address && `<${a.address}>`].filter(Boolean).join(' ')]));

/**
 * An e-mail message (RFC 822/MIME, parsed by postal-mime): the address and subject headers, the
 * plain-text body, the HTML body's text, and every text attachment, one after another.
 */
export async function emlText(buf: Uint8Array, limits: ParseLimits): Promise<string> {
  let mail: Awaited<ReturnType<typeof PostalMime.parse>>;
  try {
    mail = await PostalMime.parse(buf, { attachmentEncoding: 'arraybuffer' });
  } catch {
    throw unreadable('e-mail');
  }
  const budget = new BlockBudget(limits);
  const lines: string[] = [];
  const header = (label: string, values: string[]) => values.length && lines.push(`${label}: ${values.join(', ')}`);
  header('From', addressText(mail.from as Address));
  header('Sender', addressText(mail.sender as Address));
  header('Reply-To', addressText(mail.replyTo as Address[]));
  header('To', addressText(mail.to as Address[]));
  header('Cc', addressText(mail.cc as Address[]));
  header('Bcc', addressText(mail.bcc as Address[]));
  if (mail.subject) lines.push(`Subject: ${mail.subject}`);
  if (mail.date) lines.push(`Date: ${mail.date}`);
  lines.push('');
  if (mail.text) lines.push(mail.text);
  if (mail.html) lines.push(htmlText(mail.html, budget));
  const decoder = new TextDecoder('utf-8');
  for (const att of mail.attachments ?? []) {
    const type = (att.mimeType ?? '').toLowerCase();
    if (!/^text\/|^application\/(json|xml|x-yaml|yaml)$/.test(type)) continue;
    const body = typeof att.content === 'string' ? att.content : decoder.decode(att.content);
    lines.push('', type === 'text/html' ? htmlText(body, budget) : body);
  }
  const text = lines.join('\n');
  budget.text(text.length);
  return text;
}
