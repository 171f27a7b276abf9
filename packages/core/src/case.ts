/**
 * camelCase <-> snake_case conversion of JSON keys, done once at each edge (server and api-client), except inside a
 * record marked keysAsTheyAre.
 */
export function snakeKey(k: string): string {
  // CONSTANT_CASE keys (form types such as CONTACT_SETTING) travel as they are.
  if (/^[A-Z][A-Z0-9_]*$/.test(k)) return k;
  return k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
export function camelKey(k: string): string {
  return k.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}
/** Plain records, including those with a null or foreign prototype (Fastify's query objects). */
function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && Object.prototype.toString.call(value) === '[object Object]';
}
function isContainer(value: unknown): value is unknown[] | Record<string, unknown> {
  return Array.isArray(value) || isRecord(value);
}
const AS_THEY_ARE = Symbol.for('swipe.keysAsTheyAre');
/**
 * Marks a record whose keys are someone's own names, not the API's (a submission's `data`, keyed by the operator's
 * form field keys): the conversion copies it, and everything inside it, as it is. The mark is a symbol property,
 * which JSON never writes.
 */
export function keysAsTheyAre<T>(record: T): T {
  if (record !== null && typeof record === 'object') Object.defineProperty(record, AS_THEY_ARE, { value: true, enumerable: false });
  return record;
}
const keptAsItIs = (value: unknown): boolean => (value as { [AS_THEY_ARE]?: boolean })[AS_THEY_ARE] === true;
/** A key such as `__proto__` becomes an own property, never the prototype. */
function put(out: Record<string, unknown>, key: string, v: unknown): void {
  Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
}
/**
 * Converts every record key with `fn`. Iterative (an explicit stack, no recursion), so JSON nested
 * thousands of levels deep cannot overflow the call stack.
 */
function convert(value: unknown, fn: (k: string) => string): unknown {
  if (!isContainer(value) || keptAsItIs(value)) return value;
  const fresh = (v: unknown[] | Record<string, unknown>) => (Array.isArray(v) ? new Array<unknown>(v.length) : {});
  const root = fresh(value);
  const stack: [unknown[] | Record<string, unknown>, unknown[] | Record<string, unknown>][] = [[value, root]];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [src, dst] = top;
    const entries: [string | number, unknown][] = Array.isArray(src) ? src.map((v, i) => [i, v]) : Object.entries(src);
    for (const [k, v] of entries) {
      const walk = isContainer(v) && !keptAsItIs(v);
      const copy = walk ? fresh(v) : v;
      if (Array.isArray(dst)) dst[k as number] = copy;
      else put(dst, fn(k as string), copy);
      if (walk) stack.push([v, copy as unknown[] | Record<string, unknown>]);
    }
  }
  return root;
}
/** How deeply arrays and records nest (a scalar is 0, `{}` is 1); stops counting past `limit`. Iterative. */
export function nestingDepth(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [v, d] = top;
    if (!isContainer(v)) continue;
    if (d + 1 > max) max = d + 1;
    if (max > limit) return max;
    for (const c of Array.isArray(v) ? v : Object.values(v)) if (isContainer(c)) stack.push([c, d + 1]);
  }
  return max;
}
export function toSnake<T = unknown>(value: unknown): T {
  return convert(value, snakeKey) as T;
}
export function toCamel<T = unknown>(value: unknown): T {
  return convert(value, camelKey) as T;
}
