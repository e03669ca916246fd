// Test helpers for users of navworld: exported as `navworld/testing`.

/** Version of this package. */
export const TESTING_VERSION = '0.1.0';
