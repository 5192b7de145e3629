import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../functions/config.js';

const env = {
  TABLE_NAME: 'upwatch',
  USER_POOL_ID: 'us-east-1_EXAMPLE',
  USER_POOL_CLIENT_ID: 'client123',
  APP_URL: 'https://app.example.com/',
  MAIL_FROM: 'alerts@example.com',
  AWS_REGION: 'us-east-1',
};

describe('parseConfig', () => {
  it('reads the variables and leaves endpoints unset on AWS', () => {
    const config = parseConfig(env);
    expect(config).toMatchObject({ tableName: 'upwatch', userPoolClientId: 'client123', region: 'us-east-1' });
    expect(config.endpoints).toEqual({ dynamodb: undefined, cognito: undefined, ses: undefined, sqs: undefined, sns: undefined });
    expect(config.channelSinkUrl).toBeUndefined();
  });

  it('points SNS and the alert channel providers at the local channel sink when the local cloud says so', () => {
    const config = parseConfig({ ...env, SNS_ENDPOINT: 'http://127.0.0.1:8010/sns', CHANNEL_SINK_URL: 'http://127.0.0.1:8010/' });
    expect(config.endpoints.sns).toBe('http://127.0.0.1:8010/sns');
    expect(config.channelSinkUrl).toBe('http://127.0.0.1:8010');
    expect(() => parseConfig({ ...env, CHANNEL_SINK_URL: 'sink' })).toThrow(/CHANNEL_SINK_URL must be a URL/);
  });

  it('caps the DynamoDB sockets only when DYNAMODB_MAX_SOCKETS is set, and refuses a cap that is not a whole number from 1', () => {
    expect(parseConfig(env).dynamodbMaxSockets).toBeUndefined();
    expect(parseConfig({ ...env, DYNAMODB_MAX_SOCKETS: '' }).dynamodbMaxSockets).toBeUndefined();
    expect(parseConfig({ ...env, DYNAMODB_MAX_SOCKETS: '16' }).dynamodbMaxSockets).toBe(16);
    expect(() => parseConfig({ ...env, DYNAMODB_MAX_SOCKETS: '0' })).toThrow(/DYNAMODB_MAX_SOCKETS must be at least 1/);
    expect(() => parseConfig({ ...env, DYNAMODB_MAX_SOCKETS: 'many' })).toThrow(/DYNAMODB_MAX_SOCKETS/);
  });

  it('drops the trailing slash of APP_URL so links join cleanly', () => {
    expect(parseConfig(env).appUrl).toBe('https://app.example.com');
  });

  it('fails naming the region, which every function needs', () => {
    const { AWS_REGION: _r, ...partial } = env;
    expect(() => parseConfig(partial)).toThrow(/AWS_REGION is missing/);
  });

  it('lets a function without table, mail or auth settings start, and names such a variable when it is used', () => {
    const { MAIL_FROM: _m, USER_POOL_ID: _p, TABLE_NAME: _t, ...partial } = env;
    const config = parseConfig(partial);
    expect(config.region).toBe('us-east-1');
    expect(() => config.tableName).toThrow(/TABLE_NAME is missing/);
    expect(() => config.mailFrom).toThrow(/MAIL_FROM is missing/);
    expect(() => config.userPoolId).toThrow(/USER_POOL_ID is missing/);
  });

  it('fails naming a malformed variable', () => {
    expect(() => parseConfig({ ...env, DYNAMODB_ENDPOINT: 'not a url' })).toThrow(/DYNAMODB_ENDPOINT must be a URL/);
  });

  it('sends contact messages to SUPPORT_EMAIL and never falls back to the alert sender', () => {
    expect(parseConfig({ ...env, SUPPORT_EMAIL: 'help@example.com' }).supportEmail).toBe('help@example.com');
    expect(() => parseConfig({ ...env, SUPPORT_EMAIL: '' }).supportEmail).toThrow(/SUPPORT_EMAIL is missing/);
    expect(() => parseConfig({ ...env, MAIL_FROM: 'Upwatch <alerts@example.com>' }).supportEmail).toThrow(/SUPPORT_EMAIL is missing/);
    expect(() => parseConfig({ ...env, SUPPORT_EMAIL: 'support' })).toThrow(/SUPPORT_EMAIL must be an e-mail address/);
  });

  it('treats an empty endpoint variable as unset and reads a set one', () => {
    const config = parseConfig({ ...env, SES_ENDPOINT: '', DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000' });
    expect(config.endpoints).toMatchObject({ ses: undefined, dynamodb: 'http://127.0.0.1:8000' });
  });
});
