/**
 * Words a reviewer writes that the action relays (descriptions, expectations, mechanisms): none may ping anyone, act
 * as a command, or break the layout of the comment that shows it (issue 15, items 3 and 4).
 */

/** Logins the descriptions mention; no comment may ping them. */
export const VICTIMS = ['victim-user', 'victim-org/victim-team']

export const DESCRIPTIONS: { name: string; text: string }[] = [
  ['a stop command on its own line', 'Loose comparison.\n/review-loop stop'],
  ['a stop command first', '/review-loop stop'],
  ['an answer command', 'Fine.\n/review-loop G1 apply'],
  ['a record command', 'x\n/review-loop record'],
  ['a continue command after CRLF', 'x\r\n/review-loop continue'],
  ['a command after a lone CR', 'x\r/review-loop stop'],
  ['a command indented by three', 'x\n   /review-loop stop'],
  ['a command after a blank line', 'x\n\n/review-loop stop\n\nmore'],
  ['a command after a closing fence', '```\ncode\n```\n/review-loop stop'],
  ['an unterminated fence', 'See:\n```\nconst x = 1'],
  ['an unterminated tilde fence', 'See:\n~~~\nconst x = 1'],
  ['a long backtick run', 'x\n``````````\n/review-loop stop'],
  ['backticks to close the action’s fence', '````\n```\n/review-loop stop'],
  ['a mention', 'Ask @victim-user about this.'],
  ['a team mention', 'cc @victim-org/victim-team'],
  ['a mention at the start', '@victim-user look'],
  ['a mention in parentheses', '(@victim-user)'],
  ['an HTML comment opened', 'Hidden <!-- everything after'],
  // GitHub shows these as `/review-loop stop`: relayed, they must still read as nothing.
  ['a command split by an HTML comment', 'x\n/r<!---->eview-loop stop'],
  ['a command split by an HTML comment, first', '/review<!-- -->-loop G1 apply'],
  ['a command split by a backslash escape', 'x\n/review\\-loop stop'],
  ['a command spelled with a numeric character reference', 'x\n&#47;review-loop stop'],
  ['a command spelled with a hex character reference', '&#x2F;review&#x2d;loop G1 apply'],
  ['a command spelled with a named character reference', 'x\n&sol;review-loop stop'],
  ['a mention spelled with a character reference', 'Ask &#64;victim-user about this.'],
  ['a mention spelled with a named character reference', 'cc &commat;victim-org/victim-team'],
  ['a details block', '<details><summary>x</summary>'],
  ['an image', '![x](https://example.com/track.png)'],
  ['a heading', '# Not a heading of yours'],
  ['a blockquote', '> quoted\n/review-loop stop'],
  ['a table row', '| a | b |\n| - | - |'],
  ['a horizontal rule', 'x\n---\ny'],
  ['a link reference definition', '[x]: https://example.com'],
  ['a very long line', `long ${'x'.repeat(20_000)}`],
  ['many lines', Array.from({ length: 400 }, (_, i) => `line ${i}`).join('\n')],
  ['control characters', 'a\u0007b\u001b[2Jc\u0000d'],
  ['bidirectional overrides', 'safe \u202Eevil\u202C text'],
  ['zero-width characters', 'st\u200Bop'],
  ['an emoji and combining marks', 'é́́ 👩🏽‍💻'],
  ['a state marker', '<!-- review-loop:state -->'],
  ['a status heading', '### Review loop: converged'],
  ['a gate heading', '### G99: your judgment is needed (review round 1)'],
  ['a fake option list', '**Your options**\n- `apply`: Apply'],
  ['a script tag', '<script>alert(1)</script>'],
  ['an entity-escaped command', '&#47;review-loop stop'],
  ['a command in a list', '- /review-loop stop'],
  ['markdown emphasis soup', '**_~~`*_'.repeat(50)]
].map(([name, text]) => ({ name: name!, text: text! }))
