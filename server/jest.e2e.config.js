/** Integration tests: test/*.e2e-spec.ts against a real database and the Auth emulator. */
const base = require('./jest.base');
module.exports = {
  ...base,
  roots: ['<rootDir>/test'],
  testRegex: '\\.e2e-spec\\.ts$',
  testTimeout: 60_000,
  globalSetup: '<rootDir>/test/global-setup.js',
  globalTeardown: '<rootDir>/test/global-teardown.js',
};
