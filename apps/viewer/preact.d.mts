import type { Plugin } from 'vite';

export declare const PREACT_FOR_REACT: Readonly<Record<string, string>>;
export declare function isViewerSource(file: string | undefined | null): boolean;
export declare function preactFor(specifier: string, importer: string | undefined | null): string | null;
export declare function resolve(
  specifier: string,
  context: { parentURL?: string },
  nextResolve: (specifier: string, context: { parentURL?: string }) => Promise<unknown>,
): Promise<unknown>;
export declare function viewerPreact(): Plugin;
