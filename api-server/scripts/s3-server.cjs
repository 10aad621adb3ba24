#!/usr/bin/env node
// An S3-compatible server for the tests: s3rver from the npm registry, nothing to install besides.
// It runs in a child process under `--openssl-legacy-provider` (its listing continuation tokens use
// DES, which OpenSSL 3 keeps in the legacy provider), so a test can also stop it to play an outage.
//
//   require('./s3-server.cjs').spawnS3Server({ port, directory, tls }) → { endpoint, port, directory, stop() }
//   node --openssl-legacy-provider scripts/s3-server.cjs [port] [directory] [tls]   (prints {"port", "directory"})
// With `tls: true` it answers HTTPS with the tests' self-signed certificate (test/tls/), which the
// client must be told to trust.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

/** Credentials s3rver accepts (it checks signatures against these). */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** The tests' self-signed certificate for 127.0.0.1 (test/tls/README.md). */
const TLS_FILES = { key: path.join(__dirname, '..', 'test', 'tls', 'test-only.key'), cert: path.join(__dirname, '..', 'test', 'tls', 'test-only.crt') };

function spawnS3Server({ port = 0, directory, tls = false } = {}) {
  const dir = directory ?? fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-s3-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', __filename, String(port), dir, ...(tls ? ['tls'] : [])], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (data) => {
      output += data.toString();
      const line = output.split('\n')[0];
      if (!output.includes('\n')) return;
      child.stdout.off('data', onData);
      const { port: bound } = JSON.parse(line);
      let stopping = false;
      const exited = new Promise((done) => child.once('exit', done));
      // A server that goes away on its own fails every test after it with ECONNREFUSED: say so where it happened.
      const crashed = new Promise((done) =>
        child.once('exit', (code, signal) => {
          if (stopping) return;
          console.error(`s3rver on port ${bound} exited unexpectedly (code ${code}, signal ${signal})`);
          done();
        }),
      );
      resolve({
        endpoint: `${tls ? 'https' : 'http'}://127.0.0.1:${bound}`,
        port: bound,
        directory: dir,
        credentials: CREDENTIALS,
        /** Settles if the server exits without being stopped. */
        crashed,
        /** Stops the server; its directory (the buckets) stays, so it can start again on the same port. */
        stop: async () => {
          stopping = true;
          if (child.exitCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before listening`)));
  });
}

module.exports = { spawnS3Server, CREDENTIALS, TLS_FILES };

if (require.main === module) {
  const S3rver = require('s3rver');
  const tls = process.argv[4] === 'tls' ? { key: fs.readFileSync(TLS_FILES.key), cert: fs.readFileSync(TLS_FILES.cert) } : {};
  const server = new S3rver({ port: Number(process.argv[2] ?? 0), address: '127.0.0.1', silent: true, directory: process.argv[3], ...tls });
  // s3rver writes files with no error listener (an object's or a part's file whose folder its own
  // empty-folder cleanup has just removed): Node would end the process on such an error, and the rest of
  // the run would meet a dead server (a CI run once lost it: 255 tests then failed with ECONNREFUSED).
  // S3 fails that one request and serves on: so does this one, and logs the error.
  process.on('uncaughtException', (error) => console.error('s3rver: an error no request handled (the server goes on):', error));
  server.run().then(
    (address) => process.stdout.write(`${JSON.stringify({ port: address.port, directory: process.argv[3] })}\n`),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
  const stop = () => server.close().then(() => process.exit(0), () => process.exit(1));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // The parent went away without stopping us: do not outlive it.
  process.stdin.on('end', stop);
  process.stdin.resume();
}
