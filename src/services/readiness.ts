// Readiness for load balancers: whether the store answers, and which kind of store it is.
import { pingStore, type Store } from '../store/database.ts';

export interface Readiness {
  /** Asks the store now; false when it does not answer. */
  check(): Promise<{ ready: boolean; store: string }>;
}

export function storeReadiness(store: Store): Readiness {
  return { check: async () => ({ ready: await pingStore(store), store: store.caps.kind }) };
}
