import { createHash, createHmac } from 'node:crypto';
import type { BlobStore } from './file-storage.ts';

export interface S3Options {
  /** e.g. https://s3.ca-central-1.amazonaws.com, or a MinIO/R2/Ceph endpoint. Path-style addressing. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const TIMEOUT_MS = 30_000;

/** AWS Signature V4 headers for one request (https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html). */
export function signS3Request(
  opts: Pick<S3Options, 'region' | 'accessKeyId' | 'secretAccessKey'>,
  req: { method: string; url: URL; body: Buffer; now?: Date },
): Record<string, string> {
  const now = req.now ?? new Date();
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const payloadHash = sha256Hex(req.body);
  const headers: Record<string, string> = {
    host: req.url.host,
    'x-amz-content-sha256': payloadHash,
    'x-amz-date': amzDate,
  };
  const signedNames = Object.keys(headers).sort();
  const canonical = [
    req.method,
    req.url.pathname
      .split('/')
      .map((s) => encodeURIComponent(decodeURIComponent(s)))
      .join('/'),
    '',
    ...signedNames.map((n) => `${n}:${headers[n]}`),
    '',
    signedNames.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${day}/${opts.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonical)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${opts.secretAccessKey}`, day), opts.region), 's3'),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(toSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${opts.accessKeyId}/${scope}, SignedHeaders=${signedNames.join(';')}, Signature=${signature}`,
  };
}

/** Any S3-compatible store over plain HTTPS; the bytes it receives are already encrypted. */
export function createS3BlobStore(opts: S3Options): BlobStore {
  const objectUrl = (key: string) =>
    new URL(`${opts.endpoint.replace(/\/$/, '')}/${opts.bucket}/${encodeURIComponent(key)}`);
  const call = async (method: string, key: string, body: Buffer = Buffer.alloc(0)) => {
    const url = objectUrl(key);
    const headers = signS3Request(opts, { method, url, body });
    const { host: _host, ...sent } = headers;
    return fetch(url, {
      method,
      headers: sent,
      body: method === 'PUT' ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  };
  return {
    kind: 's3',
    async put(key, data) {
      const res = await call('PUT', key, data);
      if (!res.ok) throw new Error(`S3 PUT ${key} failed: ${res.status}`);
    },
    async get(key) {
      const res = await call('GET', key);
      if (res.status === 404) return undefined;
      if (!res.ok) throw new Error(`S3 GET ${key} failed: ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    },
    async delete(key) {
      const res = await call('DELETE', key);
      if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key} failed: ${res.status}`);
    },
  };
}
