import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/** The client lives in src/client and builds to dist/client, which the server serves. */
export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: { outDir: '../../dist/client', emptyOutDir: true, sourcemap: true },
  server: { proxy: { '/api': { target: 'http://localhost:3000', ws: true } } },
});
