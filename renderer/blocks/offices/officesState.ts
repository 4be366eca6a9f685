/**
 * State of the offices map (blocks.md §4): the active office (first one initially;
 * changed by a click, a focus or a marker click) and, tracked separately, the office
 * under the pointer, whose marker is highlighted.
 */
export interface OfficesState {
  activeId: string | null;
  hoverId: string | null;
}

export type OfficesAction = { type: "activate"; id: string } | { type: "hover"; id: string | null };

export function initialOfficesState(ids: readonly string[]): OfficesState {
  return { activeId: ids[0] ?? null, hoverId: null };
}

export function officesReducer(state: OfficesState, action: OfficesAction): OfficesState {
  switch (action.type) {
    case "activate":
      return state.activeId === action.id ? state : { ...state, activeId: action.id };
    case "hover":
      return state.hoverId === action.id ? state : { ...state, hoverId: action.id };
  }
}
