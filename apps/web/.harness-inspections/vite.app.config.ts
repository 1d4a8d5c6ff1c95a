import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// The real app, built into a private folder and previewed against this helper's own API server.
export default defineConfig({
  root: '/work/main/apps/web',
  plugins: [react()],
  build: { outDir: '/tmp/insp-web-dist', emptyOutDir: true },
  preview: { proxy: { '/api': 'http://localhost:3141' } },
});
