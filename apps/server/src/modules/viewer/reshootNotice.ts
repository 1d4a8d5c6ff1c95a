import type { OutgoingMessage } from '../../platform/mail/mailer.types.ts';

export interface ReshootNoticeInput {
  pilot: { email: string; phone: string | null; first_name: string };
  structure: string;
  line: string;
  project: string;
  reason: string;
  /** The project's Upload page, where the new photos go. */
  link: string;
}

/**
 * What a pilot is sent when a reviewer asks for a structure to be photographed again: an e-mail, and a text
 * message when the pilot has a phone number.
 */
export function reshootNotice(n: ReshootNoticeInput): OutgoingMessage[] {
  const where = `structure ${n.structure} on line ${n.line}`;
  const messages: OutgoingMessage[] = [
    {
      channel: 'email',
      to: n.pilot.email,
      subject: `Reshoot requested: ${n.structure} (${n.line})`,
      body:
        `Hello ${n.pilot.first_name},\n\n` +
        `A reviewer asked for new photos of ${where} in project ${n.project}.\n\n` +
        `Reason: ${n.reason}\n\n` +
        `Please fly this structure again and upload the new photos to the project:\n${n.link}\n`,
    },
  ];
  if (n.pilot.phone?.trim()) {
    messages.push({
      channel: 'sms',
      to: n.pilot.phone,
      body: `Linewalker: please photograph ${where} (${n.project}) again. Reason: ${n.reason}`,
    });
  }
  return messages;
}
