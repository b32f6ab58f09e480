import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentTypeOf } from './disk-storage.js';
import { assertValidKey, type ListedObject, type ObjectInfo, type Storage } from './storage.js';

export interface S3Options {
  bucket: string;
  /** Keys are stored under this prefix of the bucket ('' for the whole bucket). */
  prefix: string;
  /** An S3-compatible endpoint (MinIO, Ceph, Scaleway…); AWS's own when absent. */
  endpoint?: string;
  region: string;
  /** Path-style addressing (endpoint/bucket/key), which most S3-compatible servers need. */
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * STORAGE_URL=s3://bucket/optional/prefix?endpoint=http://host:9000&region=eu-west-3&pathStyle=1
 * Credentials come from the URL's user and password, or the AWS SDK's usual sources
 * (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, a profile, an instance role).
 */
export function parseS3Url(url: string): S3Options {
  const parsed = new URL(url);
  if (parsed.protocol !== 's3:') throw new Error('STORAGE_URL must start with s3://');
  const endpoint = parsed.searchParams.get('endpoint') ?? undefined;
  const pathStyle = parsed.searchParams.get('pathStyle');
  return {
    bucket: parsed.hostname,
    prefix: decodeURIComponent(parsed.pathname.replace(/^\/+|\/+$/g, '')),
    endpoint,
    region: parsed.searchParams.get('region') ?? process.env.AWS_REGION ?? 'us-east-1',
    forcePathStyle: pathStyle === null ? endpoint !== undefined : pathStyle === '1' || pathStyle === 'true',
    credentials: parsed.username
      ? {
          accessKeyId: decodeURIComponent(parsed.username),
          secretAccessKey: decodeURIComponent(parsed.password),
        }
      : undefined,
  };
}

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey ||
  error instanceof NotFound ||
  (error instanceof S3ServiceException &&
    (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey'));

/** An S3 bucket (or a prefix of one) through the AWS SDK: the same features as the disk store. */
export function s3Storage(options: S3Options): Storage & { client: S3Client } {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
  });
  const Bucket = options.bucket;
  const full = (key: string) => {
    assertValidKey(key);
    return options.prefix ? `${options.prefix}/${key}` : key;
  };
  const head = async (key: string): Promise<ObjectInfo | null> => {
    try {
      const out = await client.send(new HeadObjectCommand({ Bucket, Key: full(key) }));
      return {
        size: out.ContentLength ?? 0,
        etag: out.ETag ?? `"${out.LastModified?.getTime() ?? 0}"`,
        lastModified: out.LastModified ?? new Date(0),
        contentType: out.ContentType ?? contentTypeOf(key),
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
  return {
    kind: 's3',
    client,
    async put(key, data, putOptions) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: full(key),
          Body: data,
          ContentType: putOptions?.contentType ?? contentTypeOf(key),
        }),
      );
    },
    async get(key, range) {
      try {
        const out = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: full(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        // The whole object's size: from Content-Range on a range answer.
        const total = /\/(\d+)$/.exec(out.ContentRange ?? '')?.[1];
        return {
          size: total ? Number(total) : (out.ContentLength ?? 0),
          etag: out.ETag ?? '',
          lastModified: out.LastModified ?? new Date(0),
          contentType: out.ContentType ?? contentTypeOf(key),
          body: out.Body as Readable,
          ...(range ? { range } : {}),
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    head,
    async exists(key) {
      return (await head(key)) !== null;
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: full(key) }));
    },
    async list(prefix) {
      const keys: ListedObject[] = [];
      const strip = options.prefix ? options.prefix.length + 1 : 0;
      let ContinuationToken: string | undefined;
      do {
        const out = await client.send(
          new ListObjectsV2Command({
            Bucket,
            // Folder semantics, as on disk: the keys under `prefix/`.
            Prefix: prefix
              ? `${full(prefix.replace(/\/$/, ''))}/`
              : options.prefix
                ? `${options.prefix}/`
                : '',
            ContinuationToken,
          }),
        );
        for (const item of out.Contents ?? []) {
          if (item.Key) {
            keys.push({
              key: item.Key.slice(strip),
              size: item.Size ?? 0,
              lastModified: item.LastModified ?? new Date(0),
            });
          }
        }
        ContinuationToken = out.IsTruncated ? out.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
    async presign(key, presignOptions) {
      const command = new GetObjectCommand({
        Bucket,
        Key: full(key),
        ...(presignOptions.filename
          ? {
              ResponseContentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(presignOptions.filename)}`,
            }
          : {}),
      });
      return getSignedUrl(client, command, { expiresIn: presignOptions.expiresInSeconds });
    },
  };
}
