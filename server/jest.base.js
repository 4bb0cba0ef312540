// NestJS 12 ships ESM only: SWC compiles our TypeScript (legacy decorators + metadata) and the
// ESM packages we load, which is why @nestjs and its ESM dependencies are not ignored.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
module.exports = {
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  transform: { '^.+\\.(t|j|mj)s$': swc },
  transformIgnorePatterns: [
    '/node_modules/(?!(@nestjs|uid|load-esm|file-type|strtok3|token-types|peek-readable|@tokenizer)/)',
  ],
  moduleNameMapper: { '^@sprout/shared$': '<rootDir>/../shared/src/index.ts' },
};
