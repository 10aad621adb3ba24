import type { S3Client } from '@aws-sdk/client-s3';

/** The commands that carry a file's bytes: one-shot puts and the parts of a multipart upload. */
const BODY_COMMANDS = new Set(['PutObjectCommand', 'UploadPartCommand']);

/**
 * Over HTTPS, uploads are signed with `x-amz-content-sha256: UNSIGNED-PAYLOAD` instead of a SHA-256
 * of every part: TLS already guards the bytes in transit, and that hash was as much CPU as the
 * upload's own SHA-256 (a second full pass over each file). AWS's Java v2 and Go v2 SDKs do the same
 * by default; the JavaScript SDK does not. Over plain HTTP (a MinIO on a private network, the tests'
 * s3rver) the payload stays signed, as those SDKs also do. The headers and the URL are signed either way.
 */
export function signPayloadsOnlyWithoutTls(client: S3Client): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const request = args.request as { protocol?: string; headers?: Record<string, string> } | undefined;
      if (request?.headers && request.protocol === 'https:' && BODY_COMMANDS.has(String(context.commandName))) {
        request.headers['x-amz-content-sha256'] = 'UNSIGNED-PAYLOAD';
      }
      return next(args);
    },
    // 'build' runs before 'finalizeRequest', where the request is signed.
    { step: 'build', name: 'momentosUnsignedPayloadOverTls' },
  );
}
