import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { earlyRequestsScript } from './src/lib/earlyRequests.ts';

/** index.html starts a page's first data before the app's code loads (src/lib/earlyRequests.ts). */
const earlyRequests = (): Plugin => ({
  name: 'linewalker-early-requests',
  transformIndexHtml: () => [{ tag: 'script', children: earlyRequestsScript(), injectTo: 'head-prepend' }],
});

// The API server runs on :3000 in development; in production it serves this build itself.
export default defineConfig({
  plugins: [react(), earlyRequests()],
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // React changes less often than our code: its own chunk stays cached across releases.
        // (Grouping Mantine too would pull every component into the first load.)
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ }],
        },
      },
    },
  },
});
