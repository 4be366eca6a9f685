import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "renderer",
  ssr: true,
} satisfies Config;
