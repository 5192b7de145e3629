import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';

/**
 * aws-ses-v2-local keeps the headers of a SES v2 mail in its store (`headers`, shown by `/store`)
 * but drops them from a SendRawEmail. Mails to status page subscribers go raw for their
 * List-Unsubscribe headers (docs/status-pages.md "Subscriber mails"), and tests must see those
 * headers, so this puts them back: the raw handler runs with the message's own header fields in
 * scope, and the store's `saveEmail` (which the handler calls through the module's exports, as the
 * mail journal relies on too) adds them to the mail it saves. Standard fields the store already
 * shows on their own (From, To, Subject, ...) are left out.
 */
interface RawHandlerModule {
  default: (req: { body: Record<string, unknown> }, res: unknown, next: unknown) => unknown;
  __headersKept?: boolean;
}
interface StoreModule {
  saveEmail: (mail: Record<string, unknown>) => void;
  __headersKept?: boolean;
}

const SHOWN_ALREADY = new Set(['from', 'to', 'cc', 'bcc', 'reply-to', 'subject', 'date', 'mime-version', 'content-type', 'content-transfer-encoding']);

/** The header fields of a raw message (before its first empty line), unfolded, in order. */
export const rawHeaderFields = (raw: string): { name: string; value: string }[] => {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const lines = head.split(/\r?\n/).reduce<string[]>((all, line) => {
    if (/^[ \t]/.test(line) && all.length) all[all.length - 1] += ` ${line.trim()}`;
    else all.push(line);
    return all;
  }, []);
  return lines.flatMap((line) => {
    const colon = line.indexOf(':');
    return colon > 0 ? [{ name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() }] : [];
  });
};

export const keepRawMailHeaders = (): void => {
  const load = createRequire(import.meta.url);
  const rawHandler = load('aws-ses-v2-local/dist/v1/sendRawEmail.js') as RawHandlerModule;
  const store = load('aws-ses-v2-local/dist/store.js') as StoreModule;
  if (rawHandler.__headersKept) return;
  const scope = new AsyncLocalStorage<{ name: string; value: string }[]>();
  const handle = rawHandler.default;
  rawHandler.default = (req, res, next) => {
    const data = req.body['RawMessage.Data'];
    const fields = typeof data === 'string' ? rawHeaderFields(Buffer.from(data, 'base64').toString('utf8')) : [];
    return scope.run(
      fields.filter((field) => !SHOWN_ALREADY.has(field.name.toLowerCase())),
      () => handle(req, res, next),
    );
  };
  const save = store.saveEmail;
  store.saveEmail = (mail) => {
    const headers = scope.getStore();
    save(headers?.length ? { ...mail, headers } : mail);
  };
  rawHandler.__headersKept = true;
  store.__headersKept = true;
};
