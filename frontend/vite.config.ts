import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const frontendDir = fileURLToPath(new URL('.', import.meta.url));

/**
 * The icons the landing page shows (its data and sections), built into one chunk. Each is shared
 * with other public pages in a different combination, so on their own they become a dozen
 * ~0.2 KiB chunks: 1.4 KiB more of the landing's initial JavaScript than together (target 150
 * KiB gzipped, `node scripts/measure-landing-bundle.mjs`). An icon missing here only costs that.
 */
const landingIcons = [
  'arrow-right',
  'bell',
  'book',
  'chart-line',
  'check',
  'clock',
  'layers',
  'search',
  'shield',
  'sparkles',
  'target',
  'trending-up',
  'zap',
];

export default defineConfig({
  root: frontendDir,
  plugins: [react(), tailwindcss()],
  server: {
    // The dev server (`npm start`, and so the e2e runtime) transforms a module on its first
    // request: a screen's first visit waited seconds on a busy machine. Warm every route (and,
    // through their static imports, what they load) once at start instead.
    warmup: { clientFiles: ['./src/main.tsx', './src/app/routes/**/*.tsx'] },
  },
  resolve: {
    alias: { '@shared': fileURLToPath(new URL('../shared/src', import.meta.url)) },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'landing-icons',
              test: new RegExp(
                `lucide-react[\\\\/]dist[\\\\/]esm[\\\\/]icons[\\\\/](${landingIcons.join('|')})\\.mjs$`,
              ),
              // Lucide's runtime (and React under it) stay in the shared chunk every page loads.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
