import { ConfigError, fastifyTrustProxy, loadConfig } from '../src/config';

// The variables of scale-out: storage driver, proxies, the shared secret, media job settings.

const base = { DATA_DIR: '/tmp/momentos-config-test' };
const s3 = { STORAGE_DRIVER: 's3', S3_BUCKET: 'momentos-media', JWT_SECRET: 'x'.repeat(40) };
const refusal = (env: Record<string, string>) => {
  try {
    loadConfig({ ...base, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted it');
};

describe('storage configuration', () => {
  test('local disk by default; s3 with its settings', () => {
    expect(loadConfig(base).storage).toEqual({ driver: 'local' });
    expect(
      loadConfig({ ...base, ...s3, S3_ENDPOINT: 'http://minio:9000/', S3_REGION: 'sa-east-1', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', S3_FORCE_PATH_STYLE: 'true' }).storage,
    ).toEqual({
      driver: 's3',
      s3: { endpoint: 'http://minio:9000', region: 'sa-east-1', bucket: 'momentos-media', accessKeyId: 'id', secretAccessKey: 'secret', forcePathStyle: true, minPartBytes: 5242880 },
    });
    // AWS itself: no endpoint, the SDK's own credentials, virtual-host style.
    expect(loadConfig({ ...base, ...s3 }).storage.s3).toEqual({ endpoint: undefined, region: 'us-east-1', bucket: 'momentos-media', accessKeyId: undefined, secretAccessKey: undefined, forcePathStyle: false, minPartBytes: 5242880 });
  });

  test('each mistake is refused with a message naming the variable', () => {
    expect(refusal({ STORAGE_DRIVER: 'ftp' })).toMatch(/^STORAGE_DRIVER inválido/);
    expect(refusal({ ...s3, S3_BUCKET: '' })).toMatch(/^S3_BUCKET é obrigatório com STORAGE_DRIVER=s3/);
    expect(refusal({ ...s3, S3_BUCKET: 'Bad_Name' })).toMatch(/^S3_BUCKET inválido/);
    expect(refusal({ ...s3, S3_ENDPOINT: 'minio:9000' })).toMatch(/^S3_ENDPOINT inválido/);
    expect(refusal({ ...s3, S3_ACCESS_KEY_ID: 'id' })).toMatch(/^S3_SECRET_ACCESS_KEY está vazio/);
    expect(refusal({ ...s3, S3_SECRET_ACCESS_KEY: 'secret' })).toMatch(/^S3_ACCESS_KEY_ID está vazio/);
    expect(refusal({ ...s3, S3_FORCE_PATH_STYLE: 'sometimes' })).toMatch(/^S3_FORCE_PATH_STYLE inválido/);
  });
});

describe('several instances share JWT_SECRET', () => {
  test('with object storage (several instances) the server refuses to start without a secret, or with a short one', () => {
    expect(refusal({ ...s3, JWT_SECRET: '' })).toMatch(/^JWT_SECRET é obrigatório com STORAGE_DRIVER=s3: várias instâncias precisam do mesmo segredo/);
    expect(refusal({ ...s3, JWT_SECRET: 'curto' })).toMatch(/^JWT_SECRET é curto demais/);
    expect(loadConfig({ ...base, ...s3 }).jwtSecret).toBe('x'.repeat(40));
  });

  test('one instance on its local disk may still generate its secret', () => {
    expect(loadConfig(base).jwtSecret).toBeUndefined();
  });
});

describe('TRUST_PROXY', () => {
  test('unset, false or 0: no proxy is trusted', () => {
    for (const value of [undefined, '', 'false', '0']) expect(loadConfig({ ...base, ...(value === undefined ? {} : { TRUST_PROXY: value }) }).trustProxy).toBe(false);
  });

  test('a hop count trusts that many proxies in front', () => {
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    const trust = fastifyTrustProxy(2) as (address: string, hop: number) => boolean;
    expect([trust('10.0.0.1', 0), trust('10.0.0.2', 1), trust('203.0.113.9', 2)]).toEqual([true, true, false]);
  });

  test("the proxies' addresses, CIDR ranges and proxy-addr's names", () => {
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.1, 10.0.0.0/8,fd00::/8, loopback' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.0/8', 'fd00::/8', 'loopback']);
  });

  test('true (anyone could forge X-Forwarded-For) and malformed entries are refused', () => {
    expect(refusal({ TRUST_PROXY: 'true' })).toMatch(/^TRUST_PROXY=true aceitaria/);
    for (const value of ['10.0.0.300', '10.0.0.0/33', 'proxy.local', '1.2.3.4/8/9']) expect(refusal({ TRUST_PROXY: value })).toMatch(/^TRUST_PROXY inválido/);
  });
});

describe('media jobs', () => {
  test('defaults, and the queue settings', () => {
    expect(loadConfig(base).media.jobs).toEqual({ retries: 3, retryDelaySeconds: 30, timeoutSeconds: 900, pollSeconds: 2, maintenanceSeconds: 60 });
    expect(loadConfig({ ...base, MEDIA_JOB_RETRIES: '1', MEDIA_JOB_RETRY_DELAY: '5s', MEDIA_JOB_TIMEOUT: '20s' }).media.jobs).toMatchObject({ retries: 1, retryDelaySeconds: 5, timeoutSeconds: 20, maintenanceSeconds: 20 });
  });

  test('MEDIA_CONCURRENCY=0 (an instance that takes no media jobs) needs PostgreSQL', () => {
    expect(refusal({ MEDIA_CONCURRENCY: '0' })).toMatch(/^MEDIA_CONCURRENCY=0 .* exige PostgreSQL/);
    expect(loadConfig({ ...base, MEDIA_CONCURRENCY: '0', DATABASE_URL: 'postgres://x@localhost/db' }).media.concurrency).toBe(0);
  });
});

describe('webhooks (issue 27 item 6)', () => {
  test('private addresses are refused by default; the retry pauses and the timeout have defaults', () => {
    expect(loadConfig(base).webhooks).toEqual({ allowPrivate: false, retryDelaysSeconds: [10, 60, 300, 1800, 7200], timeoutMs: 10_000 });
    expect(loadConfig({ ...base, WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_DELAYS: '5s, 2m', WEBHOOK_TIMEOUT: '3s' }).webhooks).toEqual({
      allowPrivate: true,
      retryDelaysSeconds: [5, 120],
      timeoutMs: 3000,
    });
    expect(refusal({ WEBHOOK_ALLOW_PRIVATE: 'talvez' })).toMatch(/^WEBHOOK_ALLOW_PRIVATE inválido/);
    expect(refusal({ WEBHOOK_RETRY_DELAYS: '10s,depois' })).toMatch(/Duração inválida/);
  });
});

describe("'Resumo diário' (issue 27 item 5)", () => {
  test('DIGEST_HOUR: 9 by default, a whole hour from 0 to 23', () => {
    expect(loadConfig(base).digestHour).toBe(9);
    expect(loadConfig({ ...base, DIGEST_HOUR: '0' }).digestHour).toBe(0);
    expect(loadConfig({ ...base, DIGEST_HOUR: ' 23 ' }).digestHour).toBe(23);
    for (const bad of ['24', '-1', '8.5', 'nove']) expect(refusal({ DIGEST_HOUR: bad })).toMatch(/^DIGEST_HOUR inválido: .*de 0 a 23/);
  });
});
