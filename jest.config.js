/** Jest runs the TypeScript sources as ESM through ts-jest. */
export default {
  preset: 'ts-jest/presets/default-esm',
  testEnvironment: 'node',
  roots: ['<rootDir>/__tests__'],
  testMatch: ['**/*.test.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true }] },
  // A bound for a hung test, not a speed check: a 2-core machine running another heavy job beside the suite makes an
  // end-to-end case of several runs take minutes, and nothing is gained by failing it.
  testTimeout: 300000,
  maxWorkers: 2
}
