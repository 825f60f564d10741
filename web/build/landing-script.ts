/**
 * The landing page's script as one self-contained file. In the app's build it would share a chunk
 * with the app (Rollup puts the code both use, and Vite's preload helper, in a chunk of their own),
 * and that chunk is a second request the browser only finds after the first: a round trip more
 * before the page is done, which Lighthouse counts into its LCP. So it is built on its own, after
 * the app: everything it imports inlined, no preload helper (a library build has none), and its one
 * lazy import, the admin check, pointed at the app build's chunk for it (emitted by the app build as
 * an entry that keeps its exports, so both pages share the cached file and Amplify is never inlined).
 */
import path from 'node:path';
import { build, type Plugin } from 'vite';

/** The landing page's own script: the page is static, this adds what moves (no React). */
export const LANDING_ENTRY = 'src/features/public/islands/main.ts';
/** Its one lazy import, which the app build emits as a chunk of its own. */
export const ADMIN_STATUS_ENTRY = 'src/features/auth/admin-status.ts';

/** The landing build's import of the admin check becomes the app build's file, beside it in assets/. */
function adminStatusFrom(appFile: string, root: string): Plugin {
  const source = path.join(root, ADMIN_STATUS_ENTRY);
  return {
    name: 'landing-admin-status',
    enforce: 'pre',
    async resolveId(id, importer) {
      const resolved = await this.resolve(id, importer, { skipSelf: true });
      if (resolved?.id !== source) return null;
      return { id: `./${path.posix.basename(appFile)}`, external: true };
    },
  };
}

/**
 * Builds the landing script into `outDir`/assets; returns its file name (relative to `outDir`).
 * `adminStatusFile` is the app build's chunk for ADMIN_STATUS_ENTRY, also in assets/.
 */
export async function buildLandingScript(options: {
  root: string;
  outDir: string;
  adminStatusFile: string;
  target: unknown;
}): Promise<{ file: string }> {
  if (path.posix.dirname(options.adminStatusFile) !== 'assets') {
    throw new Error(`The admin check's chunk is not in assets/: ${options.adminStatusFile}`);
  }
  const output = await build({
    configFile: false,
    root: options.root,
    logLevel: 'warn',
    publicDir: false,
    plugins: [adminStatusFrom(options.adminStatusFile, options.root)],
    build: {
      outDir: options.outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      write: true,
      minify: true,
      target: options.target as string[],
      lib: { entry: path.join(options.root, LANDING_ENTRY), formats: ['es'] },
      // A library build keeps whitespace in ES output; this file is for browsers only.
      rolldownOptions: { output: { entryFileNames: 'assets/landing-[hash].js', minify: true } },
    },
  });
  const outputs = Array.isArray(output) ? output : [output];
  for (const result of outputs) {
    if (!('output' in result)) continue;
    const entry = result.output.find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
    if (entry) return { file: entry.fileName };
  }
  throw new Error(`The landing build wrote no script for ${LANDING_ENTRY}`);
}
