/**
 * Preloaded (node --require) before the Capacitor CLI. The CLI reads capacitor.config.ts through
 * TypeScript's JavaScript API (`ts.transpileModule`), which TypeScript 7 (the project's compiler,
 * a native binary) no longer has. This hands the CLI a stand-in with just that function, built on
 * esbuild (already installed with Vite/tsx): type stripping to CommonJS, no type checking (tsc
 * checks capacitor.config.ts with the rest of the project).
 */
const Module = require('node:module');
const esbuild = require('esbuild');

let typescriptPath = null;
try {
  typescriptPath = require.resolve('typescript', { paths: [process.cwd()] });
} catch {
  typescriptPath = null;
}

const standIn = {
  ModuleKind: { CommonJS: 1 },
  ModuleResolutionKind: { NodeJs: 2 },
  ScriptTarget: { ES2017: 4 },
  transpileModule(sourceText, { fileName } = {}) {
    const { code } = esbuild.transformSync(sourceText, { loader: 'ts', format: 'cjs', target: 'es2019', sourcefile: fileName });
    return { outputText: code, diagnostics: [] };
  },
};

const load = Module._load;
Module._load = function (request, parent, isMain) {
  if (typescriptPath && request === typescriptPath) return standIn;
  return load.call(this, request, parent, isMain);
};
