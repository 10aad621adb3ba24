import { shellApp } from '@momentos/app-manifest';
import { createAppConfig } from '../rspack.base';
import { federation } from './module-federation.config';
import { devRemotes } from './dev-remotes';

export default createAppConfig({
  dir: __dirname,
  port: shellApp.devPort,
  federation,
  publicPath: '/',
  title: 'Momentos',
  devServer: {
    // In development the remotes run on their own dev servers; the API serves remotes.json in production.
    setupMiddlewares: (middlewares) => {
      middlewares.unshift({
        name: 'remotes.json',
        path: '/remotes.json',
        middleware: (_req: unknown, res: { setHeader: (k: string, v: string) => void; end: (body: string) => void }) => {
          res.setHeader('Content-Type', 'application/json');
          res.setHeader('Cache-Control', 'no-cache');
          res.end(JSON.stringify(devRemotes()));
        },
      });
      return middlewares;
    },
  },
});
