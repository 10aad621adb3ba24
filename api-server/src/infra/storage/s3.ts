import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { signPayloadsOnlyWithoutTls } from './s3-payload-signing';
import { ConfigError, type S3Settings } from '../../config';
import {
  assertSafeKey,
  contentTypeOf,
  isSafeKey,
  StorageUnavailableError,
  type ByteRange,
  type ListedFile,
  type MultipartStore,
  type Storage,
  type StoredFile,
  type StoredInfo,
  type StoredPart,
} from './index';

export interface S3Tuning {
  /** Size of the parts of a streamed multipart put (S3's minimum is 5 MiB). */
  partSize: number;
  /** Parts in flight at once during a put. */
  queueSize: number;
  /** Keys per listing page (S3's maximum is 1000). */
  listPageSize: number;
  /** Smallest part but the last the store assembles: 5 MiB on S3 and MinIO (S3_MIN_PART_BYTES). */
  minPartBytes: number;
}

const DEFAULT_TUNING: S3Tuning = { partSize: 8 * 1024 * 1024, queueSize: 4, listPageSize: 1000, minPartBytes: 5 * 1024 * 1024 };

/** Where the SDK's own warnings go (the server's logger); without one they would go to the console. */
export interface S3Log {
  warn: (details: object, message: string) => void;
}


const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const isNotFound = (error: unknown) => statusOf(error) === 404 || ['NotFound', 'NoSuchKey'].includes((error as Error).name);
const isNoSuchUpload = (error: unknown) => (error as Error).name === 'NoSuchUpload' || statusOf(error) === 404;

/** Any failure of the store becomes a StorageUnavailableError (503 for the client, who may retry). */
async function guarded<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof StorageUnavailableError) throw error;
    throw new StorageUnavailableError(error);
  }
}

/** Files in a bucket of S3 or an S3-compatible server (MinIO, Ceph, R2…) through the AWS SDK v3. */
export class S3Storage implements Storage, MultipartStore {
  readonly driver = 's3' as const;
  readonly multipart: MultipartStore = this;
  readonly minPartBytes: number;
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly tuning: S3Tuning;

  constructor(
    private readonly settings: S3Settings,
    tuning: Partial<S3Tuning> = {},
    log?: S3Log,
  ) {
    this.bucket = settings.bucket;
    this.tuning = { ...DEFAULT_TUNING, ...tuning };
    this.minPartBytes = this.tuning.minPartBytes;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
      // Checksums only where S3 requires them: many S3-compatible servers refuse the newer default headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      // A store that does not answer fails the request instead of holding it (and the client) forever.
      requestHandler: { connectionTimeout: 5000, requestTimeout: 30_000 },
      logger: {
        trace: () => {},
        debug: () => {},
        info: () => {},
        warn: (...args: unknown[]) => log?.warn({ sdk: args }, 's3 client warning'),
        error: (...args: unknown[]) => log?.warn({ sdk: args }, 's3 client error'),
      },
    });
    signPayloadsOnlyWithoutTls(this.client);
  }

  private params(key: string) {
    assertSafeKey(key);
    return { Bucket: this.bucket, Key: key };
  }

  async put(key: string, body: Buffer | Readable, contentType = contentTypeOf(key)): Promise<void> {
    const params = { ...this.params(key), ContentType: contentType };
    await guarded(async () => {
      if (Buffer.isBuffer(body)) {
        await this.client.send(new PutObjectCommand({ ...params, Body: body, ContentLength: body.length }));
        return;
      }
      // Parts of partSize go up while the next ones are read; a failed upload is aborted (no parts left behind).
      const upload = new Upload({
        client: this.client,
        params: { ...params, Body: body },
        partSize: this.tuning.partSize,
        queueSize: this.tuning.queueSize,
        leavePartsOnError: false,
      });
      await upload.done();
    });
  }

  async moveIn(localFile: string, key: string, contentType = contentTypeOf(key)): Promise<void> {
    const { size } = await fsp.stat(localFile);
    if (size <= this.tuning.partSize) {
      const params = { ...this.params(key), ContentType: contentType };
      await guarded(() => this.client.send(new PutObjectCommand({ ...params, Body: fs.createReadStream(localFile), ContentLength: size })));
    } else {
      await this.put(key, fs.createReadStream(localFile, { highWaterMark: 1024 * 1024 }), contentType);
    }
    await fsp.rm(localFile, { force: true });
  }

  async get(key: string, range?: ByteRange): Promise<StoredFile | null> {
    if (!isSafeKey(key)) return null;
    const params = this.params(key);
    try {
      const output = await this.client.send(new GetObjectCommand({ ...params, Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
      const total = range ? Number(/\/(\d+)$/.exec(output.ContentRange ?? '')?.[1]) : Number(output.ContentLength);
      return {
        body: output.Body as Readable,
        size: total,
        etag: output.ETag ?? '""',
        lastModified: output.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw new StorageUnavailableError(error);
    }
  }

  async head(key: string): Promise<StoredInfo | null> {
    if (!isSafeKey(key)) return null;
    const params = this.params(key);
    try {
      const output = await this.client.send(new HeadObjectCommand(params));
      return { size: Number(output.ContentLength), etag: output.ETag ?? '""', lastModified: output.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw new StorageUnavailableError(error);
    }
  }

  async remove(key: string): Promise<void> {
    if (!isSafeKey(key)) return;
    const params = this.params(key);
    await guarded(() => this.client.send(new DeleteObjectCommand(params)));
  }

  async removePrefix(prefix: string): Promise<void> {
    let batch: string[] = [];
    const flush = async () => {
      const keys = batch;
      batch = [];
      if (keys.length === 0) return;
      const output = await guarded(() =>
        this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } })),
      );
      if (output.Errors && output.Errors.length > 0) throw new StorageUnavailableError(new Error(`DeleteObjects: ${output.Errors[0].Code} ${output.Errors[0].Key}`));
    };
    for await (const file of this.list(prefix)) {
      batch.push(file.key);
      if (batch.length === 1000) await flush();
    }
    await flush();
  }

  async *list(prefix: string): AsyncIterable<ListedFile> {
    if (!isSafeKey(prefix)) return;
    const pages = paginateListObjectsV2({ client: this.client, pageSize: this.tuning.listPageSize }, { Bucket: this.bucket, Prefix: `${prefix}/` });
    try {
      for await (const page of pages) {
        for (const item of page.Contents ?? []) if (item.Key) yield { key: item.Key, size: Number(item.Size ?? 0), lastModified: item.LastModified ?? new Date(0) };
      }
    } catch (error) {
      throw new StorageUnavailableError(error);
    }
  }

  async start(key: string): Promise<string> {
    const params = this.params(key);
    const output = await guarded(() => this.client.send(new CreateMultipartUploadCommand({ ...params, ContentType: contentTypeOf(key) })));
    if (!output.UploadId) throw new StorageUnavailableError(new Error('CreateMultipartUpload answered no UploadId'));
    return output.UploadId;
  }

  async putPart(key: string, uploadId: string, partNumber: number, body: Buffer | Readable, size: number): Promise<string> {
    const params = this.params(key);
    const output = await guarded(() =>
      this.client.send(new UploadPartCommand({ ...params, UploadId: uploadId, PartNumber: partNumber, Body: body, ContentLength: size })),
    );
    return output.ETag ?? '""';
  }

  async complete(key: string, uploadId: string, parts: StoredPart[]): Promise<boolean> {
    const params = this.params(key);
    try {
      await this.client.send(
        new CompleteMultipartUploadCommand({
          ...params,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts.map((part) => ({ PartNumber: part.partNumber, ETag: part.etag })) },
        }),
      );
      return true;
    } catch (error) {
      if (isNoSuchUpload(error)) return false;
      throw new StorageUnavailableError(error);
    }
  }

  async abort(key: string, uploadId: string): Promise<void> {
    const params = this.params(key);
    try {
      await this.client.send(new AbortMultipartUploadCommand({ ...params, UploadId: uploadId }));
    } catch (error) {
      // Gone already; or a server without AbortMultipartUpload (s3rver): a bucket lifecycle rule
      // (AbortIncompleteMultipartUpload, docs/scaling.md) removes what is left.
      if (isNoSuchUpload(error) || statusOf(error) === 405 || statusOf(error) === 501) return;
      throw new StorageUnavailableError(error);
    }
  }

  async rename(from: string, to: string, contentType = contentTypeOf(to)): Promise<void> {
    const source = this.params(from);
    const target = this.params(to);
    // CopyObject takes objects up to 5 GB in one request, above UPLOAD_MAX_FILE_BYTES' largest sensible value.
    await guarded(() =>
      this.client.send(
        new CopyObjectCommand({
          ...target,
          CopySource: `${this.bucket}/${source.Key.split('/').map(encodeURIComponent).join('/')}`,
          ContentType: contentType,
          MetadataDirective: 'REPLACE',
        }),
      ),
    );
    await guarded(() => this.client.send(new DeleteObjectCommand(source)));
  }

  async localPath(): Promise<string | null> {
    return null;
  }

  /** The bucket must exist and take a write with these credentials, or the server does not start. */
  async check(): Promise<void> {
    const { bucket, endpoint, region, forcePathStyle } = this.settings;
    const where = endpoint ?? `AWS S3 (${region})`;
    const explain = (error: unknown, writing: boolean): string => {
      const status = statusOf(error);
      // A system error's code (ECONNREFUSED, ENOTFOUND…), also when the SDK wrapped it into its message.
      const code = (error as { code?: string }).code ?? /\b(E[A-Z0-9]{3,})\b/.exec(String((error as Error).message))?.[1] ?? (error as Error).name;
      if (status === undefined) {
        const hint = endpoint && !forcePathStyle && code === 'ENOTFOUND' ? ' Servidores como o MinIO precisam de S3_FORCE_PATH_STYLE=true.' : '';
        return `S3_ENDPOINT: não foi possível conectar ao armazenamento em ${where} (${code}).${hint}`;
      }
      if (status === 404) return `S3_BUCKET: o bucket "${bucket}" não existe em ${where}.`;
      if (status === 301) return `S3_REGION: o bucket "${bucket}" não está na região "${region}".`;
      if (status === 403) {
        return writing
          ? `S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: as credenciais não permitem gravar no bucket "${bucket}" (403).`
          : `S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: o armazenamento em ${where} recusou as credenciais para o bucket "${bucket}" (403).`;
      }
      return `S3: o armazenamento em ${where} respondeu ${status} (${code}) ao verificar o bucket "${bucket}".`;
    };
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: bucket }));
    } catch (error) {
      throw new ConfigError(explain(error, false));
    }
    const probe = `_momentos/start-check-${randomUUID()}`;
    try {
      await this.client.send(new PutObjectCommand({ Bucket: bucket, Key: probe, Body: 'ok', ContentType: 'text/plain' }));
      await this.client.send(new DeleteObjectCommand({ Bucket: bucket, Key: probe }));
    } catch (error) {
      throw new ConfigError(explain(error, true));
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
