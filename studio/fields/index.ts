/** The studio's edit panel (fields): a form generated from each block's schema. */
export type { OnChange } from "./context";
export { Field, ObjectFields } from "./controls";
export { EditPanel, FieldForm, focusFieldAt, validateBlockIssues } from "./EditPanel";
export { formatValue, PathBox, parseInput } from "./PathBox";
export { getAtPath as getFieldAtPath, pathExists, setAtPath as setFieldAtPath } from "./path";
export { sanitizeRichText } from "./sanitize";
export { type FieldsStore, type FieldsStoreState, StudioStoreContext } from "./store-adapter";
export { checkLinkUrl } from "./url";
