// Issue 25: the playback rendition's transcoding speed through the pipeline (upload → video lane, beside
// the poster job → ffmpeg → store) against bare ffmpeg with the same arguments on the same file, and as
// a multiple of real time. BENCH_VIDEO_SECONDS sets the clip's length (default 20), BENCH_ROUNDS the
// rounds (default 3: bare then pipeline, back to back; medians). Bare ffmpeg runs at the pipeline's nice
// value (TRANSCODE_NICE) so that both get the same share of a busy machine.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, startApi } from '../lib.mjs';
import { iphoneClip } from './video-fixture.mjs';

const require = createRequire(path.join(ROOT, 'api-server', 'package.json'));
const { TRANSCODE_NICE, canRemux, playbackArgs, probeVideo } = require(path.join(ROOT, 'api-server', 'dist', 'infra', 'media', 'video.js'));
const SECONDS = Number(process.env.BENCH_VIDEO_SECONDS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const limits = { maxEdge: 1080, maxBitrate: 5_000_000, preset: 'veryfast' };

const clip = iphoneClip(SECONDS);
const probe = await probeVideo('ffprobe', clip);
console.log(`clip: ${probe.videoCodec} ${probe.width}×${probe.height} (rotation ${probe.rotation}°), ${probe.duration.toFixed(1)} s, ${(fs.statSync(clip).size / 1048576).toFixed(1)} MB; remux only: ${canRemux(probe, limits)}`);

// Bare ffmpeg: the pipeline's own arguments (video.ts playbackArgs) on the same file.
const out = path.join(os.tmpdir(), 'momentos-bench-bare.mp4');
function bareRun() {
  const started = performance.now();
  execFileSync('nice', ['-n', String(TRANSCODE_NICE), 'ffmpeg', ...playbackArgs(clip, out, false, limits)], { stdio: 'inherit' });
  const seconds = (performance.now() - started) / 1000;
  fs.rmSync(out, { force: true });
  return seconds;
}

/** When the server's own ffmpeg for the rendition (`+faststart`, a child of the server) started, in performance.now() time. */
function watchTranscodeStart(serverPid) {
  let startedAt;
  // Scanning /proc costs CPU the transcoding would otherwise have: it stops once the process is seen.
  const timer = setInterval(() => {
    for (const pid of fs.readdirSync('/proc')) {
      if (startedAt || !/^\d+$/.test(pid)) continue;
      try {
        const parent = Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
        if (parent === serverPid && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('+faststart')) startedAt = performance.now();
      } catch {
        // gone already
      }
    }
    if (startedAt) clearInterval(timer);
  }, 20);
  return () => {
    clearInterval(timer);
    return startedAt;
  };
}

async function pipelineRun() {
  const api = await startApi({ VIDEO_MAX_SECONDS: String(SECONDS + 60), VIDEO_CONCURRENCY: '1' });
  const transcodeStart = watchTranscodeStart(api.pid);
  try {
    const form = new FormData();
    form.append('album_id', api.albumId);
    form.append('user_id', 'Bench');
    form.append('images', new Blob([fs.readFileSync(clip)], { type: 'video/quicktime' }), 'IMG_0001.MOV');
    const response = await fetch(`${api.url}/api/events/photos`, { method: 'POST', body: form });
    const uploaded = performance.now();
    const [photo] = (await response.json()).photos;
    let update;
    for (;;) {
      [update] = await (await fetch(`${api.url}/api/events/photos/updates/${api.albumId}?ids=${photo.id}`)).json();
      if (update.playback_video || update.playback_error) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const stored = performance.now();
    if (update.playback_error) throw new Error(update.playback_error);
    const lane = transcodeStart();
    return { total: (stored - uploaded) / 1000, transcoding: lane ? (stored - lane) / 1000 : NaN, wait: lane ? (lane - uploaded) / 1000 : NaN };
  } finally {
    transcodeStart();
    await api.stop();
  }
}

const bare = [];
const pipeline = [];
const transcoding = [];
for (let round = 1; round <= ROUNDS; round++) {
  bare.push(bareRun());
  const run = await pipelineRun();
  pipeline.push(run.total);
  transcoding.push(run.transcoding);
  console.log(
    `round ${round}: bare ffmpeg ${bare.at(-1).toFixed(2)} s, pipeline ${run.total.toFixed(2)} s ` +
      `(its ffmpeg started ${run.wait.toFixed(2)} s after the upload's answer and ran ${run.transcoding.toFixed(2)} s to the stored rendition; load ${os.loadavg()[0].toFixed(1)})`,
  );
}
const bareMedian = median(bare);
const pipelineMedian = median(pipeline);
const transcodingMedian = median(transcoding);
console.log(`bare ffmpeg: ${bareMedian.toFixed(2)} s = ${(probe.duration / bareMedian).toFixed(2)}× real time (median of ${ROUNDS})`);
console.log(
  `transcoding in the pipeline (its ffmpeg started → rendition stored): ${transcodingMedian.toFixed(2)} s; speed ratio to bare ffmpeg ${(bareMedian / transcodingMedian).toFixed(2)} (target ≥ 0.9)`,
);
console.log(
  `end to end (upload answered → rendition stored, poster job beside it): ${pipelineMedian.toFixed(2)} s = ${(probe.duration / pipelineMedian).toFixed(2)}× real time; ` +
    `ratio to bare ffmpeg ${(bareMedian / pipelineMedian).toFixed(2)}`,
);
