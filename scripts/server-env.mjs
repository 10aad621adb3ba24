// The environment the API server's process is started with, by `npm start` (scripts/start.mjs) and by
// the benches (bench/lib.mjs), so that what is measured is what runs. Whatever the caller's
// environment sets wins.
//
// MALLOC_MMAP_THRESHOLD_: glibc's malloc serves a block of 128 KB or more with a mapping of its own and
// returns it to the system when freed, but raises that threshold to the size of every such block
// freed (up to 32 MB). Once a few uploads have passed, the multi-megabyte buffers of S3 parts and
// photos come from the heap instead, and after a burst the heap keeps the freed space: RSS stepped up
// by 50 MB at the soak's first large burst and never came down. A fixed threshold stops the raising
// (and glibc's trimming follows it): 4 bursts of 120 photos on PostgreSQL + S3 left the server at
// 205–242 MB instead of 367 MB (`node bench/api/rss-after-bursts.mjs`, docs/scaling.md). Other C
// libraries (musl, macOS) ignore the variable.
export const SERVER_PROCESS_ENV = { MALLOC_MMAP_THRESHOLD_: String(128 * 1024) };

/**
 * The Node flags the server's process is started with, before its script.
 *
 * --initial-old-space-size=96: V8 starts a full garbage collection (marking the whole heap, about 40 MB
 * of the server's modules and state, 25-35 ms of the main thread each time) whenever the old
 * generation or the memory held outside it nears its limit. An upload's bytes arrive in a new 64 KB
 * buffer per socket read, all counted as memory held outside the heap; once the heap had shrunk after a
 * quiet minute, its limits sat just above the live heap, and a 180 MB upload ran 7-12 full collections
 * (a third of the main thread). With a floor of 96 MB under the old generation's limit it runs none,
 * and the upload takes 0.58 s instead of 0.82 s on Node 20 (0.58 instead of 0.95 on Node 24; medians,
 * docs/scaling.md, 'The garbage collector during an upload'). The heap still grows past the floor as
 * the live data does; RSS after an upload is about 15 MB higher.
 */
export const SERVER_NODE_ARGS = ['--initial-old-space-size=96'];

/** The server's environment: ours underneath, the caller's on top. */
export const serverEnv = (env = process.env) => ({ ...SERVER_PROCESS_ENV, ...env });
