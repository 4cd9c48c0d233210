/** Hostile paths a source can name for a finding's `file`: each must be refused at the edge (issue 15, item 6). */

/** A name for the case and the path. */
export interface HostilePath {
  name: string
  file: string
}

const long = (n: number) => `${'a/'.repeat(n / 2 - 1)}x.js`.slice(0, n)

export const BAD_PATHS: HostilePath[] = [
  { name: 'NUL byte inside', file: 'src/cli\u0000ent.js' },
  { name: 'NUL byte at the end', file: 'src/client.js\u0000' },
  { name: 'NUL byte then a climb', file: 'src/client.js\u0000/../../etc/passwd' },
  { name: 'newline', file: 'src/client.js\n/review-loop stop' },
  { name: 'carriage return', file: 'src/client.js\r' },
  { name: 'tab', file: 'src/\tclient.js' },
  { name: 'escape sequence', file: 'src/\u001b[31mclient.js' },
  { name: 'bell', file: 'src/client\u0007.js' },
  { name: 'DEL', file: 'src/client\u007f.js' },
  { name: 'C1 control', file: 'src/client\u0085.js' },
  { name: 'right-to-left override', file: 'src/client\u202Esj.txt' },
  { name: 'left-to-right isolate', file: 'src/\u2066client.js' },
  { name: 'line separator', file: 'src/client.js\u2028x' },
  { name: 'empty', file: '' },
  { name: 'spaces only', file: '   ' },
  { name: 'dot', file: '.' },
  { name: 'dot dot', file: '..' },
  { name: "git's own config", file: '.git/config' },
  { name: 'a nested git folder, in capitals', file: 'vendor/lib/.GIT/hooks/pre-commit' },
  { name: 'climb out', file: '../outside.js' },
  { name: 'climb out after a folder', file: 'src/../../outside.js' },
  { name: 'climb that stays inside', file: 'src/../src/client.js' },
  { name: 'dot segment in the middle', file: 'src/./client.js' },
  { name: 'dot segment at the end', file: 'src/.' },
  { name: 'dot dot at the end', file: 'src/..' },
  { name: 'double slash', file: 'src//client.js' },
  { name: 'trailing slash', file: 'src/' },
  { name: 'trailing slash on a file', file: 'src/client.js/' },
  { name: 'absolute', file: '/etc/passwd' },
  { name: 'absolute into the workspace', file: '/home/runner/work/repo/src/client.js' },
  { name: 'double slash root', file: '//server/share/x' },
  { name: 'backslash root', file: '\\windows\\system32' },
  { name: 'drive letter', file: 'C:/Windows/win.ini' },
  { name: 'drive letter, backslash', file: 'c:\\x.js' },
  { name: 'drive letter, relative', file: 'D:x.js' },
  { name: 'longer than 4,096 bytes', file: long(4097) },
  { name: 'far longer than 4,096 bytes', file: long(70_000) },
  { name: 'multibyte over 4,096 bytes', file: `src/${'é'.repeat(2100)}.js` },
  { name: 'git directory by a climb', file: 'src/../.git/config' },
  { name: 'dot slash then a climb', file: './../x.js' },
  { name: 'two leading dot slashes', file: '././src/client.js' }
]

/** Unusual paths that are still files of a repository: accepted (a leading `./` is read as the root). */
export const ODD_GOOD_PATHS: HostilePath[] = [
  { name: 'spaces inside', file: 'docs/read me.md' },
  { name: 'non-ASCII', file: 'src/naïve-日本.js' },
  { name: 'leading dot slash', file: './src/client.js' },
  { name: 'hidden file', file: '.github/review-loop.yml' },
  { name: 'three dots', file: 'src/.../x.js' },
  { name: 'exactly 4,096 bytes', file: long(4096) },
  { name: 'a dash first', file: '-rf.js' },
  { name: 'an @ and a backtick', file: 'src/@scope/`x`.js' }
]

/**
 * Valid paths whose characters mean something to Markdown or GitHub (a mention, a character reference, an HTML comment,
 * a link): wherever a comment names one, it pings no one and hides or links nothing.
 */
export const MARKUP_PATHS: HostilePath[] = [
  { name: 'a mention as a folder', file: 'src/@victim-user/x.js' },
  { name: 'a team mention as folders', file: 'lib/@victim-org/victim-team/y.js' },
  { name: 'a character reference for @', file: 'src/&#64;victim-user.js' },
  { name: 'an HTML comment', file: 'docs/<!-- x -->.md' },
  { name: 'a link after a backtick', file: 'src/`a`](https://example.com)/z.js' },
  { name: 'emphasis and a table bar', file: 'src/**bold**|_x_.js' }
]

/**
 * Paths a driver's answer names as a fix's further sites (and its writer edits): each marked `hostile` so a test can
 * tell whether any reached git. Every one fails `pathProblem`, so it is refused unread and never written.
 */
export const DRIVER_SITE_PATHS: HostilePath[] = [
  { name: 'climb out', file: '../hostile-climb.js' },
  { name: 'climb out after a folder', file: 'src/../../hostile-climb.js' },
  { name: 'absolute', file: '/tmp/hostile-absolute.js' },
  { name: 'drive letter', file: 'C:/hostile.js' },
  { name: 'NUL byte', file: 'src/hostile\u0000.js' },
  { name: "git's own folder", file: '.git/hostile/config' },
  { name: 'a nested git folder, in capitals', file: 'vendor/.GIT/hostile' },
  { name: 'newline and a command', file: 'src/hostile.js\n/review-loop stop' },
  { name: 'trailing slash', file: 'src/hostile/' }
]
