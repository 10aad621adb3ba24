import sharp from 'sharp';

// sharp as the server's own process uses it: the guests' preview headers, the event's card, welcome
// copies and printed image (the photos' decodes run in the decoder processes, decoder-pool.ts).
// libvips' operation cache is off here as it is there. By default it keeps up to 100 operations with
// the buffers they were given (about 30 MB of previews after a few hundred uploads, measured 30 Nov),
// and no input is ever read twice: each is a guest's preview or a new event image.
sharp.cache(false);

export default sharp;
