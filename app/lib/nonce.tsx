import { createContext, useContext } from "react";

/**
 * The request's CSP nonce, given by app/entry.server.tsx to the scripts the document renders. In
 * the browser it is empty: browsers hide nonces from the DOM and scripts added later need none.
 */
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
