import nodemailer from 'nodemailer';
import type { Transport } from './transport.ts';

export function smtpTransport(url: string, from: string): Transport {
  const transporter = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async deliver(message) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject ?? '',
        text: message.body,
      });
      return 'sent';
    },
  };
}
