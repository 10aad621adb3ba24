import sharp from 'sharp';
import { readPreviewHeader } from '../src/infra/media/preview-header';

// The server's own sharp keeps nothing of what it read: with libvips' operation cache on, each preview
// header read leaves its operation (and the guest's bytes) cached until a hundred others push it out.

test("reading guests' previews leaves nothing in libvips' cache", async () => {
  for (let i = 0; i < 5; i++) {
    const preview = await sharp({ create: { width: 480, height: 640, channels: 3, background: { r: 40 * i, g: 90, b: 40 } } }).webp().toBuffer();
    expect(await readPreviewHeader(preview)).toEqual({ type: 'image/webp', width: 480, height: 640 });
  }
  const cache = sharp.cache();
  expect(cache.items).toEqual(expect.objectContaining({ current: 0 }));
  expect(cache.memory).toEqual(expect.objectContaining({ current: 0 }));
});
