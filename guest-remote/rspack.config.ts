import { createAppConfig } from '../rspack.base';
import { federation } from './module-federation.config';

export default createAppConfig({ dir: __dirname, port: 3002, federation, title: 'Momentos: convidado' });
