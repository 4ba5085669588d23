import { APP_NAME } from '#shared/constants';

/** Every e-mail Beacon sends, in one place: subject and plain-text body. */
export type MailContent = { subject: string; text: string };

export function confirmationEmail(link: string): MailContent {
  return {
    subject: `Confirm your ${APP_NAME} e-mail address`,
    text: [
      `Welcome to ${APP_NAME}.`,
      '',
      'You are already signed in and every safety feature works. To confirm that this e-mail address is yours,',
      'open this link:',
      '',
      link,
      '',
      `If you did not create a ${APP_NAME} account, you can ignore this message.`,
    ].join('\n'),
  };
}

export function recoveryEmail(link: string, validForMinutes: number): MailContent {
  return {
    subject: `Reset your ${APP_NAME} password`,
    text: [
      `Someone (hopefully you) asked to reset the password of your ${APP_NAME} account.`,
      '',
      `Open this link to choose a new password. It works once and for ${validForMinutes} minutes:`,
      '',
      link,
      '',
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ].join('\n'),
  };
}
