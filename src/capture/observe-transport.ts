/**
 * A transport wrapper that reads the negotiated protocol version from the `initialize`
 * response: the SDK client uses it but does not expose it for every transport.
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

export class ProtocolVersionObserver implements Transport {
  protocolVersion: string | undefined;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private initializeId: string | number | undefined;

  constructor(readonly inner: Transport) {
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message) => {
      this.observe(message);
      this.onmessage?.(message);
    };
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: Parameters<Transport["send"]>[1]): Promise<void> {
    if ("method" in message && message.method === "initialize" && "id" in message) this.initializeId = message.id;
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  private observe(message: JSONRPCMessage): void {
    if (this.initializeId === undefined || !("id" in message) || message.id !== this.initializeId) return;
    if ("result" in message) {
      const version = (message.result as { protocolVersion?: unknown }).protocolVersion;
      if (typeof version === "string") this.protocolVersion = version;
    }
  }
}
