/** camelCase <-> snake_case conversion of JSON keys, done once at each edge (server and api-client). */
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
function convert(value: unknown, fn: (k: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => convert(v, fn));
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[fn(k)] = convert(v, fn);
    return out;
  }
  return value;
}
export function toSnake<T = unknown>(value: unknown): T {
  return convert(value, snakeKey) as T;
}
export function toCamel<T = unknown>(value: unknown): T {
  return convert(value, camelKey) as T;
}
