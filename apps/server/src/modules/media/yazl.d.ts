// Minimal types for yazl (used by tests to build ZIP files; no @types package is installed).
declare module 'yazl' {
  import type { Readable } from 'node:stream';
  export class ZipFile {
    outputStream: Readable;
    addBuffer(buffer: Buffer, metadataPath: string, options?: { compress?: boolean; mtime?: Date; mode?: number }): void;
    end(options?: Record<string, unknown>, callback?: () => void): void;
  }
  const yazl: { ZipFile: typeof ZipFile };
  export default yazl;
}
