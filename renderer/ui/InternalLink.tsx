/**
 * A link to a path of this site (`/fr/…`, already localised): a plain anchor that React Router
 * follows on click, as its <Link> does for such paths. A page has dozens of them (menus,
 * footer, calls to action), and each <Link> resolves its path against the route matches and
 * builds its own navigate function on every render; here the root provides one function for
 * all. `data-discover` lets React Router discover the target's route ahead of the click.
 */
import { type AnchorHTMLAttributes, createContext, startTransition, useCallback, useContext } from "react";
import { UNSAFE_NavigationContext, useNavigate } from "react-router";

type Follow = (to: string) => void;

const FollowContext = createContext<Follow | null>(null);

/** Inside the router, around everything that renders links (the root layout). */
export function InternalLinkProvider({ children }: { children: React.ReactNode }) {
  const navigate = useNavigate();
  const { useTransitions } = useContext(UNSAFE_NavigationContext) as { useTransitions?: boolean };
  const follow = useCallback<Follow>(
    (to) => {
      // A link to the page already shown replaces its history entry, as <Link> does.
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      const go = () => void navigate(to, { replace: here === to });
      if (useTransitions) startTransition(go);
      else go();
    },
    [navigate, useTransitions],
  );
  return <FollowContext.Provider value={follow}>{children}</FollowContext.Provider>;
}

export function InternalLink({
  to,
  onClick,
  target,
  children,
  ...rest
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string }) {
  const follow = useContext(FollowContext);
  return (
    <a
      {...rest}
      href={to}
      target={target}
      data-discover="true"
      onClick={(event) => {
        onClick?.(event);
        if (!follow || event.defaultPrevented) return;
        // What the browser should handle itself: other buttons, modifier keys, another window.
        if (event.button !== 0 || (target && target !== "_self")) return;
        if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        follow(to);
      }}
    >
      {children}
    </a>
  );
}
