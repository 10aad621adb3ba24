/** What an e-mail field accepts (the server checks again): something@somewhere.tld, trimmed. */
export const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

/** The same minimum as every password (the server's MIN_ORGANISER_PASSWORD_LENGTH). */
export const MIN_PASSWORD_LENGTH = 8;
