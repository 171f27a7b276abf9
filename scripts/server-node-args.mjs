// Node and V8 options of the server process: `npm start` (scripts/start.mjs) runs it with them, and the
// viewer bench (bench/viewer.ts) runs the product the same way.
//
// A young generation of at least 8 MB per semi-space. V8 starts it at 1 MB, grows it only while many
// objects live through a scavenge, and shrinks it back when the process has been idle. A server's
// per-request objects die young, so at 1 MB it collected some 70 times a second under load, its pages given
// back and faulted in again (thousands of minor faults per 3 s), and each answer cost some 20 to 30 % more
// (docs/decisions.md, "the product after the browsers"). It must be given at start: V8 sizes the space then.
export const SERVER_NODE_ARGS = ['--min-semi-space-size=8'];
