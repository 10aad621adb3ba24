// An iPhone-like clip for the video benchmarks: 1080p HEVC (hvc1) in .mov with AAC sound, a 90° display
// matrix and Apple's creation date, made once per length and kept in the system's temporary folder.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function iphoneClip(seconds) {
  const file = path.join(os.tmpdir(), `momentos-bench-hevc-1080p-${seconds}s.mov`);
  if (fs.existsSync(file)) return file;
  const plain = `${file}.plain.mov`;
  const ff = (...args) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], { stdio: 'inherit' });
  console.log(`making a ${seconds}-s 1080p HEVC .mov (once)…`);
  // Encoding HEVC is slow on a shared machine: a 10-s piece is encoded, longer clips repeat it (copied).
  const piece = `${file}.piece.mov`;
  const pieceSeconds = Math.min(10, seconds);
  ff(
    '-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=30',
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-t', String(pieceSeconds),
    '-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-b:v', '8M', '-tag:v', 'hvc1',
    '-c:a', 'aac', '-b:a', '128k', piece,
  );
  ff('-stream_loop', String(Math.ceil(seconds / pieceSeconds) - 1), '-i', piece, '-t', String(seconds), '-map', '0', '-c', 'copy', '-tag:v', 'hvc1', plain);
  fs.rmSync(piece, { force: true });
  ff('-i', plain, '-map', '0', '-c', 'copy', '-metadata:s:v:0', 'rotate=90', '-movflags', 'use_metadata_tags', '-metadata', 'com.apple.quicktime.creationdate=2026-06-01T18:30:12-0300', file);
  fs.rmSync(plain, { force: true });
  return file;
}
