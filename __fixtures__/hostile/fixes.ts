/** Replacements no fix may write, and repository content that fixes must respect (issue 15, item 7). */

export const BAD_REPLACEMENTS: { name: string; replacement: string }[] = [
  ['NUL byte', '  return status === 404\u0000'],
  ['bell', '  return status === 404 // \u0007'],
  ['backspace', '  return status === 404\b\b'],
  ['escape sequence', '  return status === 404 // \u001b[2J'],
  ['form feed', '\f  return status === 404'],
  ['vertical tab', '  return status === 404\u000b'],
  ['a lone carriage return', '  return status === 404\r// hidden'],
  ['DEL', '  return status === 404\u007f'],
  ['C1 control', '  return status === 404\u0085'],
  ['right-to-left override', '  return status === 404 // \u202Eevil'],
  ['right-to-left isolate', '  if (access !== "user\u2067 // admin\u2069") {'],
  ['Arabic letter mark', '  return status === 404 \u061C']
].map(([name, replacement]) => ({ name: name!, replacement: replacement! }))

/** Replacements that are fine: tabs, CRLF, non-ASCII. */
export const GOOD_REPLACEMENTS: { name: string; replacement: string }[] = [
  ['a tab', '\treturn status === 404'],
  ['CRLF', '  return status === 404\r\n  // done\r\n'],
  ['non-ASCII', '  return status === 404 // naïve 日本 👩🏽‍💻']
].map(([name, replacement]) => ({ name: name!, replacement: replacement! }))

/** A CRLF file of the pull request and a fix on it: the written file keeps CRLF on every line. */
export const CRLF_FILE = {
  path: 'src/windows.js',
  text: 'export function isGone(status) {\r\n  return status == 410\r\n}\r\n',
  line: 2,
  replacement: '  return status === 410'
}

/** A file the repository's attributes re-encode in the work tree: a fix on it is set aside, never written. */
export const REENCODED_FILE = {
  path: 'legacy/latin1.txt',
  attributes: { path: 'legacy/.gitattributes', text: '*.txt working-tree-encoding=ISO-8859-1\n' },
  text: 'status = loose\n',
  line: 1,
  replacement: 'status = strict'
}

/** `.gitattributes` cases for `workingTreeEncoding`: the files (root first), the path, the encoding expected. */
export const ATTRIBUTE_CASES: {
  name: string
  attributes: { dir: string; text: string }[]
  file: string
  encoding: string | undefined
}[] = [
  { name: 'none', attributes: [], file: 'a.txt', encoding: undefined },
  {
    name: 'by extension',
    attributes: [{ dir: '', text: '*.txt working-tree-encoding=UTF-16\n' }],
    file: 'x/a.txt',
    encoding: 'UTF-16'
  },
  {
    name: 'another extension',
    attributes: [{ dir: '', text: '*.txt working-tree-encoding=UTF-16\n' }],
    file: 'a.js',
    encoding: undefined
  },
  {
    name: 'UTF-8 is no re-encoding',
    attributes: [{ dir: '', text: '* working-tree-encoding=UTF-8\n' }],
    file: 'a.js',
    encoding: undefined
  },
  {
    name: 'anchored path',
    attributes: [{ dir: '', text: 'legacy/*.txt working-tree-encoding=ISO-8859-1\n' }],
    file: 'legacy/a.txt',
    encoding: 'ISO-8859-1'
  },
  {
    name: 'anchored path elsewhere',
    attributes: [{ dir: '', text: 'legacy/*.txt working-tree-encoding=ISO-8859-1\n' }],
    file: 'other/legacy/a.txt',
    encoding: undefined
  },
  {
    name: 'nested file',
    attributes: [{ dir: 'legacy', text: '*.txt working-tree-encoding=SHIFT-JIS\n' }],
    file: 'legacy/deep/a.txt',
    encoding: 'SHIFT-JIS'
  },
  {
    name: 'nested file, outside',
    attributes: [{ dir: 'legacy', text: '*.txt working-tree-encoding=SHIFT-JIS\n' }],
    file: 'a.txt',
    encoding: undefined
  },
  {
    name: 'unset deeper',
    attributes: [
      { dir: '', text: '*.txt working-tree-encoding=UTF-16\n' },
      { dir: 'src', text: '*.txt -working-tree-encoding\n' }
    ],
    file: 'src/a.txt',
    encoding: undefined
  },
  {
    name: 'globstar',
    attributes: [{ dir: '', text: 'docs/**/*.md working-tree-encoding=UTF-16LE\n' }],
    file: 'docs/a/b/c.md',
    encoding: 'UTF-16LE'
  },
  {
    name: 'a leading globstar names the root too',
    attributes: [{ dir: '', text: '**/*.txt working-tree-encoding=UTF-16\n' }],
    file: 'a.txt',
    encoding: 'UTF-16'
  },
  {
    name: 'a globstar between folders matches none',
    attributes: [{ dir: '', text: 'docs/**/*.md working-tree-encoding=UTF-16LE\n' }],
    file: 'docs/c.md',
    encoding: 'UTF-16LE'
  },
  {
    name: 'a bracket expression',
    attributes: [{ dir: '', text: '*.[ch] working-tree-encoding=ISO-8859-1\n' }],
    file: 'src/a.h',
    encoding: 'ISO-8859-1'
  },
  {
    name: 'a folder pattern names no file',
    attributes: [{ dir: '', text: 'legacy/ working-tree-encoding=UTF-16\n' }],
    file: 'legacy/a.txt',
    encoding: undefined
  },
  {
    name: 'many stars read as every file',
    attributes: [{ dir: '', text: '*a*a*a*a*b working-tree-encoding=UTF-16\n' }],
    file: 'src/x.js',
    encoding: 'UTF-16'
  },
  {
    name: 'comment line',
    attributes: [{ dir: '', text: '# *.txt working-tree-encoding=UTF-16\n' }],
    file: 'a.txt',
    encoding: undefined
  }
]
