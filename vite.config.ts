import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * `fonts.css?optional`: the face with `font-display: optional`, for the app's screens. A phone uses
 * Be Vietnam Pro once it has it (from the second visit, or when it arrives within the first moment)
 * and otherwise keeps the system face, instead of laying every screen out again as each of the six
 * files lands on a slow network. The projector keeps `swap` and preloads the files (screen.html).
 */
function optionalFontDisplay(): Plugin {
  return {
    name: 'optional-font-display',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/fonts\.css\?optional$/.test(id)) return;
      return { code: code.replaceAll('font-display: swap;', 'font-display: optional;'), map: null };
    },
  };
}

/**
 * CHUNK_FILES_NAME of src/routePreloads.ts, the name the server reads. Not imported: the config would
 * then pull in src/ without file extensions, which Vite's native config loader warns about.
 */
const CHUNK_FILES_NAME = 'chunk-files.json';

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

/**
 * Writes CHUNK_FILES_NAME: for each module loaded lazily (a screen, a frame), the scripts it brings
 * with everything they import and the styles they carry, less what the app's entry already loads.
 * The server (src/routePreloads.ts) lists a route's as preloads in its page, so a phone fetches them
 * beside the entry instead of one after the other.
 */
function chunkFiles(): Plugin {
  return {
    name: 'chunk-files',
    apply: 'build',
    // After Vite's own hooks: vite:css-post drops the chunks that only carried CSS (their `.js` is never
    // written) and hands their styles to the chunks that imported them; read before that, the list
    // would name files that do not exist.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (fileName: string, into: Set<string>) => {
          if (into.has(fileName)) return into;
          into.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, into);
          return into;
        };
        const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === 'main');
        if (!entry) this.error('chunk-files: no main entry chunk');
        const inEntry = closure(entry.fileName, new Set());
        const files: Record<string, { scripts: string[]; styles: string[] }> = {};
        for (const chunk of chunks) {
          if (!chunk.isDynamicEntry || !chunk.facadeModuleId) continue;
          const scripts = [...closure(chunk.fileName, new Set())].filter((file) => !inEntry.has(file));
          const styles = [...new Set(scripts.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]))];
          files[path.relative(process.cwd(), chunk.facadeModuleId)] = {
            scripts: scripts.map((file) => `/${file}`),
            styles: styles.map((file) => `/${file}`),
          };
        }
        this.emitFile({ type: 'asset', fileName: CHUNK_FILES_NAME, source: `${JSON.stringify(files, null, 2)}\n` });
      },
    },
    // A listed file the build did not write would be a 404 on every page that preloads it: fail the build.
    writeBundle(_options, bundle) {
      const list = bundle[CHUNK_FILES_NAME];
      if (list?.type !== 'asset') return this.error(`chunk-files: ${CHUNK_FILES_NAME} was not written`);
      const files = JSON.parse(String(list.source)) as Record<string, { scripts: string[]; styles: string[] }>;
      const unwritten = new Set(
        Object.values(files).flatMap(({ scripts, styles }) => [...scripts, ...styles].filter((file) => !(file.slice(1) in bundle))),
      );
      if (unwritten.size) this.error(`chunk-files: lists files the build did not write: ${[...unwritten].join(', ')}`);
    },
  };
}

export default defineConfig({
  plugins: [react(), optionalFontDisplay(), preloadProjectorFonts(), chunkFiles()],
  root: '.',
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    assetsDir: 'assets',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // The app, the projectors' lean page (/screen, /screen2, /preview), and the audience's ballot
      // (answered at / while a vote is open: React only, sharing the projector's `react` chunk).
      input: { main: 'index.html', screen: 'screen.html', ballot: 'ballot.html' },
      output: {
        // A phone on slow Wi-Fi pays a round trip per file: the small Mantine parts that the login,
        // team and pad screens all render come as one file rather than a dozen of under 2 kB each.
        codeSplitting: {
          groups: [
            // React first, so the group below does not take it (and the projector's page, which loads React
            // but no Mantine, none of theirs). With it Vite's modulepreload polyfill, which every page runs:
            // shared by the three entries alone, it would be a file of its own on each of them.
            {
              name: 'react',
              priority: 3,
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|vite[\\/]modulepreload-polyfill/,
            },
            // The small shared modules the projector's stage draws with (and the ballot's badges, the
            // console's clock): one file instead of four, a round trip each for a projector or a phone on
            // the hall's Wi-Fi (/screen: 10 files, 90.0 kB → 7 files, 88.6 kB; the login, pad and ballot
            // pages unchanged or lighter). scoring.ts stays out: the login page's chunks carry it.
            {
              name: 'stage',
              priority: 2,
              test: /src[\\/](initials|roundFormats|teamOrder|tieNote|questionAnswer|messages[\\/]tieNote)\.ts$|src-client[\\/](components[\\/]TeamBadge|hooks[\\/]useCountdown)/,
            },
            // With the small parts that the toasts' and dialogs' later chunks (on every app page) and the frame
            // both use (the z-index default, the unit converters, the direction context, two hooks) and the
            // login and team screens' Alert: six files of under 1.2 kB each before. `(.*[\\/])?` so that the
            // hooks directly under @mantine/hooks/esm/ match too.
            {
              name: 'forms',
              priority: 2,
              test: /@mantine[\\/](core|hooks)[\\/]esm[\\/](.*[\\/])?(Anchor|Card|Paper|PasswordInput|InputBase|Input|CloseButton|ActionIcon|TextInput|Alert|use-id|random-id|use-uncontrolled|get-default-z-index|units-converters|DirectionProvider|use-window-event|use-merged-ref)[\\/]|@tanstack[\\/]react-query[\\/].*useMutation/,
            },
            // The scroll lock (react-remove-scroll) of the frame, the toasts and the dialogs: its own file, taken
            // before the frame's group below (which takes what it imports), so the login page's toasts do not
            // fetch the frame with it.
            {
              name: 'scroll-lock',
              priority: 2,
              test: /node_modules[\\/](react-remove-scroll|react-remove-scroll-bar|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|tslib)[\\/]/,
            },
            // The working screens' frame (ScreenShell, AdminShell: AppShell, the user menu's Avatar) and the grid
            // the team and home screens lay out with: one file where a team's phone fetched eight before its first
            // picture (/team: 25 files before the first picture → 17). The login and pad screens use none of it.
            // Last, so the parts the groups above name stay theirs (the entry would import this file otherwise).
            {
              name: 'shell',
              priority: 1,
              test: /@mantine[\\/]core[\\/]esm[\\/].*[\\/](AppShell|Container|Avatar|SimpleGrid|get-sorted-breakpoints|get-breakpoint-value|get-base-value)[\\/]/,
            },
          ],
        },
      },
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
