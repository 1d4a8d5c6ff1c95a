import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
export default defineConfig({
  root: __dirname,
  plugins: [react()],
  server: { proxy: { '/api': 'http://localhost:3141' }, fs: { allow: ['/work/main'] } },
});
