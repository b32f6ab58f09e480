import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** V8's explicit compile hint (Chrome 136+): compile every function of the file eagerly. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks every JavaScript file of the build for eager compilation (issue 10, decision 0036). Without
 * the hint V8 compiles a function the first time it runs, on the main thread: starting the app on
 * a cold dashboard spent about 30 ms of a 70 ms task compiling (more on a phone), the page's largest
 * block to a tap (Lighthouse TBT). With it, V8 compiles the whole file in one pass, as it streams
 * in (off the main thread) or when it is loaded. Our files are the app's own chunks, each loaded
 * when its screen is drawn, so most of their functions do run on load, which is what the hint
 * says. Browsers without the hint read a comment. scripts/bundle-report.mjs checks every file.
 * The hint must open the file: added to the files as written, and the source map (when the build
 * writes one) moved down the line it takes.
 */
export function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    enforce: 'post',
    // On the written files: Vite's own last step puts a line of its own at the top of the entry.
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!fileName.endsWith('.js')) continue;
        const file = path.join(dir, fileName);
        const code = fs.readFileSync(file, 'utf8');
        if (code.startsWith(COMPILE_HINT)) continue;
        fs.writeFileSync(file, COMPILE_HINT + code);
        const mapFile = `${file}.map`;
        if (fs.existsSync(mapFile)) {
          const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { mappings: string };
          map.mappings = `;${map.mappings}`;
          fs.writeFileSync(mapFile, JSON.stringify(map));
        }
      }
    },
  };
}
