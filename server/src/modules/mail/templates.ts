import { TEXT_MAX } from '@torque/contract';
import { clip } from '../../lib/clip.ts';
import { formatCents } from '../../lib/money.ts';
import {
  drawableFacts,
  shippingText,
  type OrderFacts,
  type OrderFactsAccount,
  type OrderFactsLine,
} from '../orders/order-facts.ts';

/** What the outbox rows name: each is rendered at delivery from the row's JSON payload. */
export type MailTemplate =
  | 'order-placed'
  | 'payment-received'
  | 'order-shipped'
  | 'credit-note'
  | 'contact-message'
  | 'password-reset'
  | 'company-invitation'
  | 'payment-reminder';

/** Issue 30: an overdue reminder's payload: the order's facts, its due date and PO, and which reminder it is. */
export interface PaymentReminderPayload extends OrderFacts {
  dueOn: string;
  poNumber: string | null;
  reminder: number;
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

export interface MailContext {
  shopName: string;
  publicUrl: string;
}

export interface ContactPayload {
  email: string;
  subject: string;
  message: string;
}

export interface PasswordResetPayload {
  name: string;
  email: string;
  token: string;
}

/** A company admin's invitation to join the company as a buyer (issue 30): the link's token, once. */
export interface CompanyInvitationPayload {
  companyName: string;
  inviterName: string;
  email: string;
  token: string;
  expiresAt: string;
}

/** Every user-entered string goes through this before it is put in HTML. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A simple page: a heading, paragraphs (already escaped) and an optional button. */
function page(ctx: MailContext, heading: string, paragraphs: string[], link?: { href: string; label: string }): string {
  const button = link
    ? `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(link.label)}</a></p>`
    : '';
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111;max-width:600px;margin:auto">
<h1 style="font-size:20px">${escapeHtml(ctx.shopName)}</h1>
<h2 style="font-size:17px">${escapeHtml(heading)}</h2>
${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}
${button}
<p style="color:#666;font-size:12px">${escapeHtml(ctx.shopName)} · <a href="${escapeHtml(ctx.publicUrl)}">${escapeHtml(ctx.publicUrl)}</a></p>
</body></html>`;
}

/** The shipping line (issue 28), when the order has one: part of its total. */
const shippingLines = (o: OrderFacts): string[] => (o.shipping ? [shippingText(o.shipping, formatCents)] : []);

/**
 * Issue 30 (PRODUCT.md §25): a line's unit price as sold and, when the buyer's price list made it
 * lower than the public price for its quantity then, that price: "$8.01 (list $8.90)".
 */
function unitPriceText(line: Pick<OrderFactsLine, 'unitPriceCents' | 'publicUnitPriceCents'>): string {
  const list = line.publicUnitPriceCents;
  const below = typeof list === 'number' && list > line.unitPriceCents;
  return `${formatCents(line.unitPriceCents)}${below ? ` (list ${formatCents(list)})` : ''}`;
}

function orderLines(o: OrderFacts): { text: string[]; html: string[] } {
  const lines = o.lines ?? [];
  if (lines.length > 1) return partLines(o, lines);
  const line = lines[0];
  const unitAndTotal = [
    `Unit price: ${unitPriceText(line ?? o)}`,
    ...(line ? [`Line total: ${formatCents(line.totalCents)}`] : []),
  ];
  const text = [
    `Order: ${o.orderId}`,
    `Part: ${o.partName}`,
    ...(o.partNumber ? [`Part number: ${o.partNumber}`] : []),
    `Quantity: ${o.quantity}`,
    ...unitAndTotal,
    ...shippingLines(o),
    `Total: ${formatCents(o.totalCents)}`,
    `Ship to: ${o.address}`,
  ];
  const html = [
    `Order: <code>${escapeHtml(o.orderId)}</code>`,
    `Part: <strong>${escapeHtml(o.partName)}</strong><br>${o.partNumber ? `Part number: ${escapeHtml(o.partNumber)}<br>` : ''}Quantity: ${escapeHtml(o.quantity)}<br>${[
      ...unitAndTotal,
      ...shippingLines(o),
    ]
      .map((l) => `${escapeHtml(l)}<br>`)
      .join('')}Total: <strong>${escapeHtml(formatCents(o.totalCents))}</strong>`,
    `Ship to: ${escapeHtml(o.address)}`,
  ];
  return { text, html };
}

/** An order of several parts (issue 27): every line with its number, quantity, unit price and total. */
function partLines(o: OrderFacts, lines: readonly OrderFactsLine[]): { text: string[]; html: string[] } {
  const describe = (l: OrderFactsLine) =>
    `${l.partNumber ? `${l.partNumber} ` : ''}${l.name} × ${l.quantity} at ${unitPriceText(l)} = ${formatCents(l.totalCents)}`;
  const text = [
    `Order: ${o.orderId}`,
    ...lines.map((l, i) => `${i + 1}. ${describe(l)}`),
    ...shippingLines(o),
    `Total: ${formatCents(o.totalCents)} (${o.quantity} units)`,
    `Ship to: ${o.address}`,
  ];
  const html = [
    `Order: <code>${escapeHtml(o.orderId)}</code>`,
    `<ol>${lines.map((l) => `<li>${escapeHtml(describe(l))}</li>`).join('')}</ol>${shippingLines(o)
      .map((l) => `${escapeHtml(l)}<br>`)
      .join('')}Total: <strong>${escapeHtml(formatCents(o.totalCents))}</strong> (${escapeHtml(o.quantity)} units)`,
    `Ship to: ${escapeHtml(o.address)}`,
  ];
  return { text, html };
}

/**
 * Issue 30 (PRODUCT.md §26): an order placed on account is invoiced at once and paid by transfer on
 * the company's terms; nothing to pay now.
 */
function placedOnAccountSentence(o: OrderFacts, account: OrderFactsAccount): string {
  const po = account.poNumber ? ` with PO number ${account.poNumber}` : '';
  const invoice = o.invoiceNumber ? ` Your invoice ${o.invoiceNumber} of ${formatCents(o.totalCents)}` : ' It';
  return `Thank you for your order. It is placed on account${po}, on your company's payment terms: Net ${account.netDays}.${invoice} is due on ${account.dueOn}, payable by bank transfer quoting the invoice number. There is nothing to pay now.`;
}

const greeting = (name: string | null | undefined) => (name ? `Hello ${name},` : 'Hello,');

/** A message about one order to its customer: a greeting, one sentence, the order's lines, a link to My Orders. */
function orderMail(
  o: OrderFacts,
  ctx: MailContext,
  subject: string,
  heading: string,
  sentence: { text: string; html: string },
): RenderedMail {
  const ordersUrl = `${ctx.publicUrl}/dashboard/my-orders`;
  const lines = orderLines(o);
  return {
    subject: `${ctx.shopName}: ${subject}`,
    text: [
      greeting(o.buyerName),
      '',
      sentence.text,
      '',
      ...lines.text,
      '',
      `Your orders: ${ordersUrl}`,
      '',
      ctx.shopName,
    ].join('\n'),
    html: page(ctx, heading, [escapeHtml(greeting(o.buyerName)), sentence.html, ...lines.html], {
      href: ordersUrl,
      label: 'My orders',
    }),
  };
}

/** A contact message as drawn: its stored texts clipped to their rules (issue 24). */
const drawableContact = (m: ContactPayload): ContactPayload => ({
  email: clip(m.email, TEXT_MAX.email),
  subject: clip(m.subject, TEXT_MAX.contactSubject),
  message: clip(m.message, TEXT_MAX.contactMessage),
});

/**
 * Subject, plain text and HTML of one outbox row. Stored texts are clipped to their rules before
 * they are drawn, so no payload makes rendering slow (issue 24). Attachments (the invoice PDF of a
 * payment) come from the module that draws them, through `app.mail.attach` (mail-plugin.ts).
 */
export function renderMail(template: string, payload: unknown, ctx: MailContext): RenderedMail {
  switch (template as MailTemplate) {
    case 'order-placed': {
      const o = drawableFacts(payload as OrderFacts);
      const sentence = o.account
        ? placedOnAccountSentence(o, o.account)
        : 'Thank you for your order. It is waiting for payment.';
      return orderMail(o, ctx, `order received (${o.partName} × ${o.quantity})`, 'Thank you for your order', {
        text: sentence,
        html: escapeHtml(sentence),
      });
    }
    case 'payment-received': {
      const o = drawableFacts(payload as OrderFacts);
      return orderMail(
        o,
        ctx,
        `payment received, invoice ${o.invoiceNumber}`,
        `Payment received — invoice ${o.invoiceNumber}`,
        {
          text: `We received your payment (${o.paymentId}). Your invoice ${o.invoiceNumber} is attached.`,
          html: `We received your payment (<code>${escapeHtml(o.paymentId)}</code>). Your invoice ${escapeHtml(o.invoiceNumber)} is attached.`,
        },
      );
    }
    case 'order-shipped': {
      const o = drawableFacts(payload as OrderFacts);
      const sentence = 'Your order is on its way.';
      return orderMail(o, ctx, `your order has shipped (${o.partName})`, 'Your order is on its way', {
        text: sentence,
        html: escapeHtml(sentence),
      });
    }
    case 'credit-note': {
      // Issue 29: a refunded order's credit note (written with the refund, modules/invoices).
      const stored = payload as OrderFacts & { creditNoteNumber: string };
      const o = drawableFacts(stored);
      const number = clip(String(stored.creditNoteNumber), 20);
      const sentence = `We refunded your order in full to your original payment. The credit note ${number} for invoice ${o.invoiceNumber} is attached.`;
      return orderMail(o, ctx, `refund and credit note ${number}`, `Refund — credit note ${number}`, {
        text: sentence,
        html: escapeHtml(sentence),
      });
    }
    case 'payment-reminder': {
      // Issue 30 (PRODUCT.md §26): one a week while an invoice on account is past due and unpaid.
      const stored = payload as PaymentReminderPayload;
      const o = drawableFacts(stored);
      const due = clip(String(stored.dueOn), 10);
      const po = stored.poNumber ? ` (PO ${clip(String(stored.poNumber), 40)})` : '';
      const sentence = `Your invoice ${o.invoiceNumber}${po} of ${formatCents(o.totalCents)} was due on ${due} and is not paid yet. Please pay it by bank transfer, quoting the invoice number. If you paid already, thank you and please ignore this reminder.`;
      return orderMail(
        o,
        ctx,
        `payment reminder, invoice ${o.invoiceNumber} overdue`,
        `Invoice ${o.invoiceNumber} is overdue`,
        {
          text: sentence,
          html: escapeHtml(sentence),
        },
      );
    }
    case 'contact-message': {
      const m = drawableContact(payload as ContactPayload);
      return {
        subject: `${ctx.shopName} contact: ${m.subject}`,
        replyTo: m.email,
        text: [`A message from ${m.email} through the contact form.`, '', `Subject: ${m.subject}`, '', m.message].join(
          '\n',
        ),
        html: page(ctx, 'Contact message', [
          `From: ${escapeHtml(m.email)}`,
          `Subject: ${escapeHtml(m.subject)}`,
          escapeHtml(m.message).replaceAll('\n', '<br>'),
        ]),
      };
    }
    case 'password-reset': {
      const stored = payload as PasswordResetPayload;
      const r = { ...stored, name: clip(stored.name, TEXT_MAX.accountName) };
      // The token alone: the page never signs in or names an account from the link (issue 24).
      const url = `${ctx.publicUrl}/reset-password?${new URLSearchParams({ token: r.token })}`;
      return {
        subject: `${ctx.shopName}: reset your password`,
        text: [
          greeting(r.name),
          '',
          'Someone asked to reset the password of your account. To choose a new one, open:',
          '',
          url,
          '',
          'The link works for one hour. If it was not you, ignore this message.',
          '',
          ctx.shopName,
        ].join('\n'),
        html: page(
          ctx,
          'Reset your password',
          [
            escapeHtml(greeting(r.name)),
            'Someone asked to reset the password of your account. The link works for one hour. If it was not you, ignore this message.',
          ],
          { href: url, label: 'Choose a new password' },
        ),
      };
    }
    case 'company-invitation': {
      const stored = payload as CompanyInvitationPayload;
      const r = {
        ...stored,
        companyName: clip(stored.companyName, 120),
        inviterName: clip(stored.inviterName, TEXT_MAX.accountName),
      };
      // The token alone: whoever opens the link signs in or signs up as the invited address.
      const url = `${ctx.publicUrl}/invitations/accept?${new URLSearchParams({ token: r.token })}`;
      const expires = new Date(r.expiresAt).toUTCString();
      return {
        subject: `${ctx.shopName}: ${r.inviterName} invites you to ${r.companyName}`,
        text: [
          'Hello,',
          '',
          `${r.inviterName} invites you to buy for ${r.companyName} at ${ctx.shopName}. To accept, open:`,
          '',
          url,
          '',
          `Sign in or create an account with this address (${r.email}). The link works once, until ${expires}.`,
          '',
          ctx.shopName,
        ].join('\n'),
        html: page(
          ctx,
          `Join ${r.companyName}`,
          [
            `${escapeHtml(r.inviterName)} invites you to buy for ${escapeHtml(r.companyName)} at ${escapeHtml(ctx.shopName)}.`,
            `Sign in or create an account with this address (${escapeHtml(r.email)}). The link works once, until ${escapeHtml(expires)}.`,
          ],
          { href: url, label: 'Accept the invitation' },
        ),
      };
    }
    default:
      throw new Error(`unknown mail template ${template}`);
  }
}
