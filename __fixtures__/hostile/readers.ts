/**
 * Every reader of hostile text the corpus holds to linear cost (issue 15, item 10), by name: `readers(text)` gives each
 * piece of work prepared on that text, so a test can run it on one adversarial shape at n and at 8n and compare.
 */
import { KNOWN_KEY, LISTED_KEY } from './secrets.js'
import { parseJsonText } from '../../src/driver/answer.js'
import { parseHunks } from '../../src/loop/diff-review.js'
import { suggestionCommitted } from '../../src/loop/suggestion.js'
import { parseNameStatusZ, parseUnifiedZeroHunks, unquoteGitPath } from '../../src/git/diff.js'
import { announcesOrder, orderIn } from '../../src/intent/authority.js'
import { commentBlocks, designComments, intentMarker } from '../../src/intent/comments.js'
import { parseFrontMatter } from '../../src/intent/front-matter.js'
import {
  braceAlternatives,
  GlobSet,
  MAX_ALTERNATIVES,
  MAX_GLOB_LENGTH
} from '../../src/intent/globs.js'
import { isGoalHeading, projectNames } from '../../src/intent/goal.js'
import { headingsOf, unlink } from '../../src/intent/headings.js'
import { matchesGlobs, namesOf, nameCorrespondence, ruleNameWords } from '../../src/intent/match.js'
import { ruleCandidates } from '../../src/intent/rule-files.js'
import { parseCommands } from '../../src/loop/commands.js'
import { closingIssues } from '../../src/report/exit-handover.js'
import { relayedBlock, relayedInline, relayedProse } from '../../src/report/text.js'
import { redactText } from '../../src/sources/redact.js'
import { pathProblem } from '../../src/sources/review-response.js'
import { sanitiseUntrusted } from '../../src/sources/sanitise.js'

/** Work on one text, by name. */
export type Readers = Record<string, () => unknown>

/** What stores, renders or checks untrusted text: a source's answer, a comment, a relayed word, a path. */
export const expressions = (text: string): Readers => ({
  sanitise: () => sanitiseUntrusted(text),
  redact: () => redactText(text, [KNOWN_KEY, LISTED_KEY]),
  // A comment is at most 65,536 characters: the parser is held to that much.
  commands: () => parseCommands(`/review-loop stop\n${text.slice(0, 65_000)}`),
  relayed: () => [relayedBlock(text), relayedInline(text, 300), relayedProse(text)],
  closing: () => closingIssues(text, 'o/r', 1),
  path: () => pathProblem(text)
})

// git's parsers may refuse garbage, never take long over it.
const tolerant = (f: () => unknown): void => {
  try {
    f()
  } catch {
    // refused, as it should be: the cost is what is held here
  }
}

/** What reads a driver's answer, the repository's rule files and prose, and git's output (a hostile name reaches it). */
export const readers = (text: string): Readers => {
  const glob = text.slice(0, MAX_GLOB_LENGTH)
  const head = text.slice(0, 4096)
  const lines = text.split('\n').length
  const half = Math.max(1, Math.floor(lines / 2))
  const fix = { start_line: 1, end_line: half, replacement: `${text}\nx` }
  const halfText = text.split('\n', half).join('\n')
  return {
    answer: () => parseJsonText(text),
    frontMatter: () => [
      parseFrontMatter(text),
      parseFrontMatter(`---\nglobs: ${text}\n---\n`),
      parseFrontMatter(`---\n${text}\n---\n`)
    ],
    globs: () => [
      braceAlternatives(glob, MAX_ALTERNATIVES),
      GlobSet.of([glob]).matches(head),
      matchesGlobs(head, ['**/*.{ts,tsx}', 'src/**'])
    ],
    headings: () =>
      ['a.md', 'a.rst', 'a.adoc', 'a.txt'].map(path => [headingsOf(path, text), unlink(text)]),
    comments: () =>
      ['a.ts', 'a.py', 'a.html', 'a.sh'].map(path => [
        commentBlocks(path, text),
        designComments(path, text, { created: true, addedLines: new Set() }, 40, 20)
      ]),
    goal: () => [projectNames(text), isGoalHeading(text, ['foo']), intentMarker(text)],
    authority: () => [announcesOrder(text), orderIn('a.md', text, () => true)],
    names: () => [namesOf(text), ruleNameWords(text), nameCorrespondence(text, text)],
    ruleFiles: () => ruleCandidates([head], []),
    // A suggestion committed from the diff: the file is the author's, the fix the source's (half the file, as text).
    suggestion: () => [
      suggestionCommitted(text, fix, `${text}\ny`),
      suggestionCommitted(text, { ...fix, replacement: halfText }, text)
    ],
    hunks: () => [parseHunks(text), parseHunks(`diff --git a/x b/x\n+++ b/x\n${text}`)],
    diff: () =>
      [
        () => parseUnifiedZeroHunks(text),
        () => parseUnifiedZeroHunks(`diff --git a/x b/x\n${text}`),
        () => parseNameStatusZ(text),
        () => unquoteGitPath(`"${text}"`)
      ].forEach(tolerant)
  }
}
