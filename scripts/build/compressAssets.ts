/**
 * Vite plugin: after the build has written its files, writes a Brotli (`.br`, quality 11) and a
 * gzip (`.gz`, level 9) copy beside every text file the console loads — JavaScript, CSS, HTML,
 * SVG and JSON — so the server sends them compressed without compressing on each request
 * (server/http/static.ts picks the copy the browser accepts). Source maps are left plain: only
 * developer tools fetch them, and they are larger than all the scripts together (compressing them
 * would add seconds to every build for nobody's page load). A copy is kept only when it saves at
 * least a tenth of the file (an already compact SVG is served as it is).
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

export const COMPRESSED_EXTENSIONS = ['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest'];
const MIN_BYTES = 256;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      // .vite/ holds the manifest for the bench, never served to a browser
      if (entry.name !== '.vite') yield* filesUnder(path);
    } else if (COMPRESSED_EXTENSIONS.some((ext) => entry.name.endsWith(ext))) yield path;
  }
}

/** Writes the `.br` and `.gz` copies for every text file under `dir`; returns the byte totals. */
export async function compressDirectory(dir: string): Promise<{ files: number; plain: number; br: number; gzip: number }> {
  const totals = { files: 0, plain: 0, br: 0, gzip: 0 };
  const jobs: Promise<void>[] = [];
  for await (const path of filesUnder(dir)) {
    jobs.push(
      (async () => {
        const body = await readFile(path);
        if (body.length < MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
          gzipAsync(body, { level: 9 }),
        ]);
        totals.files++;
        totals.plain += body.length;
        if (br.length <= body.length * 0.9) {
          await writeFile(path + '.br', br);
          totals.br += br.length;
        }
        if (gz.length <= body.length * 0.9) {
          await writeFile(path + '.gz', gz);
          totals.gzip += gz.length;
        }
      })(),
    );
  }
  await Promise.all(jobs);
  return totals;
}

export function compressAssets(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'podium:compress-assets',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = join(config.root, config.build.outDir);
      if (!(await stat(outDir).catch(() => null))) return;
      const t = await compressDirectory(outDir);
      const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
      config.logger.info(`compressed ${t.files} text files: ${kib(t.plain)} plain, ${kib(t.br)} brotli, ${kib(t.gzip)} gzip`);
    },
  };
}
