import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Libraries every page needs: one long-cached chunk that changes only when they are upgraded. */
const vendor = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/]query-core|@tanstack[\\/]react-query)[\\/]/;

/**
 * Writes `.br` and `.gz` beside every text file of the build, compressed once at the highest
 * levels, for the server's static plugin (`preCompressed`) to send instead of compressing on the fly.
 */
function precompress(): Plugin {
  const compressible = /\.(js|css|html|svg|json|txt|xml|webmanifest)$/;
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = 'dist';
  return {
    name: 'torque:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).map((f) => path.join(outDir, f));
      await Promise.all(
        files
          .filter((file) => compressible.test(file))
          .map(async (file) => {
            if ((await stat(file)).size < 1024) return;
            const data = await readFile(file);
            const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length };
            await writeFile(`${file}.br`, await brotli(data, { params }));
            await writeFile(`${file}.gz`, await gz(data, { level: 9 }));
          }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { tsconfigPaths: true },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  preview: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    // The server long-caches /assets/* (every file there has a content hash in its name).
    assetsDir: 'assets',
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: vendor },
            // Loaded later, never by the first paint of `/`: forms (with the contract's schemas), toasts.
            { name: 'forms', test: /[\\/](node_modules[\\/](zod|react-hook-form|@hookform[\\/]resolvers)|contract[\\/]src)[\\/]/ },
            { name: 'toastify', test: /[\\/]node_modules[\\/](react-toastify|clsx)[\\/]/ },
          ],
        },
      },
    },
  },
});
