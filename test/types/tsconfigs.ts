/** The compiler options of the projects generated code must compile in (test/types/tsconfig-matrix.test.ts). */
const STRICT = {
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  skipLibCheck: true,
  noEmit: true,
  target: "ES2022",
  lib: ["ES2023", "ESNext.Disposable"],
  types: ["node"],
};

export const TSCONFIGS: Record<string, Record<string, unknown>> = {
  /** A Node.js ESM project. */
  nodenext: { ...STRICT, module: "NodeNext", moduleResolution: "NodeNext", verbatimModuleSyntax: true },
  /** A bundled app (Vite, Next.js): ESNext modules, bundler resolution. */
  bundler: { ...STRICT, module: "ESNext", moduleResolution: "bundler" },
  /** Vite's stock `tsconfig.app.json` (react-ts template), with the strict flags added. */
  "vite-app": {
    ...STRICT,
    lib: ["ES2022", "DOM", "DOM.Iterable"],
    module: "ESNext",
    moduleResolution: "bundler",
    allowImportingTsExtensions: true,
    verbatimModuleSyntax: true,
    moduleDetection: "force",
    jsx: "react-jsx",
    useDefineForClassFields: true,
    noUnusedLocals: true,
    noUnusedParameters: true,
    erasableSyntaxOnly: true,
    noFallthroughCasesInSwitch: true,
    noUncheckedSideEffectImports: true,
    isolatedModules: true,
  },
};
