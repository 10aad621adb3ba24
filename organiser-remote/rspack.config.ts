import { remotes } from '@momentos/app-manifest';
import { createAppConfig } from '../rspack.base';
import { federation } from './module-federation.config';

export default createAppConfig({ dir: __dirname, port: remotes.organiser_remote.devPort, federation, title: 'Momentos: organizador' });
