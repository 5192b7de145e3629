import { DecryptCommand, GenerateDataKeyCommand } from '@aws-sdk/client-kms';
import { describe, expect, it } from 'vitest';
import {
  kmsOpeningRing,
  kmsSealingRing,
  localKeyRing,
  monitorSecretContext,
  openSecret,
  sealSecret,
} from '../../../functions/secrets/envelope.js';

// The envelope module (docs/checks.md "Secrets"): the local ring for real, KMS through a stand-in
// client that wraps data keys the way KMS does (bound to the encryption context).

const context = monitorSecretContext('01JD0000000000000000000000');

describe('envelope with the local key', () => {
  const ring = localKeyRing('a local setting of some length');

  it('seals a secret that only the same key and monitor open, and never holds it in clear', async () => {
    const sealed = await sealSecret('hunter2 ✓', context, ring);
    expect(sealed).toMatch(/^uw1\.l\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('hunter2');
    expect(await openSecret(sealed, context, ring)).toBe('hunter2 ✓');
    // A fresh data key and IV every time.
    expect(await sealSecret('hunter2 ✓', context, ring)).not.toBe(sealed);
    await expect(openSecret(sealed, monitorSecretContext('another'), ring)).rejects.toThrow();
    await expect(openSecret(sealed, context, localKeyRing('another local setting value'))).rejects.toThrow();
  });

  it('refuses a value of another format or key ring', async () => {
    await expect(openSecret('plain text', context, ring)).rejects.toThrow(/another key ring or format/);
    const sealed = await sealSecret('x', context, ring);
    await expect(openSecret(sealed.replace('uw1.l.', 'uw1.k.'), context, ring)).rejects.toThrow(/another key ring/);
  });
});

describe('envelope with KMS', () => {
  /** Wraps data keys under one master key with the context as additional data, as KMS does. */
  const fakeKms = () => {
    const inner = localKeyRing('the kms master key in this test');
    const calls: string[] = [];
    const send = async (command: unknown) => {
      if (command instanceof GenerateDataKeyCommand) {
        calls.push(`GenerateDataKey ${command.input.KeyId} ${command.input.EncryptionContext?.upwatch}`);
        const { plain, wrapped } = await inner.newDataKey(command.input.EncryptionContext!.upwatch!);
        return { Plaintext: plain, CiphertextBlob: wrapped };
      }
      if (command instanceof DecryptCommand) {
        calls.push(`Decrypt ${command.input.EncryptionContext?.upwatch}`);
        return { Plaintext: await inner.unwrap(Buffer.from(command.input.CiphertextBlob!), command.input.EncryptionContext!.upwatch!) };
      }
      throw new Error('unexpected command');
    };
    return { client: { send } as never, calls };
  };

  it('seals with a data key from GenerateDataKey and opens with Decrypt, once per data key', async () => {
    const kms = fakeKms();
    const sealed = await sealSecret('api-key-value', context, kmsSealingRing(kms.client, 'alias/upwatch-monitor-secrets-dev'));
    expect(sealed).toMatch(/^uw1\.k\./);
    const opener = kmsOpeningRing(kms.client);
    expect(await openSecret(sealed, context, opener)).toBe('api-key-value');
    expect(await openSecret(sealed, context, opener)).toBe('api-key-value');
    expect(kms.calls).toEqual([`GenerateDataKey alias/upwatch-monitor-secrets-dev ${context}`, `Decrypt ${context}`]);
  });
});
