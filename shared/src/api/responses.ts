// zod/mini: account deletion and the site gate's lock parse this from small chunks.
import { undefined as nothing } from 'zod/mini';

/** A 204 No Content: no body at all. */
export const noContentSchema = nothing();
