/**
 * The frame hosts the operator allows besides the known players (EMBED_FRAME_HOSTS), from the
 * studio's loader: the embed warning tells the editor what the published page will keep.
 */
import { createContext, useContext } from "react";

export const FrameHostsContext = createContext<readonly string[]>([]);

export const useFrameHosts = (): readonly string[] => useContext(FrameHostsContext);
