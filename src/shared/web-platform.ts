/**
 * The Web Crypto and text-encoding globals that Node 20 and every browser Beacon supports alike. Shared code is
 * compiled without the DOM's or Node's type libraries (it must run on both), so the few members it uses are typed
 * here, at one boundary.
 */
type KeyLike = object;

export type SubtleCryptoLike = {
  digest(algorithm: 'SHA-256', data: Uint8Array): Promise<ArrayBuffer>;
  importKey(
    format: 'spki',
    keyData: Uint8Array,
    algorithm: { name: 'Ed25519' },
    extractable: boolean,
    usages: ['verify'],
  ): Promise<KeyLike>;
  verify(
    algorithm: { name: 'Ed25519' },
    key: KeyLike,
    signature: Uint8Array,
    data: Uint8Array,
  ): Promise<boolean>;
};

type WebPlatform = {
  crypto: { subtle: SubtleCryptoLike };
  TextEncoder: new () => { encode(text: string): Uint8Array };
  atob(text: string): string;
};

export const webPlatform = globalThis as unknown as WebPlatform;
