import type { Plugin } from 'vite';

export function precompressBundle(): Plugin;
