// Public API of @navworld/mock-transport. Exports are named and explicit.

/** Version of this package. */
export const VERSION = '0.1.0';
