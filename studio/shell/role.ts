/**
 * The signed-in editor's role in the studio: what the interface offers follows it (the server
 * decides in the end). Code that runs on the site (an embed's scripts) is an administrator's
 * right (schema/blocks/embeds.ts, ADMIN_ONLY_BLOCK_TYPES).
 */
import { createContext, useContext } from "react";

export type StudioRole = "admin" | "editor";

/** Without a provider the interface offers the least (an editor's). */
export const StudioRoleContext = createContext<StudioRole>("editor");

export const useStudioRole = (): StudioRole => useContext(StudioRoleContext);
