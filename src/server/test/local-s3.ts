/**
 * A local S3-compatible server for tests (s3rver, from npm: a Koa server keeping buckets in a
 * folder, checking AWS Signature V4), on a free port of 127.0.0.1 with one bucket in a fresh
 * temporary folder. Path-style addresses (S3_FORCE_PATH_STYLE=true), like MinIO. `stop()` takes
 * it down (connections are refused: "S3 is down"), `start()` brings it back on the same port with
 * the same objects, `close()` ends it and removes the folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's own fixed account (it accepts only these keys). */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';
const REGION = 'us-east-1';

export interface LocalS3 {
  bucket: string;
  endpoint: string;
  /** The environment that points the app's uploads at this server. */
  env: Record<string, string>;
  /** An SDK client of the test's own, to look into the bucket without the app's code. */
  client: S3Client;
  /** The bytes of an object, or null when there is none. */
  objectBytes(key: string): Promise<Buffer | null>;
  objectExists(key: string): Promise<boolean>;
  /** Every key in the bucket. */
  keys(): Promise<string[]>;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startLocalS3(bucket = 'handyman-uploads-test'): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'handyman-s3-'));
  let port = 0;
  let server: S3rver | null = null;

  async function start() {
    if (server) return;
    const next = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }] });
    ({ port } = await next.run());
    server = next;
  }
  async function stop() {
    const running = server;
    server = null;
    await running?.close();
  }

  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: REGION,
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
    maxAttempts: 1,
  });
  const isMissing = (error: unknown) => error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound');

  return {
    bucket,
    endpoint,
    env: {
      S3_BUCKET: bucket,
      S3_REGION: REGION,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    client,
    async objectBytes(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async objectExists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((o) => o.Key!).sort();
    },
    start,
    stop,
    async close() {
      client.destroy();
      await stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
