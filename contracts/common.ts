import * as v from 'valibot';

/** Every error the API answers with: a 4xx/5xx status and this body. */
export const ErrorBody = v.object({ message: v.string() });
export type ErrorBody = v.InferOutput<typeof ErrorBody>;

/** A plain acknowledgement that carries a human-readable message. */
export const MessageBody = v.object({ message: v.string() });
export type MessageBody = v.InferOutput<typeof MessageBody>;

/**
 * A missing key is treated as an empty value, so the caller reads the field's own message
 * ("Email is required.") instead of a schema error.
 */
const present = <S extends v.GenericSchema<string, any>>(schema: S) => v.optional(schema, '');

export const Email = present(
  v.pipe(
    v.string('Email is required.'),
    v.trim(),
    v.nonEmpty('Email is required.'),
    v.maxLength(254, 'Email is too long.'),
    v.email('Please enter a valid email address.'),
    v.toLowerCase(),
  ),
);

/** The one password policy of the product (spec: reset password minimum length 8). */
export const PASSWORD_MIN_LENGTH = 8;
export const Password = present(
  v.pipe(
    v.string('Password is required.'),
    v.nonEmpty('Password is required.'),
    v.minLength(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters long.'),
    v.maxLength(256, 'Password is too long.'),
  ),
);

export const requiredText = (label: string, max = 200) =>
  present(
    v.pipe(
      v.string(`${label} is required.`),
      v.trim(),
      v.nonEmpty(`${label} is required.`),
      v.maxLength(max, `${label} must be at most ${max} characters.`),
    ),
  );
