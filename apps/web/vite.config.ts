import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// In development the API runs separately (npm run dev at the root); the proxy keeps every call same-origin
// so the app code always talks to '/api', exactly as it does when the API server serves the built files.
const apiTarget = process.env.VITE_API_PROXY ?? 'http://127.0.0.1:3000';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes a .br and a .gz beside every text file of the build, compressed once at their best levels, so the
 * server (@fastify/static preCompressed) hands them out without compressing on each request.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((name) => /\.(?:js|css|html|svg|json|txt)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(dir, name);
          const data = await readFile(file);
          if (data.length < 1024) return;
          await writeFile(
            `${file}.br`,
            await brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          await writeFile(`${file}.gz`, await gz(data, { level: 9 }));
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true, ws: true } },
  },
  // No source maps in the build: they would publish the sources.
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 900 },
});
