import type { Server } from 'node:http';
import sesModule from 'aws-ses-v2-local';
import { journalAcceptedMails } from '../faults/mail-journal.js';
import { keepRawMailHeaders } from './ses-raw-headers.js';
import type { RunningPart } from '../supervisor.js';

type ServerFactory = (config: { host: string; port: number }) => Promise<Server>;

// A CommonJS module with an ES `default` export: from ESM the factory sits one level down.
const factory = ((sesModule as unknown as { default?: ServerFactory }).default ?? sesModule) as ServerFactory;

/** aws-ses-v2-local: SES v1/v2 API; `GET /store` lists sent mail (a raw mail's own headers too) and `/` is its inbox viewer. */
export const startSes = async (opts: { port: number }): Promise<RunningPart> => {
  journalAcceptedMails();
  keepRawMailHeaders();
  const server = await factory({ host: '127.0.0.1', port: opts.port });
  const url = `http://127.0.0.1:${opts.port}`;
  return {
    name: 'ses',
    describe: `SES (local mail)   ${url}  (inbox: ${url}/ , JSON: ${url}/store)`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
