import { Type, type Static, type TObject, type TProperties, type TSchema } from '@sinclair/typebox';

/** Accepted shape of ids in URLs (an unknown id is a 404, a malformed one a 400). */
export const ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';

/**
 * A string or null, written as `type: ['string', 'null']` rather than TypeBox's `anyOf`: the
 * response serialiser then writes it without trying each branch (the gallery lists thousands).
 */
export const NullableString = Type.Unsafe<string | null>({ type: ['string', 'null'] });

/** One of a few strings, as a plain `enum` (same reason as NullableString). */
export const StringEnum = <const T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });

/** A route parameter holding an id. */
export const IdParam = Type.String({ pattern: ID_PATTERN });

/**
 * `{ status, message }`: the body of every error (with a Portuguese message) and the answer of the
 * deletions.
 */
export const StatusMessage = Type.Object({
  status: Type.Integer(),
  message: Type.String(),
});
export type StatusMessage = Static<typeof StatusMessage>;

/** An object schema with all of `base`'s properties, then `fields` (as `{ ...base, ...fields }`). */
export const extend = <B extends TProperties, T extends TProperties>(base: TObject<B>, fields: T) => Type.Object({ ...base.properties, ...fields });

/** A success answer that says `{ status, message }` and more (a login, a new account, an upload). */
export const statusWith = <T extends TProperties>(fields: T) => extend(StatusMessage, fields);

/** The error body: `{ status, message }`. */
export const ErrorBody = StatusMessage;
export type ErrorBody = StatusMessage;

/** Response schemas of a route: its success answers plus the error body for every 4xx. */
export const answers = <T extends Record<number, TSchema>>(success: T) => ({ ...success, '4xx': ErrorBody });

/**
 * Issue 23: a client key, the secret a sender chooses per file (16 to 128 URL-safe characters; the
 * guest's queue sends 32 random bytes in base64url). Sent with the file, asked back by the
 * stored-files lookup.
 */
export const CLIENT_KEY_PATTERN = '^[A-Za-z0-9_-]{16,128}$';

/** An organiser's name, e-mail and new password, as the forms that make or edit an account take them (issue 27). */
export const PersonName = Type.String({ minLength: 1, maxLength: 120 });
export const EmailAddress = Type.String({ minLength: 3, maxLength: 320 });
export const NewPassword = Type.String({ minLength: 8, maxLength: 1024 });

/** A link's secret token in the URL (a password reset, a team invite): `/…/{token}`. */
export const LinkTokenParams = Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{16,64}$' }) });
export type LinkTokenParams = Static<typeof LinkTokenParams>;

/** A download ticket in a file's query (a browser's download cannot send the token's header). */
export const TicketParam = Type.Optional(Type.String({ maxLength: 2048 }));
