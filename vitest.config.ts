import { defineConfig } from "vitest/config";

const shared = {
  environment: "node" as const,
  pool: "forks" as const,
  testTimeout: 20000,
  // Services seed 50,000 listings in beforeAll: a few seconds, much more on a busy machine.
  hookTimeout: 60000,
  setupFiles: ["tests/setup-i18n.ts"],
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: "unit",
          include: ["tests/**/*.test.ts", "tests/**/*.test.tsx"],
          exclude: ["tests/store/**"],
        },
      },
      {
        // The storage contract against SQLite and a real PostgreSQL (started by the global setup).
        test: {
          ...shared,
          name: "store",
          include: ["tests/store/**/*.test.ts"],
          setupFiles: [],
          globalSetup: ["tests/store/global-setup.ts"],
        },
      },
    ],
  },
});
