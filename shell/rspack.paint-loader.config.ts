// Issue 29: the paint loader (src/paint-loader.ts), built on its own after the app into the same dist:
// no federation runtime, no HTML page, one small hashed file the server links on painted pages.
import path from 'node:path';
import type { Configuration } from '@rspack/core';

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
  optimization: { minimize: true },
  performance: { hints: false },
};

export default config;
