import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin, type Rollup } from 'vite';

const ROOT_DIV = '<div id="root"></div>';
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;

interface PrerenderModule {
  renderLanding(): Promise<string>;
  BOOT_SCRIPT: string;
  BOOT_STYLE: string;
  PRERENDERED_ATTRIBUTE: string;
  LANDING_FORM_EXPORTS: string[];
}

/** The chunks exporting `names`, with the chunks they import. */
function chunksExporting(bundle: Rollup.OutputBundle, names: string[]): string[] {
  const files = new Set<string>();
  const add = (file: string) => {
    const chunk = bundle[file];
    if (!chunk || chunk.type !== 'chunk' || files.has(file)) return;
    files.add(file);
    chunk.imports.forEach(add);
  };
  for (const chunk of Object.values(bundle)) {
    if (chunk.type === 'chunk' && chunk.isDynamicEntry && chunk.exports.some((e) => names.includes(e)))
      add(chunk.fileName);
  }
  return [...files];
}

/**
 * After the client build: writes landing.html, the landing page rendered for a visitor without a
 * session (the server sends it for `/`), so its first paint does not wait for the JavaScript; then
 * gzip and brotli siblings of every text file, which the server sends to clients that accept them.
 */
function prerenderLanding(): Plugin {
  let root = '';
  let outDir = '';
  let write = true;
  let bundle: Rollup.OutputBundle = {};
  return {
    name: 'grantleaf:prerender-landing',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      write = config.build.write;
    },
    writeBundle(_options, output) {
      bundle = output;
    },
    async closeBundle() {
      if (!write) return;
      const server = await createServer({
        root,
        configFile: false,
        plugins: [react()],
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, watch: null },
      });
      let mod: PrerenderModule;
      let body: string;
      try {
        mod = (await server.ssrLoadModule('/src/app/prerender.tsx')) as PrerenderModule;
        body = await mod.renderLanding();
      } finally {
        await server.close();
      }
      if (/<script\b/i.test(body))
        throw new Error('the pre-rendered landing page holds an inline script, which the CSP blocks');
      const boot = mod.BOOT_SCRIPT;
      const bootFile = `assets/boot-${createHash('sha256').update(boot).digest('base64url').slice(0, 8)}.js`;
      fs.writeFileSync(path.join(outDir, bootFile), boot);
      const index = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      if (!index.includes(ROOT_DIV)) throw new Error(`index.html has no ${ROOT_DIV} to pre-render into`);
      // The forms hydrate as soon as they are clicked only if their code is already there.
      const formPreloads = chunksExporting(bundle, mod.LANDING_FORM_EXPORTS)
        .filter((file) => !index.includes(`/${file}"`))
        .map((file) => `\n    <link rel="modulepreload" crossorigin href="/${file}">`)
        .join('');
      if (!formPreloads) throw new Error(`no chunk exports ${mod.LANDING_FORM_EXPORTS.join(', ')}`);
      const landing = index
        .replace(
          '</title>',
          `</title>\n    <style>${mod.BOOT_STYLE}</style>\n    <script src="/${bootFile}"></script>`,
        )
        .replace('</head>', `${formPreloads}\n  </head>`)
        .replace(ROOT_DIV, `<div id="root" ${mod.PRERENDERED_ATTRIBUTE}>${body}</div>`);
      fs.writeFileSync(path.join(outDir, 'landing.html'), landing);

      for (const file of fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' })) {
        if (!COMPRESSIBLE.test(file) || file.startsWith('.vite')) continue;
        const full = path.join(outDir, file);
        const data = fs.readFileSync(full);
        fs.writeFileSync(`${full}.gz`, gzipSync(data, { level: 9 }));
        fs.writeFileSync(
          `${full}.br`,
          brotliCompressSync(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), prerenderLanding()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json: the chunk graph the bench's web-size suite measures this build by.
    manifest: true,
    rollupOptions: {
      output: {
        // The browser compiles each file as it arrives: several mid-sized files are several short
        // tasks, where one big entry was one long task just as the pre-rendered page had painted.
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          if (/node_modules\/react-router\//.test(id)) return 'router';
          if (/node_modules\/@tanstack\//.test(id)) return 'query';
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
