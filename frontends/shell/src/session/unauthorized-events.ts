/** Connects the API client's 401 answers to the session provider, which is created later. */
export interface UnauthorizedEvents {
  emit(): void;
  subscribe(listener: () => void): () => void;
}

export function createUnauthorizedEvents(): UnauthorizedEvents {
  const listeners = new Set<() => void>();
  return {
    emit: () => listeners.forEach((listener) => listener()),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
