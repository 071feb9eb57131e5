import { createCipheriv, randomBytes } from 'node:crypto';

/**
 * A file as the code before ADR 1050 wrote it (`GLF1`, IV, tag, ciphertext straight under the
 * master key, the storage key as associated data): the format existing installs still hold.
 */
export function oldFormatFile(key: Buffer, plaintext: Buffer, storageKey: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(storageKey));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([Buffer.from('GLF1'), iv, cipher.getAuthTag(), body]);
}
