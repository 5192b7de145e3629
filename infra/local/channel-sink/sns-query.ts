import { randomUUID } from 'node:crypto';
import { escapeHtml } from './inbox-page.js';
import type { SinkReply } from './sink-http.js';

/**
 * Amazon SNS as `@aws-sdk/client-sns` speaks to it: the Query protocol (a form-encoded POST with
 * `Action=Publish&PhoneNumber=...&Message=...&Version=2010-03-31`, XML back). Only `Publish` to a
 * phone number is stood in for (docs/alerts.md "Offline"); anything else is SNS's own error.
 */

const NAMESPACE = 'http://sns.amazonaws.com/doc/2010-03-31/';
const E164 = /^\+[1-9]\d{6,14}$/;

const xmlReply = (status: number, xml: string, headers: Record<string, string> = {}): SinkReply => ({
  status,
  headers: { 'content-type': 'text/xml', 'x-amzn-requestid': randomUUID(), ...headers },
  body: `<?xml version="1.0"?>\n${xml}\n`,
});

/** An SNS error as the Query protocol writes it (the SDK reads `Code` as the exception's name). */
export const snsError = (status: number, code: string, message: string): SinkReply =>
  xmlReply(
    status,
    `<ErrorResponse xmlns="${NAMESPACE}"><Error><Type>${status >= 500 ? 'Receiver' : 'Sender'}</Type><Code>${code}</Code>` +
      `<Message>${escapeHtml(message)}</Message></Error><RequestId>${randomUUID()}</RequestId></ErrorResponse>`,
    status === 429 ? { 'retry-after': '1' } : {},
  );

const SNS_FAILURES: Record<number, [string, string]> = {
  400: ['InvalidParameter', 'Invalid parameter: PhoneNumber Reason: the number is not valid to publish to'],
  403: ['AuthorizationError', 'User is not authorized to perform: SNS:Publish'],
  404: ['NotFound', 'Endpoint does not exist'],
  429: ['Throttled', 'Rate exceeded'],
  500: ['InternalError', 'An internal service error occurred'],
};

/** The error SNS answers with for a failure status asked for with `POST /_local/fail`. */
export const snsFailure = (status: number): SinkReply => {
  const [code, message] = SNS_FAILURES[status] ?? (status >= 500 ? ['InternalError', 'An internal service error occurred'] : ['InvalidParameter', 'Invalid parameter']);
  return snsError(status, code, message);
};

export type SnsRequest =
  | { kind: 'publish-sms'; phone: string; message: string }
  | { kind: 'refused'; reply: SinkReply };

/** Reads a Query-protocol request: a valid SMS Publish, or the error SNS would answer. */
export const readSnsRequest = (formBody: string): SnsRequest => {
  const params = new URLSearchParams(formBody);
  const action = params.get('Action');
  if (!action) return { kind: 'refused', reply: snsError(400, 'MissingAction', 'Could not find operation to perform. Action is missing.') };
  if (action !== 'Publish') {
    return { kind: 'refused', reply: snsError(400, 'InvalidAction', `The action ${action} is not valid for this web service. The local channel sink answers Publish to a PhoneNumber only.`) };
  }
  const phone = params.get('PhoneNumber');
  if (!phone) {
    const target = params.get('TopicArn') ?? params.get('TargetArn');
    return {
      kind: 'refused',
      reply: target
        ? snsError(400, 'InvalidParameter', 'Invalid parameter: the local channel sink publishes to a PhoneNumber only, not to a topic or endpoint')
        : snsError(400, 'InvalidParameter', 'Invalid parameter: TopicArn or TargetArn Reason: no value for required parameter'),
    };
  }
  if (!E164.test(phone)) return { kind: 'refused', reply: snsError(400, 'InvalidParameter', `Invalid parameter: PhoneNumber Reason: ${phone} is not valid to publish to`) };
  const message = params.get('Message') ?? '';
  if (!message) return { kind: 'refused', reply: snsError(400, 'InvalidParameter', 'Invalid parameter: Empty message') };
  return { kind: 'publish-sms', phone, message };
};

/** SNS's answer to a Publish that was accepted. */
export const publishResponse = (messageId: string): SinkReply =>
  xmlReply(
    200,
    `<PublishResponse xmlns="${NAMESPACE}"><PublishResult><MessageId>${messageId}</MessageId></PublishResult>` +
      `<ResponseMetadata><RequestId>${randomUUID()}</RequestId></ResponseMetadata></PublishResponse>`,
  );
