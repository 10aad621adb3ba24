/** Where `online` and `offline` events come from (window). */
export type ConnectivityEvents = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/**
 * Whether the queue may send now. The browser's events say when it goes offline and back; a request
 * that failed for want of a connection also counts as offline until the browser says `online`, so the
 * retry waits for that instead of spending its budget.
 */
export class Connectivity {
  offline: boolean;
  private waiters: Array<() => void> = [];

  constructor(
    private readonly events: ConnectivityEvents | null | undefined,
    private readonly changed: { online: () => void; offline: () => void },
    private readonly isOnline: () => boolean,
  ) {
    this.offline = !isOnline();
    events?.addEventListener('online', this.wentOnline);
    events?.addEventListener('offline', this.wentOffline);
  }

  /** Offline by the browser's word now, or since a request failed for want of a connection. */
  offlineNow(): boolean {
    return !this.isOnline() || this.offline;
  }

  /** Resolves at the browser's next `online`; until then the queue shows itself offline. */
  waitOnline(): Promise<void> {
    this.offline = true;
    this.changed.offline();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  dispose(): void {
    this.events?.removeEventListener('online', this.wentOnline);
    this.events?.removeEventListener('offline', this.wentOffline);
  }

  private wentOnline = () => {
    this.offline = false;
    const waiters = this.waiters;
    this.waiters = [];
    waiters.forEach((wake) => wake());
    this.changed.online();
  };

  private wentOffline = () => {
    this.offline = true;
    this.changed.offline();
  };
}
