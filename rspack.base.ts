// One rspack configuration factory for the shell and the three remotes.
// Each app's rspack.config.ts is three lines: createAppConfig({ dir, port, federation }).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { rspack, type Compiler, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { remoteNames, remotes } from '@momentos/app-manifest';

import type { FederationConfig } from './federation-shared';

export type { FederationConfig };
type DevServerConfig = NonNullable<Configuration['devServer']>;

export interface AppConfigOptions {
  /** The app's folder (pass `__dirname` from its rspack.config.ts). */
  dir: string;
  /** Port of the app's own dev server. */
  port: number;
  /** The app's module-federation.config.ts. */
  federation: FederationConfig;
  /** Where the built app is served from (the shell: '/'); remotes leave it to the factory. */
  publicPath?: string;
  /** Title of the standalone HTML page. */
  title?: string;
  /** Extra dev-server settings (the shell serves remotes.json in development). */
  devServer?: DevServerConfig;
  /** Views the server paints before any script (app-manifest's `firstPaint`), emitted under `paint/`. */
  firstPaint?: FirstPaintTemplate[];
}

export interface FirstPaintTemplate {
  /** The HTML template (a path relative to the app), with a `<style>/* css *\/</style>` slot. */
  template: string;
  /** The stylesheets its view needs (the same files its components import), inlined into the slot. */
  css: string[];
}

/** A stylesheet of the design kit, for a first-paint template. */
export const designKitCss = (file: string) => path.join(__dirname, 'shared-kit', 'design-kit', 'src', file);

/**
 * Emits each first-paint template as `paint/<name>` with the view's stylesheets inlined (comments and
 * blank space removed), so that the server's painted page needs no request before it shows. The CSS
 * comes from the same files the React view imports: the painted view and the React one look alike.
 */
class FirstPaintPlugin {
  constructor(private readonly dir: string, private readonly templates: FirstPaintTemplate[]) {}

  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('FirstPaintPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'FirstPaintPlugin', stage: compiler.rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        for (const { template, css: stylesheets } of this.templates) {
          const files = [template, ...stylesheets].map((file) => path.resolve(this.dir, file));
          files.forEach((file) => compilation.fileDependencies.add(file));
          const css = stylesheets
            .map((file) => readFileSync(path.resolve(this.dir, file), 'utf8'))
            .join('\n')
            .replace(/\/\*[\s\S]*?\*\//g, '')
            .replace(/\s*([{};:,>])\s*/g, '$1')
            .replace(/\s+/g, ' ')
            .trim();
          const html = readFileSync(path.resolve(this.dir, template), 'utf8').replace('/* css */', css);
          compilation.emitAsset(`paint/${path.basename(template)}`, new compiler.rspack.sources.RawSource(html));
        }
      });
    });
  }
}

/**
 * Issue 29: Chromium's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chrome 136+) on the
 * shell's entry: the federation runtime and the shell's start, all of which runs on every first visit.
 * With it the browser compiles the file's functions while it streams the file in, on a background
 * thread, instead of one by one on the main thread as each is first called. Measured on the entry
 * with 4x CPU (12 interleaved page loads each): the main thread's blocking time, median 328 -> 234 ms.
 * Only there: hinting React and the data layer as well (much of which a page never calls) bought
 * little more (219 ms). Browsers without the feature read a comment.
 */
class CompileHintsPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      // After minification (OPTIMIZE_SIZE), which would drop the comment, and before the precompressed twins.
      const stage = compiler.rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1;
      compilation.hooks.processAssets.tap({ name: 'CompileHintsPlugin', stage }, () => {
        for (const entrypoint of compilation.entrypoints.values()) {
          for (const file of entrypoint.getEntrypointChunk().files) {
            if (!file.endsWith('.js')) continue;
            compilation.updateAsset(file, (source) => new compiler.rspack.sources.ConcatSource('//# allFunctionsCalledOnLoad\n', source));
          }
        }
      });
    });
  }
}

/**
 * Issue 29: `page-chunks.json`, what a first visit needs beyond what the federation stats list, so that
 * the all-in-one server can preload it beside the shell instead of one round trip after another
 * (api-server's web/preload-hints.ts):
 * - `pages`: the chunk groups the given modules import, by chunk name (`webpackChunkName`): a remote's
 *   pages (routes.ts, each named after its page), the shell's bootstrap (index.ts) and auth guard
 *   (auth/guarded.tsx). Each with its files (scripts and stylesheets) and the shared modules it consumes.
 * - `shared`: every file of each shared module this app provides (mf-stats lists one chunk of a
 *   module split in several: the data layer's axios chunk was missing).
 * Written once the files have their final (content-hashed) names.
 */
/** The share key in a federation module's identifier ('provide shared module (default) swr@2.5.1 = …'). */
const shareKeyOf = (kind: 'provide' | 'consume', identifier: string) =>
  new RegExp(`^${kind} shared module \\([^)]*\\) ((?:@[^@/\\s]+\\/)?[^@\\s]+)@`).exec(identifier)?.[1];

class PageChunksPlugin {
  constructor(private readonly importers: string[]) {}

  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('PageChunksPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PageChunksPlugin', stage: compiler.rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const pages: Record<string, { files: string[]; shared: string[] }> = {};
        const shared: Record<string, string[]> = {};
        const scriptsAndStyles = (files: string[]) => files.filter((file) => /\.(js|css)$/.test(file));
        for (const group of compilation.chunkGroups) {
          for (const origin of group.origins) {
            const provided = shareKeyOf('provide', origin.module?.identifier() ?? '');
            if (provided) shared[provided] = [...new Set([...(shared[provided] ?? []), ...scriptsAndStyles(group.getFiles())])];
          }
          const importer = this.importers.find((file) => group.origins.some((origin) => (origin.module as { resource?: string } | undefined)?.resource === file));
          if (!importer) continue;
          if (!group.name) {
            compilation.errors.push(new compiler.rspack.WebpackError(`PageChunksPlugin: an import in ${importer} has no webpackChunkName`));
            continue;
          }
          const consumed = new Set<string>();
          for (const chunk of group.chunks) {
            for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
              const key = shareKeyOf('consume', module.identifier());
              if (key) consumed.add(key);
            }
          }
          pages[group.name] = { files: scriptsAndStyles(group.getFiles()), shared: [...consumed].sort() };
        }
        compilation.emitAsset('page-chunks.json', new compiler.rspack.sources.RawSource(JSON.stringify({ pages, shared }, null, 2)));
      });
    });
  }
}

/** API server that the dev servers proxy /api and /ws/albums to. */
const apiUrl = process.env.API_URL ?? 'http://localhost:8080';

/**
 * `npm run dev` at the root runs the shell and the remotes together. A remote's own dev-server client,
 * loaded into the shell's page, would reload that page in a loop; so there only the shell's client
 * runs and the shell's dev server watches the remotes' sources to reload the page.
 */
const composedDev = process.env.MOMENTOS_DEV_COMPOSED === '1';
const watchedByShell = [...remoteNames.map((name) => `${remotes[name].folder}/src`), 'shared-kit'].map((dir) =>
  path.join(__dirname, dir),
);

/**
 * Writes a `.br` (quality 11) and a `.gz` (level 9) beside every text asset of a production build, so
 * the server sends the smallest encoding without compressing on each request (a guest on a slow
 * phone network downloads about 15 % less than with on-the-fly brotli).
 */
class PrecompressPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecompressPlugin', stage: compiler.rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        (assets) => {
          for (const name of Object.keys(assets)) {
            if (!/\.(js|css|html|json|svg)$/.test(name)) continue;
            const source = compilation.getAsset(name)?.source.buffer();
            if (!source) continue;
            // Small files too: a first visit fetches several chunks of a few hundred bytes, and each
            // saves a third or more. A twin is written only when it is smaller than the file.
            const brotli = brotliCompressSync(source, {
              params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length },
            });
            if (brotli.length < source.length) compilation.emitAsset(`${name}.br`, new compiler.rspack.sources.RawSource(brotli));
            const gzip = gzipSync(source, { level: 9 });
            if (gzip.length < source.length) compilation.emitAsset(`${name}.gz`, new compiler.rspack.sources.RawSource(gzip));
          }
        },
      );
    });
  }
}

/** react-router's production build (its package exports only the development one's entry points). */
const reactRouterBuild = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production');

export function createAppConfig(options: AppConfigOptions): (env: unknown, argv: { mode?: string }) => Configuration {
  return (_env, argv) => {
    const production = (argv.mode ?? process.env.NODE_ENV) === 'production';
    const name = options.federation.name as string;
    const isHost = !options.federation.exposes;

    return {
      mode: production ? 'production' : 'development',
      context: options.dir,
      entry: { main: './src/index.ts' },
      // Issue 23: no source maps in a production build (the server would publish them with the
      // bundles); the dev servers keep theirs.
      devtool: production ? false : 'cheap-module-source-map',
      output: {
        path: path.join(options.dir, 'dist'),
        // A unique name keeps the chunk-loading globals of the four apps apart on one page.
        uniqueName: name,
        // Remotes: 'auto' in production, so a deployed remote works from any URL; on their dev
        // servers an absolute URL, so that the standalone page works on deep routes too.
        publicPath: options.publicPath ?? (production ? 'auto' : `http://localhost:${options.port}/`),
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        cssFilename: production ? '[name].[contenthash:8].css' : '[name].css',
        cssChunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
        assetModuleFilename: production ? 'assets/[name].[contenthash:8][ext]' : 'assets/[name][ext]',
        clean: true,
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
        // react-router resolves its development build under every condition; a production bundle
        // takes the production build it publishes beside it.
        alias: production ? { 'react-router$': path.join(reactRouterBuild, 'index.mjs'), 'react-router/dom$': path.join(reactRouterBuild, 'dom-export.mjs') } : undefined,
      },
      module: {
        rules: [
          {
            test: /\.(ts|tsx|js|jsx)$/,
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production } },
              },
              env: { targets: 'chrome >= 87, safari >= 14, firefox >= 78, edge >= 88' },
            },
            type: 'javascript/auto',
          },
          { test: /\.css$/, type: 'css/auto' },
          { test: /\.(png|jpe?g|gif|svg|webp|avif|woff2?)$/, type: 'asset' },
        ],
      },
      plugins: [
        new rspack.HtmlRspackPlugin({
          // One HTML template for the four apps (the remotes' own page is for standalone development).
          template: path.join(__dirname, 'app.html'),
          title: options.title ?? 'Momentos',
          // The federation runtime injects remotes' scripts itself; only the app's entry goes here.
          chunks: ['main'],
        }),
        new rspack.DefinePlugin({
          'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
        }),
        new ModuleFederationPlugin({
          shareStrategy: 'loaded-first',
          dts: false,
          ...options.federation,
          experiments: {
            // The shell ships the federation runtime once for the page; production remotes use it
            // instead of bringing their own copy. On their own dev servers remotes keep theirs.
            ...(isHost ? { provideExternalRuntime: production } : { externalRuntime: production }),
            // Remotes are registered by remoteEntry.js URL: the manifest snapshot code is not needed.
            optimization: { disableSnapshot: true, target: 'web' },
          },
        }),
        new PageChunksPlugin((isHost ? ['index.ts', 'auth/guarded.tsx'] : ['routes.ts']).map((file) => path.join(options.dir, 'src', file))),
        ...(options.firstPaint ? [new FirstPaintPlugin(options.dir, options.firstPaint)] : []),
        ...(production && isHost ? [new CompileHintsPlugin()] : []),
        ...(production ? [new PrecompressPlugin()] : []),
      ],
      optimization: {
        // Module Federation needs the runtime inside each entry: no runtimeChunk.
        runtimeChunk: false,
        minimize: production,
        // Issue 29: fewer files on a first visit. Over HTTP/1.1 a browser opens six connections to a
        // host and on a phone network each request waits its own latency, so every file costs. React,
        // react-dom (its entry, the client, the scheduler) and the JSX runtime are four shared modules
        // that always load together: one named chunk. (It also keeps react-dom's small entry, which is
        // both the shared module the app provides and its own consume's fallback, in one file: split
        // apart, a first visit fetched two identical chunks.) The shell's data layer (api-client, axios,
        // SWR, zustand) likewise, in the shell only: a remote's own copy is a fallback, and merging it
        // there pulled the whole layer into the welcome's chunk. bench/guest-js-weight.mjs, guest-lcp.mjs.
        splitChunks: {
          cacheGroups: {
            react: {
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              name: 'react',
              chunks: 'async',
              enforce: true,
              priority: 20,
            },
            ...(isHost ? { dataLayer: {
              test: /[\\/](node_modules[\\/](axios|swr|zustand|use-sync-external-store|dequal)|shared-kit[\\/]api-client)[\\/]/,
              name: 'data-layer',
              chunks: 'async' as const,
              enforce: true,
              priority: 10,
            } } : {}),
          },
        },
      },
      performance: { hints: false },
      // Lazy compilation (on by default in development) makes a remote's page chunk ask the page's
      // origin, the shell's dev server, to compile it: it never arrives. Compile everything up front.
      lazyCompilation: false,
      devServer: {
        port: options.port,
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        ...(composedDev && !isHost ? { client: false, liveReload: false } : {}),
        ...(composedDev && isHost ? { watchFiles: watchedByShell } : {}),
        headers: {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Headers': '*',
        },
        // The dev server's own live-reload socket is /ws: only the API's album sockets are proxied.
        proxy: [{ context: ['/api', '/ws/albums'], target: apiUrl, ws: true, changeOrigin: true }],
        ...options.devServer,
      },
    };
  };
}
