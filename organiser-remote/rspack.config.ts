import { createAppConfig } from '../rspack.base';
import { federation } from './module-federation.config';

export default createAppConfig({ dir: __dirname, port: 3001, federation, title: 'Momentos: organizador' });
