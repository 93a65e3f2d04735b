import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';

/** Who is signed in, as GET /api/session answers (never a key). */
export interface Session {
  kind: 'operator' | 'org';
  org_id: string | null;
  org_name: string | null;
  expires_at: string;
}

interface SessionState {
  session: Session | null | undefined;
  signIn(apiKey: string): Promise<void>;
  signOut(): Promise<void>;
  /** Called when the API answers 401: the session ended elsewhere. */
  expired(): void;
}

const SessionContext = createContext<SessionState | null>(null);

/** The CSRF token the service set beside the HttpOnly session cookie; sent back in X-CSRF-Token. */
export function csrfToken(): string {
  const m = /(?:^|;\s*)preflight_csrf=([^;]+)/.exec(document.cookie);
  return m ? decodeURIComponent(m[1]) : '';
}

/** An error the API answered, with its code and field problems (the contract's error shape). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly details: Array<{ field: string; problem: string }> = [],
  ) {
    super(message);
  }
}

async function rest<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status === 204) return undefined as T;
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new ApiError(json?.error?.message ?? `HTTP ${res.status}`, json?.error?.code ?? 'internal', json?.error?.details);
  return json as T;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  useEffect(() => {
    rest<Session>('GET', '/api/session').then(setSession, () => setSession(null));
  }, []);
  const signIn = useCallback(async (apiKey: string) => {
    setSession(await rest<Session>('POST', '/api/session', { api_key: apiKey }));
  }, []);
  const signOut = useCallback(async () => {
    await rest('DELETE', '/api/session').catch(() => undefined);
    setSession(null);
  }, []);
  const expired = useCallback(() => setSession(null), []);
  return <SessionContext.Provider value={{ session, signIn, signOut, expired }}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}
