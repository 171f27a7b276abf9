// Resource-free helpers, safe to import from the viewer bundle (strings arrive inlined in the HTML).
export type Params = Record<string, string | number>;
export type Dict = Partial<Record<string, Record<string, string>>>;

export function interpolate(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}

/** A translator over an inlined dictionary: `t('viewer.close')`. Missing keys show the key. */
export function dictT(dict: Dict) {
  return (key: string, params?: Params): string => {
    const dot = key.indexOf('.');
    const text = dict[key.slice(0, dot)]?.[key.slice(dot + 1)];
    return text === undefined ? key : interpolate(text, params);
  };
}
