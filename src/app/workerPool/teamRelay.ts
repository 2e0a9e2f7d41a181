/**
 * The page's relay for the pool's team (src/worker/teamLink.ts): each worker gets a port, and a
 * message from one (a kernel's binding, with its shared memory) is forwarded to all the others.
 * Chrome passes shared memory through ports but not through a BroadcastChannel. A replaced
 * worker connects a new port; a terminated one is disconnected.
 */
export interface TeamRelay {
  /** A new worker's port (transfer it), and the function that disconnects it. */
  connect(): { port: MessagePort; disconnect(): void };
}

export function createTeamRelay(): TeamRelay {
  const ports = new Set<MessagePort>();
  return {
    connect() {
      const channel = new MessageChannel();
      const mine = channel.port1;
      mine.onmessage = (event: MessageEvent) => {
        for (const other of ports) if (other !== mine) other.postMessage(event.data);
      };
      ports.add(mine);
      return {
        port: channel.port2,
        disconnect() {
          ports.delete(mine);
          mine.close();
        },
      };
    },
  };
}
