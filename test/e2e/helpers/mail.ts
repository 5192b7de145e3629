import { inject } from 'vitest';

/** A mail as the local SES (aws-ses-v2-local) keeps it; GET /store lists them oldest first. */
interface StoredMail {
  destination?: { to?: string[] };
  to?: string | string[];
  subject?: string;
  body?: { text?: string; html?: string };
  text?: string;
  html?: string;
  at?: number;
}

const recipients = (mail: StoredMail): string[] => {
  const to = mail.destination?.to ?? mail.to ?? [];
  return Array.isArray(to) ? to : [to];
};

const contents = (mail: StoredMail): string =>
  [mail.body?.text, mail.text, mail.body?.html, mail.html].filter(Boolean).join('\n');

/** The newest mail the local SES received for `address`, waiting up to 15 s for it. */
export const newestMailTo = async (address: string): Promise<StoredMail> => {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const response = await fetch(inject('sesStoreUrl'));
    const store = (await response.json()) as { emails: StoredMail[] };
    const mails = store.emails.filter((mail) => recipients(mail).some((to) => to.toLowerCase().includes(address.toLowerCase())));
    const newest = mails.at(-1);
    if (newest) return newest;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${address} reached the local SES store`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

/** The `/verify-email?token=...` address in a verification mail, on the origin under test. */
export const verificationLink = (mail: StoredMail, baseUrl: string): string => {
  const found = /\/verify-email\?token=([^\s"'<>&]+)/.exec(contents(mail));
  if (!found?.[1]) throw new Error(`no /verify-email?token= link in the mail "${mail.subject ?? ''}"`);
  return `${baseUrl}/verify-email?token=${found[1]}`;
};
