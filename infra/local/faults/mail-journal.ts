import { createRequire } from 'node:module';
import { appendJournal, faultsDir } from './fault-control.js';

/**
 * The soak counts alert mails across restarts of the local cloud, but the SES emulator keeps its
 * mail in memory, so each life starts with an empty store. With UPWATCH_FAULTS_DIR set, every mail
 * the emulator accepts is also appended to `mails.log` there (one JSON line: time, message id,
 * recipients, subject) before the emulator answers, so a mail the app was told is sent is always
 * in the journal, whatever kills the cloud afterwards. aws-ses-v2-local's handlers call its store
 * module's `saveEmail` through the module's exports, which is where the journal steps in.
 */
interface StoredMail {
  messageId: string;
  at: number;
  subject: string;
  destination: { to: string[] };
}

export const journalAcceptedMails = (): void => {
  const dir = faultsDir();
  if (!dir) return;
  const store = createRequire(import.meta.url)('aws-ses-v2-local/dist/store.js') as { saveEmail: (mail: StoredMail) => void; __journaled?: boolean };
  if (store.__journaled) return;
  const save = store.saveEmail;
  store.saveEmail = (mail) => {
    appendJournal(dir, 'mails.log', [JSON.stringify({ at: Date.now(), messageId: mail.messageId, to: mail.destination.to, subject: mail.subject })]);
    save(mail);
  };
  store.__journaled = true;
};
