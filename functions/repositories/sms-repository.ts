import { PublishCommand } from '@aws-sdk/client-sns';
import { sns } from '../clients/sns.js';

/**
 * Alert text messages through Amazon SNS (docs/alerts.md "Offline" for the local stand-in): one
 * direct Publish to a phone number, no topic. Marked transactional, so SNS gives them the
 * delivery priority of a one-time code rather than that of marketing.
 */

const TRANSACTIONAL = { 'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' } } as const;

/** Publishes one text message to an E.164 phone number and answers SNS's message id. */
export const publishSms = async (phone: string, text: string): Promise<{ messageId: string }> => {
  const { MessageId } = await sns().send(new PublishCommand({ PhoneNumber: phone, Message: text, MessageAttributes: TRANSACTIONAL }));
  return { messageId: MessageId ?? '' };
};

/** What a failed Publish says, for the delivery log and the retry decision. */
export interface SmsFailure {
  /** SNS's HTTP status; null when SNS could not be reached (timeout, refused connection). */
  httpStatus: number | null;
  /** SNS's error code (`Throttled`, `InvalidParameter`, ...) or the network error's name. */
  code: string;
  message: string;
  /** Throttling, 5xx and no answer are worth another try; a refused number or message is not. */
  retryable: boolean;
}

/** Reads an error thrown by `publishSms` (an SNS service exception or a network error). */
export const describeSmsFailure = (error: unknown): SmsFailure => {
  const fault = (typeof error === 'object' && error !== null ? error : {}) as {
    name?: string;
    message?: string;
    $metadata?: { httpStatusCode?: number };
    $retryable?: unknown;
  };
  const httpStatus = fault.$metadata?.httpStatusCode ?? null;
  return {
    httpStatus,
    code: (fault.name ?? 'Error').replace(/Exception$/, ''),
    message: fault.message ?? String(error),
    retryable: httpStatus === null || httpStatus === 429 || httpStatus >= 500 || Boolean(fault.$retryable),
  };
};
