import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { CLIENT_BUILD_ENV_FILE, clientBuildEnv } from './scripts/client-build-env.mjs';
import { compileHintFirstDownload } from './scripts/vite-compile-hint.mjs';
import { lazySchemas } from './scripts/vite-lazy-schemas.mjs';
import { precompressBundle } from './scripts/vite-precompress.mjs';

const THEME_COLOR = '#b91c1c';

/** Records this build's VITE_* settings for `npm start` (scripts/start.mjs rebuilds when they change). */
function recordClientBuildEnv(): Plugin {
  return {
    name: 'beacon-record-client-build-env',
    apply: 'build',
    closeBundle() {
      writeFileSync(CLIENT_BUILD_ENV_FILE, clientBuildEnv());
    },
  };
}

/** The client lives in src/client and builds to dist/client, which the server serves. */
export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  resolve: {
    alias: [
      // React Router 7's package points every import at its development build, whose only difference is its dev
      // warnings switched on (checks and messages built on every render, printed in production): its production
      // build is the same code with them off.
      {
        find: /^react-router$/,
        replacement: fileURLToPath(
          new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url),
        ),
      },
    ],
  },
  plugins: [
    recordClientBuildEnv(),
    lazySchemas(),
    compileHintFirstDownload(),
    precompressBundle(),
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'generateSW',
      registerType: 'autoUpdate',
      // An external registerSW.js (the server's CSP forbids inline scripts), deferred so it never blocks the
      // first paint.
      injectRegister: 'script-defer',
      includeAssets: ['icons/icon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'Beacon',
        short_name: 'Beacon',
        description: 'Beacon — your personal safety companion',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: THEME_COLOR,
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Client routes work offline; the API is never served from the cache.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        // Web Push: show a ward's alert and open its page on click (src/client/public/push-handler.js).
        importScripts: ['push-handler.js'],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // React changes less often than the app: its own chunk stays cached across releases. Leaflet gets its
        // own chunk, loaded with the first map. Other libraries go with the code that uses them, so a library
        // only a lazily loaded screen needs is not in the first download.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'leaflet', test: /node_modules[\\/](leaflet|react-leaflet|@react-leaflet)[\\/]/ },
            // The shared texts, constants and field rules every screen uses, the first one included: one chunk
            // rather than one each, which cost the first download a request and its bytes per chunk.
            {
              name: 'shared-basics',
              test: /src[\\/]shared[\\/](texts|constants|ui-texts|schemas[\\/](common|field-rules))\.ts$/,
            },
            // What else the first screen imports statically: one file instead of about 18 small ones (shared with
            // code loaded on demand, which imports them from here, already loaded). On a slow phone each file is a
            // request of its own.
            { name: 'first-screen', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': { target: 'http://localhost:3000', ws: true } } },
});
