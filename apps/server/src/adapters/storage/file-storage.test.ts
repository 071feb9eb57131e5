import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEncryptedStorage, createLocalBlobStore } from './file-storage.ts';
import { createKeyring } from './sealing.ts';
import { oldFormatFile } from '../../../test/old-file-format.ts';
import { createS3BlobStore, signS3Request } from './s3-blob-store.ts';

const keyring = createKeyring(Buffer.alloc(32, 7));

describe('local file storage', () => {
  it('refuses storage keys that could leave the directory', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gl-store-'));
    const storage = createEncryptedStorage(createLocalBlobStore(dir), keyring);
    for (const bad of ['../x', '/etc/passwd', 'a/b', '', '..'])
      await expect(storage.put(bad, Buffer.from('x'))).rejects.toThrow();
    await storage.put('ok-id', Buffer.from('x'));
    expect(fs.readdirSync(dir)).toEqual(['ok-id']);
    expect(await storage.get('missing')).toBeUndefined();
  });
});

describe('S3-compatible store', () => {
  const objects = new Map<string, Buffer>();
  const auth: string[] = [];
  let server: http.Server;
  let endpoint = '';
  const creds = {
    region: 'ca-central-1',
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  };

  beforeAll(async () => {
    // A minimal S3 stand-in that checks the SigV4 signature the way S3 does (same canonical request).
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const url = new URL(req.url!, endpoint);
        const amzDate = req.headers['x-amz-date'] as string;
        const expected = signS3Request(creds, {
          method: req.method!,
          url,
          body,
          now: new Date(
            `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
          ),
        });
        auth.push(req.headers.authorization ?? '');
        const payloadOk =
          req.headers['x-amz-content-sha256'] === createHash('sha256').update(body).digest('hex');
        if (req.headers.authorization !== expected.authorization || !payloadOk)
          return void res.writeHead(403).end();
        if (req.method === 'PUT') objects.set(url.pathname, body);
        if (req.method === 'DELETE') objects.delete(url.pathname);
        if (req.method === 'GET') {
          const found = objects.get(url.pathname);
          return void (found ? res.writeHead(200).end(found) : res.writeHead(404).end());
        }
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => server.close());

  it('stores only ciphertext, signed with SigV4, and reads it back', async () => {
    const storage = createEncryptedStorage(
      createS3BlobStore({ endpoint, bucket: 'uploads', ...creds }),
      keyring,
    );
    await storage.put('file-1', Buffer.from('confidential research'));
    const stored = objects.get('/uploads/file-1')!;
    expect(stored.includes(Buffer.from('confidential research'))).toBe(false);
    expect((await storage.get('file-1'))!.toString()).toBe('confidential research');
    expect(await storage.get('nope')).toBeUndefined();
    await storage.delete('file-1');
    expect(objects.has('/uploads/file-1')).toBe(false);
    expect(auth[0]).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/ca-central-1\/s3\/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
  });

  it('re-seals an object in the old format in place, leaving no side copy', async () => {
    const old = Buffer.alloc(32, 5);
    const rotated = createKeyring(Buffer.alloc(32, 6), [old]);
    const storage = createEncryptedStorage(
      createS3BlobStore({ endpoint, bucket: 'uploads', ...creds }),
      rotated,
    );
    objects.set('/uploads/file-2', oldFormatFile(old, Buffer.from('kept since 2025'), 'file-2'));
    expect(await storage.reseal('file-2')).toBe('resealed');
    expect(rotated.isCurrentFile(objects.get('/uploads/file-2')!)).toBe(true);
    expect((await storage.get('file-2'))!.toString()).toBe('kept since 2025');
    expect(await storage.reseal('file-2')).toBe('current');
    expect(await storage.reseal('file-3')).toBe('missing');
    expect([...objects.keys()].filter((k) => k.startsWith('/uploads/file-2'))).toEqual(['/uploads/file-2']);
  });

  it('fails loudly on a wrong secret', async () => {
    const wrong = createS3BlobStore({ endpoint, bucket: 'uploads', ...creds, secretAccessKey: 'nope' });
    await expect(wrong.put('x', Buffer.from('y'))).rejects.toThrow(/403/);
  });

  it('matches the AWS documented signing-key derivation', () => {
    // AWS SigV4 docs example: kSecret, date 20120215, region us-east-1, service iam.
    const k = (secret: string) =>
      ['20120215', 'us-east-1', 'iam', 'aws4_request'].reduce<Buffer | string>(
        (acc, part) => createHmac('sha256', acc).update(part).digest(),
        `AWS4${secret}`,
      );
    expect((k('wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY') as Buffer).toString('hex')).toBe(
      'f4780e2d9f65fa895f9c67b32ce1baf0b0d8a43505a000a1a9e090d414db404d',
    );
  });
});
