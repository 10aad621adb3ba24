// Issue 29: the paint loader (src/paint-loader.ts), built on its own after the app into the same dist:
// no federation runtime, no HTML page, one small hashed file the server links on painted pages.
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Compiler, Configuration } from '@rspack/core';

/** Its `.br` (quality 11) and `.gz` twins, as the app's build writes them (a small file too: it is on every painted page). */
class PrecompressLoader {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('PrecompressLoader', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PrecompressLoader', stage: compiler.rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER }, (assets) => {
        for (const name of Object.keys(assets)) {
          const source = compilation.getAsset(name)?.source.buffer();
          if (!source || !name.endsWith('.js')) continue;
          const brotli = brotliCompressSync(source, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } });
          compilation.emitAsset(`${name}.br`, new compiler.rspack.sources.RawSource(brotli));
          compilation.emitAsset(`${name}.gz`, new compiler.rspack.sources.RawSource(gzipSync(source, { level: 9 })));
        }
      });
    });
  }
}

const config: Configuration = {
  mode: 'production',
  context: __dirname,
  entry: { 'paint-loader': './src/paint-loader-entry.ts' },
  devtool: false,
  output: {
    path: path.join(__dirname, 'dist'),
    filename: '[name].[contenthash:8].js',
    // The app's build fills dist first: this one adds its file beside the app's.
    clean: false,
    iife: true,
  },
  resolve: { extensions: ['.ts', '.js'] },
  module: {
    rules: [
      {
        test: /\.ts$/,
        exclude: /node_modules/,
        loader: 'builtin:swc-loader',
        options: { jsc: { parser: { syntax: 'typescript' } }, env: { targets: 'chrome >= 87, safari >= 14, firefox >= 78, edge >= 88' } },
        type: 'javascript/auto',
      },
    ],
  },
  plugins: [new PrecompressLoader()],
  optimization: { minimize: true },
  performance: { hints: false },
};

export default config;
