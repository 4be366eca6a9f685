export * from "./paths";
export * from "./persistence";
export * from "./store";
export * from "./types";
export * from "./validate";
