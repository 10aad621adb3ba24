/**
 * The options of a change pushed into a cached list (a socket's news, the screen's own action). SWR
 * drops the answer of a load that left before any change to its entry, so a change to a list still
 * loading would leave the screen without it for good. Such a list has nothing to change: it is
 * asked again instead, and that answer has what was heard.
 */
export const askAgainIfNotLoaded = { revalidate: (data: unknown) => data === undefined };
