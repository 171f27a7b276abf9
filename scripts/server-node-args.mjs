// Node and V8 options of the server process: `npm start` (scripts/start.mjs) runs it with them, and the
// viewer bench (bench/viewer.ts) runs the product the same way. Both keep a server's answers as cheap after
// idle time as before it (docs/decisions.md, "the product after the browsers" and "idle collections").
//
// --min-semi-space-size=8: a young generation of at least 8 MB per semi-space. V8 starts it at 1 MB, grows it
// only while many objects live through a scavenge, and shrinks it back when the process has been idle. A
// server's per-request objects die young, so at 1 MB it collected some 70 times a second under load, its pages
// given back and faulted in again, and each answer cost some 20 to 30 % more. V8 sizes the space at start, so it
// is a command-line option.
//
// --no-memory-reducer: no full collections while the process is idle. Such a collection finds no request in
// flight, so the hidden classes of Node's per-request objects (nextTick's tick object among them) die with them;
// the next requests build new ones, and code already optimized for the old ones falls back to generic property
// stores for good: each answer cost 25 to 30 % more after a few idle minutes (nextTick alone went from 45 to 220
// ns). Under load the collector still runs as usual; the heap is just not shrunk while nothing happens.
export const SERVER_NODE_ARGS = ['--min-semi-space-size=8', '--no-memory-reducer'];
