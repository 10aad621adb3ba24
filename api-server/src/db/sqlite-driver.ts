import type BetterSqlite3 from 'better-sqlite3';

/**
 * The SQLite driver for the Node that runs us. better-sqlite3 12 is built against Node's C++ API:
 * on Node 24 its statements abort the process when they are garbage-collected (`Assertion failed:
 * (env) != nullptr` in RemoveEnvironmentCleanupHook). better-sqlite3 13 moved to Node-API and fixes
 * that, but needs Node 22 and crashes on Node 20. Both are installed (13 under the alias
 * `better-sqlite3-napi`, with its prebuilt binaries and no install step); the API is the same.
 */
export const nodeMajor = Number(process.versions.node.split('.')[0]);

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the choice is made at load time
export const SqliteDatabase: typeof BetterSqlite3 = nodeMajor >= 22 ? require('better-sqlite3-napi') : require('better-sqlite3');
export type SqliteConnection = BetterSqlite3.Database;
