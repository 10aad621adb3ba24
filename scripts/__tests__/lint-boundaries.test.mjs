// The lint rules bite: a file planted with a forbidden import makes ESLint report it, with the
// boundary named. Run by `npm test` (scripts/run-tests.mjs) through node's test runner.
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const eslint = new ESLint({ cwd: root });

/**
 * Plants every probe file for real (type-aware linting needs files its tsconfig includes), lints them
 * in one run and removes them again, whatever happens.
 */
async function lintPlanted(files) {
  const paths = files.map(([path]) => join(root, path));
  try {
    files.forEach(([path, code]) => writeFileSync(join(root, path), code, { flag: 'wx' }));
    const results = await eslint.lintFiles(paths);
    return new Map(results.map((result) => [result.filePath, result.messages.map((message) => ({ rule: message.ruleId, text: message.message }))]));
  } finally {
    paths.forEach((path) => rmSync(path, { force: true }));
  }
}

const boundaryRules = ['import-x/no-restricted-paths', 'no-restricted-imports', '@typescript-eslint/no-restricted-imports'];
const boundaryErrors = (messages) => messages.filter((message) => boundaryRules.includes(message.rule));

const planted = [
  ['a remote imports another remote by path', 'guest-remote/src/features/probe-path.ts', "import { pages } from '../../../gallery-remote/src/routes';\nexport const probe = pages;\n", 'guest-remote must not import gallery-remote'],
  ['a remote imports another remote by package name', 'gallery-remote/src/probe.ts', "import { pages } from '@momentos/organiser-remote/src/routes';\nexport const probe = pages;\n", 'gallery-remote must not import organiser-remote'],
  ['a remote imports the shell', 'organiser-remote/src/probe.ts', "import { App } from '../../shell/src/app';\nexport const probe = App;\n", 'organiser-remote must not import shell'],
  ['the shell imports a remote', 'shell/src/probe.ts', "import { pages } from '../../guest-remote/src/routes';\nexport const probe = pages;\n", 'shell must not import guest-remote'],
  ['shared-kit imports a remote', 'shared-kit/design-kit/src/probe.ts', "import { pages } from '../../../gallery-remote/src/routes';\nexport const probe = pages;\n", 'shared-kit/design-kit must not import gallery-remote'],
  ['the API server imports a front-end package', 'api-server/src/probe.ts', "import { login } from '@momentos/api-client';\nexport const probe = login;\n", 'api-server must not import shared-kit/api-client'],
  ['a screen imports a contract schema (not a type)', 'gallery-remote/src/probe-contract.ts', "import { PhotoItem } from '@momentos/api-contract';\nexport const probe = PhotoItem;\n", 'only types from @momentos/api-contract'],
  ['the API contract imports an app', 'shared-kit/api-contract/src/probe.ts', "import { login } from '@momentos/api-client';\nexport const probe = login;\n", 'shared-kit/api-contract must not import shared-kit/api-client'],
  ['a screen imports the router', 'guest-remote/src/features/probe-router.ts', "import { useParams } from 'react-router-dom';\nexport const probe = useParams;\n", 'navigate through the facade of @momentos/design-kit'],
  ['a screen imports react-router', 'gallery-remote/src/features/probe-router.ts', "import { useLocation } from 'react-router';\nexport const probe = useLocation;\n", 'navigate through the facade of @momentos/design-kit'],
  ['a screen mounts a router of its own', 'organiser-remote/src/features/probe-adapter.ts', "import { createMemoryAppRouter } from '@momentos/design-kit/router';\nexport const probe = createMemoryAppRouter;\n", 'navigate through the facade of @momentos/design-kit'],
  ['the shell imports the router directly', 'shell/src/probe-router.ts', "import { BrowserRouter } from 'react-router-dom';\nexport const probe = BrowserRouter;\n", 'navigate through the facade of @momentos/design-kit'],
  ['a screen imports axios', 'organiser-remote/src/features/probe-axios.ts', "import axios from 'axios';\nexport const probe = axios;\n", 'axios is used only inside shared-kit/api-client'],
  // The server's layers (docs/decisions.md, 'The server's layers').
  ['a server rule imports infrastructure', 'api-server/src/domain/probe-infra.ts', "import { TempArea } from '../infra/temp-area';\nexport const probe = TempArea;\n", 'api-server/src/domain must not import infra'],
  ['a server rule imports a service', 'api-server/src/domain/probe-service.ts', "import { originalKey } from '../services/ingest';\nexport const probe = originalKey;\n", 'api-server/src/domain must not import services'],
  ['a server rule imports a repository', 'api-server/src/domain/probe-repository.ts', "import { findEvent } from '../repositories/events';\nexport const probe = findEvent;\n", 'api-server/src/domain must not import repositories'],
  ['a server rule takes a Fastify request', 'api-server/src/domain/probe-fastify.ts', "import type { FastifyRequest } from 'fastify';\nexport const probe = (request: FastifyRequest) => request.ip;\n", 'takes plain values: no Fastify'],
  ['a server rule reads a file', 'api-server/src/domain/probe-fs.ts', "import { readFileSync } from 'node:fs';\nexport const probe = readFileSync;\n", 'does no I/O'],
  ['a server rule runs a process', 'api-server/src/domain/probe-process.ts', "import { spawn } from 'node:child_process';\nexport const probe = spawn;\n", 'does no I/O'],
  ['a server rule queries the database', 'api-server/src/domain/probe-kysely.ts', "import { sql } from 'kysely';\nexport const probe = sql;\n", 'does no I/O'],
  ['infrastructure imports a route', 'api-server/src/infra/probe-routes.ts', "import healthRoutes from '../routes/health';\nexport const probe = healthRoutes;\n", 'api-server/src/infra must not import routes'],
  ['infrastructure imports a plugin', 'api-server/src/infra/probe-plugins.ts', "import dbPlugin from '../plugins/db';\nexport const probe = dbPlugin;\n", 'api-server/src/infra must not import plugins'],
  ['infrastructure imports a service', 'api-server/src/infra/probe-services.ts', "import { originalKey } from '../services/ingest';\nexport const probe = originalKey;\n", 'api-server/src/infra must not import services'],
  ['a service takes a Fastify request', 'api-server/src/services/probe-fastify.ts', "import type { FastifyRequest } from 'fastify';\nexport const probe = (request: FastifyRequest) => request.ip;\n", 'never a request: no Fastify'],
  ['a service imports the http helpers', 'api-server/src/services/probe-http.ts', "import { presentPhoto } from '../http/present';\nexport const probe = presentPhoto;\n", 'api-server/src/services must not import http'],
  ['the web layer imports a plugin', 'api-server/src/web/probe-plugins.ts', "import dbPlugin from '../plugins/db';\nexport const probe = dbPlugin;\n", 'api-server/src/web must not import plugins'],
  ['a route imports a plugin', 'api-server/src/routes/probe-plugins.ts', "import dbPlugin from '../plugins/db';\nexport const probe = dbPlugin;\n", 'api-server/src/routes must not import plugins'],
  ['a server layer imports a front-end package', 'api-server/src/domain/probe-front-end.ts', "import { login } from '@momentos/api-client';\nexport const probe = login;\n", 'api-server must not import shared-kit/api-client'],
];

const allowed = [
  ['guest-remote/src/probe-allowed.ts', "import { Dialog } from '@momentos/design-kit';\nimport { login } from '@momentos/api-client';\nexport const probe = [Dialog, login];\n"],
  ['guest-remote/src/probe-facade.ts', "import { useNavigate } from '@momentos/design-kit';\nimport { renderStandalone } from '@momentos/design-kit/router';\nexport const probe = [useNavigate, renderStandalone];\n"],
  ['shared-kit/design-kit/src/router/probe-allowed.ts', "import { BrowserRouter } from 'react-router-dom';\nexport const probe = BrowserRouter;\n"],
  ['shared-kit/api-client/src/probe-allowed.ts', "import axios from 'axios';\nexport const probe = axios;\n"],
  ['gallery-remote/src/probe-contract-type.ts', "import type { PhotoItem } from '@momentos/api-contract';\nexport type { PhotoUpdate } from '@momentos/api-contract';\nexport const probe = (photo: PhotoItem) => photo.id;\n"],
  ['api-server/src/probe-contract.ts', "import { PhotoItem } from '@momentos/api-contract';\nexport const probe = PhotoItem;\n"],
  ['api-server/src/domain/probe-allowed.ts', "import { createHash } from 'node:crypto';\nimport { PhotoItem } from '@momentos/api-contract';\nimport type { PhotoRow } from '../db/schema';\nimport { HttpError } from '../errors';\nimport { newId } from './ids';\nexport const probe = [createHash, PhotoItem, HttpError, newId, (row: PhotoRow) => row.id];\n"],
  ['api-server/src/infra/probe-allowed.ts', "import { readFileSync } from 'node:fs';\nimport { newId } from '../domain/ids';\nexport const probe = [readFileSync, newId];\n"],
  ['api-server/src/services/probe-allowed.ts', "import { TempArea } from '../infra/temp-area';\nimport { findEvent } from '../repositories/events';\nimport { newId } from '../domain/ids';\nexport const probe = [TempArea, findEvent, newId];\n"],
  ['api-server/src/routes/probe-allowed.ts', "import type { FastifyRequest } from 'fastify';\nimport { presentPhoto } from '../http/present';\nimport { originalKey } from '../services/ingest';\nexport const probe = [presentPhoto, originalKey, (request: FastifyRequest) => request.ip];\n"],
];

describe('lint boundaries', () => {
  let messages;
  before(async () => {
    messages = await lintPlanted([...planted.map(([, path, code]) => [path, code]), ...allowed]);
  });

  for (const [what, path, , expected] of planted) {
    it(`fails when ${what}`, () => {
      const all = messages.get(join(root, path));
      assert.ok(all, `${path} was not linted`);
      const errors = boundaryErrors(all);
      assert.ok(errors.some((error) => error.text.includes(expected)), `expected "${expected}", got ${JSON.stringify(all)}`);
    });
  }

  it('lets a remote import the shared kits and the contract\'s types, api-client import axios, the server the contract, and each server layer those below it', () => {
    for (const [path] of allowed) {
      const all = messages.get(join(root, path));
      assert.ok(all, `${path} was not linted`);
      assert.deepEqual(all.filter((message) => message.rule === null || boundaryRules.includes(message.rule)), []);
    }
  });
});
