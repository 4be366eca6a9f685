import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts", "tests/**/*.test.tsx"],
    environment: "node",
    pool: "forks",
    testTimeout: 20000,
    setupFiles: ["tests/setup-i18n.ts"],
  },
});
