import { createRequire } from 'node:module';
import type nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

/**
 * Time-outs of each step of a send (nodemailer's defaults wait up to two minutes for a connection and ten for an
 * idle socket). A send that hangs ends as a failure the job retries, well within the account e-mail job's lease
 * (modules/auth/account-email-job.ts), so no other instance starts the same e-mail while this one still might
 * send it.
 */
const SMTP_TIMEOUTS = {
  dnsTimeout: 15_000,
  connectionTimeout: 20_000,
  greetingTimeout: 20_000,
  socketTimeout: 30_000,
} as const;

/**
 * nodemailer is loaded here, when SMTP is configured, not by a static import: without SMTP_URL (development, the
 * tests) it would cost every start about 0.1 s of CPU and 14 MiB. Required (it is CommonJS) so that creating the
 * mailer stays synchronous.
 */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const mailer = createRequire(import.meta.url)('nodemailer') as typeof nodemailer;
  const transport = mailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    kind: 'smtp',
    async send({ to, subject, text, html }) {
      await transport.sendMail({ from, to, subject, text, html });
    },
  };
}
