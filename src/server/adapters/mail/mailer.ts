/** Sends e-mail. Production: SMTP (`SMTP_URL`). Default: a dev outbox that stores messages instead. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The account the message is about, so a stored copy is deleted with the account. Never sent. */
  userId?: string;
};

export type Mailer = {
  readonly kind: 'smtp' | 'dev-outbox';
  send(message: MailMessage): Promise<void>;
};
