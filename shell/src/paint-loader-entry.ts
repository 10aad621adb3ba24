import { loadAfterLeadImages } from './paint-loader';

void loadAfterLeadImages();
