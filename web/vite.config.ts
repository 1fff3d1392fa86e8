import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import path from 'node:path';

const here = import.meta.dirname;

export default defineConfig({
  root: here,
  // Brotli and gzip siblings of every text asset, served by the static middleware per Accept-Encoding.
  plugins: [react(), compression({ algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip')], threshold: 1024 })],
  resolve: {
    alias: [
      { find: /^@web\/(.*)$/, replacement: path.resolve(here, 'src/$1') },
      { find: /^@locus\/contracts$/, replacement: path.resolve(here, '../contracts/src/index.ts') },
      { find: /^@locus\/contracts\/(.*)$/, replacement: path.resolve(here, '../contracts/src/$1') },
    ],
  },
  build: {
    outDir: path.resolve(here, 'dist'),
    emptyOutDir: true,
    sourcemap: false,
    // Blueprint core alone is ~600 kB minified; it sits in its own vendor chunk.
    chunkSizeWarningLimit: 900,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true },
    },
  },
});
