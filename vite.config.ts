import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The face's files the projector needs at once: preloaded, so the first picture is already in Be Vietnam Pro. */
const PRELOADED_FONT = /be-vietnam-pro-(latin|vietnamese)-(400|600|700)-normal-[\w-]+\.woff2$/;

function preloadProjectorFonts(): Plugin {
  return {
    name: 'preload-projector-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.filename.endsWith('screen.html') || !context.bundle) return;
        return Object.keys(context.bundle)
          .filter((file) => PRELOADED_FONT.test(file))
          .sort()
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadProjectorFonts()],
  root: '.',
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    assetsDir: 'assets',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // The app, and the projectors' lean page (/screen, /screen2, /preview).
      input: { main: 'index.html', screen: 'screen.html' },
    },
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
