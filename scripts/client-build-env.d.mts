/** Types of client-build-env.mjs (plain JavaScript so `npm start` can load it before any TypeScript). */
export declare const CLIENT_BUILD_ENV_FILE: string;
export declare function clientBuildEnv(): string;
