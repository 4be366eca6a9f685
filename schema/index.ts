export * from "./block";
export * from "./common";
export * from "./fields";
export * from "./page";
export * from "./theme";
