import { createContext, useContext, useState, type ReactNode } from 'react';
import { useSession } from './session';

interface OrgState {
  /** The organization the pages show: the session's own, or the one the operator switched to. */
  org: string | null;
  setOrg(org: string): void;
}

const OrgContext = createContext<OrgState | null>(null);
const KEY = 'preflight.console.org';

export function OrgProvider({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const [picked, setPicked] = useState<string | null>(() => localStorage.getItem(KEY));
  const org = session?.kind === 'org' ? session.org_id : picked;
  const setOrg = (o: string) => {
    localStorage.setItem(KEY, o);
    setPicked(o);
  };
  return <OrgContext.Provider value={{ org, setOrg }}>{children}</OrgContext.Provider>;
}

export function useOrg(): OrgState {
  const s = useContext(OrgContext);
  if (!s) throw new Error('useOrg outside OrgProvider');
  return s;
}
