/**
 * What the editor looks at, apart from the document: the preview device and zoom, the zoom that
 * fits the canvas's column (measured by the canvas), and whether block actions show. The device
 * and zoom choice are remembered in localStorage (`studio:view`, parsed with zod).
 */
import { z } from "zod";
import { create } from "zustand";
import { DEVICE_NAMES, type Device, ZOOM_CHOICES, type ZoomChoice } from "../canvas/zoom";

export const VIEW_KEY = "studio:view";

const viewSchema = z
  .object({
    device: z.enum(DEVICE_NAMES as [Device, ...Device[]]).catch("desktop"),
    zoom: z
      .union(ZOOM_CHOICES.map((c) => z.literal(c)) as unknown as [z.ZodLiteral<ZoomChoice>, z.ZodLiteral<ZoomChoice>])
      .catch("fit"),
  })
  .catch({ device: "desktop", zoom: "fit" });

export function parseView(text: string | null | undefined): { device: Device; zoom: ZoomChoice } {
  if (!text) return { device: "desktop", zoom: "fit" };
  try {
    return viewSchema.parse(JSON.parse(text));
  } catch {
    return { device: "desktop", zoom: "fit" };
  }
}

function read() {
  try {
    return parseView(typeof localStorage === "undefined" ? null : localStorage.getItem(VIEW_KEY));
  } catch {
    return parseView(null);
  }
}

function write(device: Device, zoom: ZoomChoice) {
  try {
    localStorage.setItem(VIEW_KEY, JSON.stringify({ device, zoom }));
  } catch {
    // A blocked storage only forgets the choice.
  }
}

export interface ViewState {
  device: Device;
  zoomChoice: ZoomChoice;
  /** The zoom that fits the canvas's column at the current device width. */
  fit: number;
  editMode: boolean;
  /** Counts requests to show the edit panel (the edit action opens a collapsed panel). */
  panelRequests: number;
  requestPanel(): void;
  setDevice(device: Device): void;
  setZoomChoice(zoom: ZoomChoice): void;
  setFit(fit: number): void;
  setEditMode(on: boolean): void;
}

const initial = read();

export const useViewStore = create<ViewState>()((set, get) => ({
  device: initial.device,
  zoomChoice: initial.zoom,
  fit: 1,
  editMode: true,
  panelRequests: 0,
  requestPanel() {
    set({ panelRequests: get().panelRequests + 1 });
  },
  setDevice(device) {
    set({ device });
    write(device, get().zoomChoice);
  },
  setZoomChoice(zoomChoice) {
    set({ zoomChoice });
    write(get().device, zoomChoice);
  },
  setFit(fit) {
    if (get().fit !== fit) set({ fit });
  },
  setEditMode(editMode) {
    set({ editMode });
  },
}));
