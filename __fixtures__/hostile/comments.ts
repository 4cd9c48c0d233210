/**
 * Comment bodies and what a reader of the rendered comment sees as commands (issue 15, item 5): only lines of plain
 * paragraph text are commands. Each is run through the parser's table; a few end to end.
 */
import type { Command } from '../../src/loop/commands.js'

export interface HostileComment {
  name: string
  body: string
  commands: Command[]
}

const STOP: Command[] = [{ kind: 'stop' }]
const none: Command[] = []

export const COMMENT_BODIES: HostileComment[] = [
  { name: 'plain stop', body: '/review-loop stop', commands: STOP },
  { name: 'stop after prose', body: 'thanks\n/review-loop stop', commands: STOP },
  { name: 'CRLF line endings', body: 'ok\r\n/review-loop stop\r\n', commands: STOP },
  { name: 'lone CR line endings', body: 'ok\r/review-loop stop\r', commands: STOP },
  { name: 'indented by three spaces', body: '   /review-loop stop', commands: STOP },
  { name: 'backslash-escaped slash', body: '\\/review-loop stop', commands: STOP },
  {
    name: 'an HTML comment opening the line (an HTML block)',
    body: '<!-- x -->/review-loop stop',
    commands: none
  },
  { name: 'indented code block', body: 'text\n\n    /review-loop stop', commands: none },
  { name: 'indented code block by a tab', body: '\t/review-loop stop', commands: none },
  { name: 'HTML comment block', body: '<!--\n/review-loop stop\n-->', commands: none },
  { name: 'HTML comment after prose', body: 'hello <!--\n/review-loop stop\n-->', commands: none },
  { name: 'unclosed HTML comment', body: '<!--\n/review-loop stop', commands: none },
  { name: 'HTML block', body: '<details>\n/review-loop stop\n</details>', commands: none },
  { name: 'div block', body: '<div>\n/review-loop stop\n</div>', commands: none },
  { name: 'blockquote', body: '> /review-loop stop', commands: none },
  { name: 'lazy blockquote continuation', body: '> quoted\n/review-loop stop', commands: none },
  { name: 'nested blockquote', body: '> > /review-loop stop', commands: none },
  { name: 'fenced', body: '```\n/review-loop stop\n```', commands: none },
  { name: 'tilde fence', body: '~~~\n/review-loop stop\n~~~', commands: none },
  {
    name: 'fence closed early by a shorter one',
    body: '````\n```\n/review-loop stop\n````',
    commands: none
  },
  {
    name: 'tilde fence not closed by backticks',
    body: '~~~\n```\n/review-loop stop\n~~~',
    commands: none
  },
  { name: 'unclosed fence', body: '```\n/review-loop stop', commands: none },
  { name: 'fence with an info string', body: '```text\n/review-loop stop\n```', commands: none },
  { name: 'indented fence', body: '  ```\n/review-loop stop\n  ```', commands: none },
  { name: 'code span', body: '`/review-loop stop`', commands: none },
  { name: 'code span over two lines', body: 'see `x\n/review-loop stop` here', commands: none },
  { name: 'list item', body: '- /review-loop stop', commands: none },
  { name: 'numbered list item', body: '1. /review-loop stop', commands: none },
  { name: 'heading', body: '# /review-loop stop', commands: none },
  { name: 'setext heading', body: '/review-loop stop\n===', commands: none },
  { name: 'table cell', body: '| a |\n| - |\n| /review-loop stop |', commands: none },
  { name: 'mid-sentence', body: 'please run /review-loop stop', commands: none },
  { name: 'link text', body: '[/review-loop stop](https://example.com)', commands: none },
  { name: 'emphasis', body: '*/review-loop stop*', commands: none },
  { name: 'suffixed prefix', body: '/review-loopx stop', commands: none },
  { name: 'zero-width space inside', body: '/\u200Breview-loop stop', commands: none },
  {
    name: 'relayed by the action (inert)',
    body: '```text\n/\u200Breview-loop stop\n```',
    commands: none
  },
  {
    name: 'a command after a fence closes',
    body: '```\ncode\n```\n\n/review-loop stop',
    commands: STOP
  },
  {
    name: 'commands around hidden ones',
    body: '/review-loop G1 apply\n\n<!--\n/review-loop stop\n-->\n\n    /review-loop G2 apply\n\n/review-loop status',
    commands: [{ kind: 'answer', gate: 'G1', words: 'apply' }, { kind: 'status' }]
  },
  {
    name: 'answer words with a code span kept',
    body: '/review-loop G3 dismiss `x` is fine',
    commands: [{ kind: 'answer', gate: 'G3', words: 'dismiss `x` is fine' }]
  },
  {
    name: 'an overlong body is not read',
    body: `/review-loop stop\n${'a'.repeat(70_000)}`,
    commands: none
  },
  { name: 'NUL bytes around it', body: '\u0000\n/review-loop stop\n\u0000', commands: STOP },
  // Read as GitHub shows it (item 5): an HTML comment inside the word is nothing to a reader, who sees the command.
  {
    name: 'split by an empty HTML comment',
    body: '/r<!---->eview-loop G1 apply',
    commands: [{ kind: 'answer', gate: 'G1', words: 'apply' }]
  },
  {
    name: 'split by an HTML comment with words',
    body: '/review<!-- x -->-loop stop',
    commands: STOP
  },
  {
    name: 'split by an HTML comment over two lines',
    body: '/r<!--\n-->eview-loop stop',
    commands: STOP
  },
  { name: 'a backslash escape inside the word', body: '/review\\-loop stop', commands: STOP },
  {
    name: 'split by an unclosed HTML comment (text)',
    body: '/r<!--eview-loop stop',
    commands: none
  },
  {
    name: 'many fences, the last one unclosed',
    body: `${'```\n'.repeat(501)}/review-loop stop`,
    commands: none
  },
  { name: 'deep quotes', body: `${'>'.repeat(300)} /review-loop stop`, commands: none }
]
