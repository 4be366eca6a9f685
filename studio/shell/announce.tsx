/** A polite live region for studio announcements (move up/down, insert, delete, undo). */
import { createContext, type ReactNode, useCallback, useContext, useState } from "react";

const AnnounceContext = createContext<(message: string) => void>(() => {});

export function useAnnounce() {
  return useContext(AnnounceContext);
}

export function AnnounceProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState("");
  const announce = useCallback((text: string) => {
    // Clearing first makes a repeated message be read again.
    setMessage("");
    requestAnimationFrame(() => setMessage(text));
  }, []);
  return (
    <AnnounceContext.Provider value={announce}>
      {children}
      <div className="studio-sr-only" aria-live="polite" role="status" data-studio-announcer="">
        {message}
      </div>
    </AnnounceContext.Provider>
  );
}
