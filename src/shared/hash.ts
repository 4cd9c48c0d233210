/** The one hash the loop's pure parts need: loop/ may not import node:crypto, whose other parts are not pure. */
import { createHash } from 'node:crypto'

/** The SHA-256 of `text`, as lowercase hex. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}
