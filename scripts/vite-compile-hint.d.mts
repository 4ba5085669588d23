import type { Plugin } from 'vite';

export const COMPILE_HINT: string;
export function firstDownloadChunks(
  bundle: Record<string, { type: string; isEntry?: boolean; imports?: string[] }>,
): string[];
export function addCompileHint(file: string): Promise<void>;
export function compileHintFirstDownload(): Plugin;
