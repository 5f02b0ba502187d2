import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  root: '.',
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    assetsDir: 'assets',
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: {
      '/trpc': { target: 'http://localhost:3000', ws: true },
      '/api': 'http://localhost:3000',
      '/login': { target: 'http://localhost:3000', bypass: (req) => (req.method === 'GET' ? req.url : undefined) },
      '/logout': 'http://localhost:3000',
    },
  },
});
