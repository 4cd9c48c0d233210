/**
 * Inputs built to make a backtracking regular expression take quadratic (or worse) time: every expression over
 * untrusted text must stay linear on each (issue 15, item 10). 256 KB each; `adversarial(size)` builds the same
 * shapes at another size, so a test can compare the cost at n with the cost at 8n.
 */
export const ADVERSARIAL_BYTES = 256 * 1024

/** Each adversarial shape, about `size` characters long. */
export function adversarial(size: number): { name: string; text: string }[] {
  const rep = (unit: string): string => unit.repeat(Math.ceil(size / unit.length)).slice(0, size)
  return [
    ['dotted name run', rep('a.')],
    ['secret words in one run', rep('key.')],
    ['a secret word glued', rep('key')],
    ['a secret word then spaces', `token${' '.repeat(size)}!`],
    ['a secret word then colon spaces', `password:${' '.repeat(size)}!`],
    ['assignments without values', rep('token= ')],
    ['JWT starts in one run', rep('eyJ-')],
    ['JWT halves', rep('eyJaaaaaaaaa.')],
    ['URL scheme run', rep('a+')],
    ['URL credentials without @', rep('a://b:')],
    ['private key headers without an end', rep('-----BEGIN PRIVATE KEY-----')],
    ['private key header run', `-----BEGIN ${rep('A')}`],
    ['private key lines', `-----BEGIN PRIVATE KEY-----\n${rep('AAAA\n')}`],
    ['a private key header then spaces', `-----BEGIN PRIVATE KEY-----\n${' '.repeat(size)}!`],
    ['bearer without a value', rep('Bearer \t')],
    ['provider prefixes', rep('sk-')],
    ['GitHub prefixes', rep('ghp_')],
    ['HTML comment openers', rep('<!--')],
    ['Markdown comment lines', rep('[a]: #\n')],
    ['closing keywords then spaces', `closes${' '.repeat(size)}x`],
    ['closing keywords', rep('fixes: ')],
    ['fence openers', rep('```\n')],
    ['tilde fence openers', rep('~~~\n')],
    ['quote markers', rep('>')],
    ['emphasis', rep('_a')],
    ['strong emphasis', rep('*a')],
    ['nested quotes and lists', rep('> - ')],
    ['link openers', rep('[a](')],
    [
      'backtick runs of rising length',
      Array.from({ length: 700 }, (_, i) => '`'.repeat(i + 1) + 'a')
        .join('')
        .slice(0, size)
    ],
    ['mentions', rep('@a')],
    ['command prefixes', rep('/review-loop ')],
    ['carriage returns', rep('\r')],
    ['base64-looking text', rep('QUJD')],
    ['hex-looking text', rep('6a6b')],
    ['percent signs', rep('%7')],
    // A driver's answer (its fence), rule files (front matter, globs, headings, comments) and git's diff output.
    ['a fence then newlines', `\`\`\`${'\n'.repeat(size - 3)}`],
    ['fences each with a line', rep('```\na')],
    ['json fence openers', rep('```json\n')],
    ['a fence, blanks, no close', `\`\`\`json\n${rep(' \n')}`],
    ['unclosed braces inside unclosed braces', rep('{a,')],
    ['open braces', rep('{')],
    ['brace sequences', rep('{1..9}')],
    ['glob stars and slashes', rep('**/*')],
    ['front matter of empty keys', `---\n${rep('paths:\n  x\n')}`],
    ['front matter list items', `---\npaths:\n${rep('  - ')}`],
    ['front matter quotes', `---\nglobs: "${rep('\\"')}`],
    ['setext underlines', rep('a\n=\n')],
    ['rst underlines', rep('=')],
    ['heading closers', `# ${rep('# ')}`],
    ['block comment openers', rep('/*')],
    ['line comment markers', rep('//')],
    ['docstring quotes', rep('"""')],
    ['a word, blanks, a separator', `Foo${' '.repeat(size)}-`],
    ['arrows', rep('a > ')],
    ['order labels', rep('Order of precedence: ')],
    ['quoted git path escapes', `"${rep('\\303\\251')}"`],
    ['diff headers with quotes', rep('diff --git "a/x" "b/x\n')],
    ['hunk headers', rep('@@ -1 +1 @@\n+')],
    ['no newline markers', rep('\\ No newline at end of file\n')],
    ['name-status records', rep('R100\u0000a b\u0000c\nd\u0000')],
    // A commit message the PR's author writes (the loop reads its last paragraph for the loop's trailer).
    ['a commit message of blank lines, then a word', `${rep('\n \t')}x`]
  ].map(([name, text]) => ({ name: name!, text: text! }))
}

export const ADVERSARIAL = adversarial(ADVERSARIAL_BYTES)
