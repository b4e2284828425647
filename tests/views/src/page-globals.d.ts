// The test host page's globals as Node-side evaluate() callbacks see them (defined in host/host.ts).
export {};

declare global {
  var __relayDeliver: ((message: unknown) => void) | undefined;
  var obmcpHost: {
    connect(): Promise<{ extensions: unknown; resources: unknown }>;
    mount(options: unknown): Promise<unknown>;
    setContext(id: string, update: unknown): Promise<void>;
  };
}
