/** Unit tests: *.spec.ts beside the code. */
const base = require('./jest.base');
module.exports = { ...base, roots: ['<rootDir>/src'], testRegex: '\\.spec\\.ts$' };
