import { loadAfterLeadImages } from './paint-loader';

// A lost image holds the app back 4 s at most.
void loadAfterLeadImages(document, 4000);
