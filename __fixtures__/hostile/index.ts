/** The hostile corpus (issue 15): every case the tests run through what stores, renders or executes text. */
import { ADVERSARIAL } from './adversarial.js'
import { COMMENT_BODIES } from './comments.js'
import { DIFF_CASES } from './diffs.js'
import { ATTRIBUTE_CASES, BAD_REPLACEMENTS, GOOD_REPLACEMENTS } from './fixes.js'
import { BAD_PATHS, MARKUP_PATHS, ODD_GOOD_PATHS } from './paths.js'
import { DESCRIPTIONS } from './relayed.js'
import { encodingsOf, KNOWN_KEY, LISTED_KEY, SECRET_PATHS, SHAPED_SECRETS } from './secrets.js'

export * from './adversarial.js'
export * from './comments.js'
export * from './diffs.js'
export * from './fixes.js'
export * from './paths.js'
export * from './relayed.js'
export * from './secrets.js'

/** How many cases the corpus holds, by family. */
export const CORPUS_SIZE = {
  paths: BAD_PATHS.length + ODD_GOOD_PATHS.length + MARKUP_PATHS.length,
  comments: COMMENT_BODIES.length,
  descriptions: DESCRIPTIONS.length,
  secrets:
    encodingsOf(KNOWN_KEY).length +
    encodingsOf(LISTED_KEY).length +
    SHAPED_SECRETS.length +
    SECRET_PATHS.length,
  fixes: BAD_REPLACEMENTS.length + GOOD_REPLACEMENTS.length + ATTRIBUTE_CASES.length + 2,
  adversarial: ADVERSARIAL.length,
  diffs: DIFF_CASES.length
}
