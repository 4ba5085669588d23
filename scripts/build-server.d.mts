/** Types of build-server.mjs (plain JavaScript so `npm start` can load it before any TypeScript). */
export declare const SERVER_OUT_DIR: string;
export declare const SERVER_MAIN: string;
export declare const FAKE_OVERPASS: string;
export declare function newestMtime(target: string): number;
export declare function serverIsStale(outDir?: string): boolean;
export declare function buildServer(outDir?: string): Promise<void>;
export declare function ensureServerBuilt(): Promise<void>;
