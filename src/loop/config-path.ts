/** Where the repository's own review-loop settings live: the loader reads it, and the protocol never lets a fix edit it. */
export const CONFIG_PATH = '.github/review-loop.yml'
