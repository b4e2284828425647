// The test host page's globals as Node-side evaluate() callbacks see them (defined in host/host.ts).
export {};

declare global {
  var __relayDeliver: ((message: unknown) => void) | undefined;
  /** In the page (DOM lib types are not loaded on the Node side). */
  function requestAnimationFrame(callback: () => void): number;
  var obmcpHost: {
    connect(era?: 'legacy' | 'modern'): Promise<{ extensions: unknown; resources: unknown; era: string }>;
    mount(options: unknown): Promise<unknown>;
    setContext(id: string, update: unknown): Promise<void>;
    setWidth(id: string, width: number): Promise<void>;
    modelContexts(id: string): unknown[];
    hostRequests(id: string): unknown[];
  };
}
