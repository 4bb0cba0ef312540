import { pathToFileURL } from 'node:url';
import vm from 'node:vm';

type Importer = (specifier: string) => Promise<unknown>;

/*
 * node-llama-cpp is ESM with top-level await, so `require()` cannot load it even on Node 20.19+
 * (ERR_REQUIRE_ASYNC_MODULE), and tsc rewrites `import()` to `require()` in our CommonJS build.
 * A function built at run time keeps a real `import()`. Jest runs modules in a vm context that
 * refuses dynamic imports without --experimental-vm-modules; there the import is compiled in the
 * main context with Node's default loader instead.
 */
const nativeImport = new Function('specifier', 'return import(specifier)') as Importer;
let mainContextImport: Importer | null = null;

/** Loads an ES module by package name from a CommonJS module, in plain Node and under Jest. */
export async function importEsm<T>(specifier: string): Promise<T> {
  const url = pathToFileURL(require.resolve(specifier)).href;
  try {
    return (await nativeImport(url)) as T;
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING_FLAG')
      throw error;
    mainContextImport ??= vm.runInThisContext('(specifier) => import(specifier)', {
      importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    }) as Importer;
    return (await mainContextImport(url)) as T;
  }
}
