/** The studio's edit panel (fields): a form generated from each block's schema. */
export { EditPanel, FieldForm } from "./EditPanel";
