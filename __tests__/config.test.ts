/** `.github/review-loop.yml`: parsing, every error shape, merging with the inputs, and reading it through GitHub's API. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import {
  ConfigurationError,
  readInputs,
  readSettings,
  resolveSettings
} from '../src/action/inputs.js'
import { loadRepoConfig } from '../src/config/load.js'
import { parseRepoConfig } from '../src/config/parse.js'
import { CONFIG_PATH, EMPTY_CONFIG, type RepoConfig } from '../src/config/types.js'
import { GitHubClient } from '../src/github/client.js'
import { mayAnswer } from '../src/run/commands.js'
import { Sandbox } from '../__fixtures__/harness/index.js'

const ORIGIN = '.github/review-loop.yml on main'
const parse = (text: string): RepoConfig => parseRepoConfig(text, ORIGIN)

/** The ConfigurationError message parsing `text` throws. */
function failure(text: string): string {
  try {
    parse(text)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError)
    return (error as Error).message
  }
  throw new Error(`expected ${JSON.stringify(text)} to be refused`)
}

const inputsOf =
  (values: Record<string, string>) =>
  (name: string): string =>
    values[name] ?? ''

describe('parsing the file', () => {
  it('reads every key, with both shorthands and the long forms', () => {
    const config =
      parse(`# yaml-language-server: $schema=https://example.invalid/review-loop-config.schema.json
rules:
  - docs/conventions/*.md
  - path: docs/api-guidelines.md
    applies-to: ['src/api/**']
  - path: docs/style.md
goal:
  path: docs/VISION.md
  section: Northstar
authority:
  - docs/architecture.md
  - AGENTS.md
protected:
  - src/security/**
answerers:
  - octo-maintainer
  - release-app[bot]
defaults:
  source: command
  driver: none
  landing: stacked
  ledger-store: directory
  ledger-dir: .review-loop
  next-round: none
  depth: deep
  model: gpt-5
  base-url: http://localhost:11434/v1
  openai-api-version: 2024-10-21
  review-budget: 200000
  source-timeout: '900'
  bot-login: my-app[bot]
`)
    expect(config).toEqual({
      origin: ORIGIN,
      rules: [
        { path: 'docs/conventions/*.md' },
        { path: 'docs/api-guidelines.md', appliesTo: ['src/api/**'] },
        { path: 'docs/style.md' }
      ],
      goal: { path: 'docs/VISION.md', section: 'Northstar' },
      authority: ['docs/architecture.md', 'AGENTS.md'],
      protected: ['src/security/**'],
      answerers: ['octo-maintainer', 'release-app[bot]'],
      defaults: {
        source: 'command',
        driver: 'none',
        landing: 'stacked',
        'ledger-store': 'directory',
        'ledger-dir': '.review-loop',
        'next-round': 'none',
        depth: 'deep',
        model: 'gpt-5',
        'base-url': 'http://localhost:11434/v1',
        'openai-api-version': '2024-10-21',
        'review-budget': '200000',
        'source-timeout': '900',
        'bot-login': 'my-app[bot]'
      }
    })
  })

  it('takes `goal: <path>` as {path}, and leaves absent keys absent and absent lists empty', () => {
    expect(parse('goal: docs/VISION.md\n')).toEqual({
      origin: ORIGIN,
      rules: [],
      goal: { path: 'docs/VISION.md' },
      protected: [],
      defaults: {}
    })
  })

  it('reads an empty file, a file of comments and an emptied key as no settings', () => {
    for (const text of ['', '# nothing yet\n', 'protected:\n  # - src/**\ndefaults:\n  depth:\n']) {
      expect(parse(text)).toEqual({ ...EMPTY_CONFIG, origin: ORIGIN })
    }
  })

  it('names the line of a YAML syntax error', () => {
    const message = failure('rules:\n  - a.md\ndefaults: {depth: deep\n')
    expect(message).toContain(`${ORIGIN}, line 3`)
    expect(message).toContain('not valid YAML')
    expect(failure('rules:\n  - a.md\n - b.md\n')).toMatch(/, line 3: not valid YAML/)
    expect(failure('rules:\n\t- a\n')).toContain('line 2: not valid YAML (Tabs are not allowed')
  })

  it('refuses a duplicated key as YAML does', () => {
    expect(failure('protected: [a]\nprotected: [b]\n')).toMatch(/line 2: not valid YAML/)
  })

  it('refuses an unknown key, suggesting the near one and listing the allowed keys', () => {
    const message = failure('rules: []\nprotect:\n  - src/security/**\n')
    expect(message).toBe(
      `${ORIGIN}, line 2: \`protect\` is not a key of this file; did you mean \`protected\`? (the keys are: rules, goal, authority, protected, answerers, defaults).`
    )
  })

  it('refuses an unknown key inside a rule and inside defaults, listing what belongs there', () => {
    expect(failure('rules:\n  - path: a.md\n    applies_to: [src/**]\n')).toContain(
      'line 3: `rules[0].applies_to` is not a key of `rules[0]`; did you mean `applies-to`? (the keys are: path, applies-to)'
    )
    const message = failure('defaults:\n  deepness: deep\n')
    expect(message).toContain('line 2: `defaults.deepness` is not a key of `defaults`')
    expect(message).toContain('source, driver, landing, ledger-store')
  })

  it('names the key path, the bad value and the fix for a bad default', () => {
    expect(failure('defaults:\n  source: command\n  depth: fast\n')).toBe(
      `${ORIGIN}, line 3: \`defaults.depth\` is "fast": use 'quick', 'standard' or 'deep'.`
    )
    expect(failure('defaults:\n  review-budget: 5\n')).toBe(
      `${ORIGIN}, line 2: \`defaults.review-budget\` is 5: give a whole number of characters, at least 10000.`
    )
    expect(failure('defaults:\n  base-url: localhost\n')).toContain(
      '`defaults.base-url` is "localhost": give a full URL'
    )
  })

  it('names the entry of a bad rule: `rules[2].applies-to`', () => {
    const message = failure(
      'rules:\n  - a.md\n  - b.md\n  - path: docs/api.md\n    applies-to: src/api/**\n'
    )
    expect(message).toBe(
      `${ORIGIN}, line 5: \`rules[2].applies-to\` is "src/api/**": give a list of globs of the changed files these rules govern, e.g. ['src/api/**'].`
    )
  })

  it('refuses a path outside the repository, a rule with no path, and a mapping goal with no path', () => {
    expect(failure('protected: [/etc/passwd]\n')).toContain(
      '`protected[0]` is "/etc/passwd": give a path or glob relative to the repository root'
    )
    expect(failure('authority:\n  - docs/../../secrets.md\n')).toContain('`authority[0]`')
    expect(failure('rules:\n  - applies-to: [src/**]\n')).toContain(
      'line 2: `rules[0].path` is missing'
    )
    expect(failure('goal:\n  section: Northstar\n')).toContain('`goal.path` is missing')
    expect(failure('goal: 42\n')).toContain(
      '`goal` is 42: give a path (goal: docs/VISION.md) or {path: docs/VISION.md, section: Northstar}'
    )
  })

  it('refuses a goal written as a glob: the goal is one file', () => {
    expect(failure('goal: docs/*.md\n')).toContain('line 1: `goal` is "docs/*.md": give a path')
    for (const glob of [
      'docs/**/VISION.md',
      'docs/VISION.{md,rst}',
      'docs/VISION?.md',
      'docs/[a]x.md'
    ]) {
      expect(failure(`goal: {path: "${glob}", section: Northstar}\n`)).toContain(
        `\`goal.path\` is ${JSON.stringify(glob)}`
      )
    }
    // Globs stay allowed where a list of files is meant.
    expect(parse('rules: [docs/*.md]\nauthority: [docs/*.md, AGENTS.md]\n').authority).toEqual([
      'docs/*.md',
      'AGENTS.md'
    ])
    expect(parse('goal: docs/VISION.md\n').goal).toEqual({ path: 'docs/VISION.md' })
  })

  it('refuses empty answerers and authority lists, and a login written with @', () => {
    expect(failure('answerers: []\n')).toContain(
      '`answerers` is an empty list: give a list of at least one login'
    )
    expect(failure('authority: []\n')).toContain('`authority` is an empty list')
    expect(failure('answerers:\n  - "@octo-maintainer"\n')).toContain(
      "line 2: `answerers[0]` is \"@octo-maintainer\": write the login without '@': 'octo-maintainer'."
    )
  })

  it('says that secrets and the command belong in the workflow, without echoing the secret', () => {
    const secret = failure('defaults:\n  openai-api-key: sk-very-secret\n')
    expect(secret).toContain('`defaults.openai-api-key` cannot be set here: a secret never belongs')
    expect(secret).toContain('${{ secrets.OPENAI_API_KEY }}')
    expect(secret).not.toContain('sk-very-secret')
    expect(failure('defaults:\n  github-token: ghp_x\n')).toContain('`defaults.github-token`')
    expect(failure('defaults:\n  command: rm -rf /\n')).toContain(
      "`defaults.command` cannot be set here: the command line is the workflow author's trusted configuration"
    )
    expect(failure('command: ./review.sh\n')).toContain('`command` cannot be set here')
  })

  it('points an input written at the top level to `defaults:`', () => {
    expect(failure('depth: deep\n')).toContain(
      'line 1: `depth` is not a key of this file: to give the input a default, put it under `defaults:`'
    )
  })

  it('lists every problem at once, each with its line', () => {
    const message = failure('protect: [a]\ndefaults:\n  depth: fast\nanswerers: []\n')
    expect(message.split('\n')).toEqual([
      `${ORIGIN} has 3 problems:`,
      expect.stringMatching(/^- line 4: `answerers` is an empty list/),
      expect.stringMatching(/^- line 3: `defaults.depth` is "fast"/),
      expect.stringMatching(/^- line 1: `protect` is not a key of this file/)
    ])
  })

  it('refuses aliases that expand without bound, and cuts a long bad value short', () => {
    const laughs = ['a: &a [x, x, x, x, x, x, x, x, x, x]']
    for (const n of ['b', 'c', 'd', 'e']) {
      const prev = String.fromCharCode(n.charCodeAt(0) - 1)
      laughs.push(`${n}: &${n} [${Array(10).fill(`*${prev}`).join(', ')}]`)
    }
    expect(failure(`${laughs.join('\n')}\n`)).toContain('not valid YAML')
    const message = failure(`goal: {path: ${'x'.repeat(200)}, section: [1]}\n`)
    expect(message).toContain('`goal.section` is [1]')
    expect(failure(`protected: ${JSON.stringify(['/' + 'y'.repeat(200)])}\n`)).toMatch(
      /`protected\[0\]` is "\/y{75}\.\.\.: /
    )
  })

  it('refuses a file that is not a mapping', () => {
    expect(failure('- docs/a.md\n')).toContain('the file must be a mapping of keys')
    expect(failure('just words\n')).toContain('not "just words"')
  })
})

describe('settings: an input set in the workflow, else the file, else the built-in default', () => {
  const config = parse('defaults:\n  depth: deep\n  review-budget: 200000\n  ledger-store: cache\n')

  it('lets a set input win over the file', () => {
    const inputs = readInputs(inputsOf({ 'github-token': 't', depth: 'quick' }))
    expect(resolveSettings(inputs, config)).toMatchObject({ depth: 'quick', reviewBudget: 200_000 })
  })

  it('takes the file default when the input is empty, else the built-in one', () => {
    const inputs = readInputs(inputsOf({ 'github-token': 't', depth: '  ' }))
    expect(resolveSettings(inputs, config)).toMatchObject({
      depth: 'deep',
      reviewBudget: 200_000,
      nextRound: 'dispatch',
      sourceTimeoutSeconds: 600
    })
    expect(resolveSettings(inputs, EMPTY_CONFIG)).toMatchObject({
      depth: 'standard',
      reviewBudget: 120_000,
      ledgerStore: 'cache',
      driver: 'auto'
    })
    expect(readSettings(inputsOf({ 'github-token': 't' })).depth).toBe('standard')
  })

  it('keeps the input errors as they were, naming the input', () => {
    expect(() => readInputs(inputsOf({ 'github-token': 't', depth: 'fast' }))).toThrow(
      `Input 'depth' has an invalid value "fast": use 'quick', 'standard' or 'deep'.`
    )
    expect(() => readInputs(inputsOf({}))).toThrow(/Input 'github-token'.*pass a token/)
  })

  it("names the file's key when a value from the file is what does not fit", () => {
    const directory = parse('defaults:\n  ledger-store: directory\n')
    const inputs = readInputs(inputsOf({ 'github-token': 't' }))
    expect(() => resolveSettings(inputs, directory)).toThrow(
      `\`defaults.ledger-store\` in ${ORIGIN} is 'directory' but 'ledger-dir' is empty`
    )
    // The workflow completes what the file began.
    const withDir = readInputs(inputsOf({ 'github-token': 't', 'ledger-dir': '/tmp/l' }))
    expect(resolveSettings(withDir, directory)).toMatchObject({
      ledgerStore: 'directory',
      ledgerDir: '/tmp/l'
    })
    const command = parse('defaults:\n  source: command\n')
    expect(() => resolveSettings(inputs, command)).toThrow(
      `\`defaults.source\` in ${ORIGIN} is 'command' but the input 'command' is empty`
    )
    expect(() =>
      resolveSettings(readInputs(inputsOf({ 'github-token': 't', 'ledger-store': 'directory' })))
    ).toThrow(/^Input 'ledger-store' is 'directory'/)
  })
})

describe('answerers', () => {
  it('lets anyone (with write access) answer without the key, and only the listed logins with it, in any case', () => {
    expect(mayAnswer({ config: EMPTY_CONFIG }, 'anyone')).toBe(true)
    const config = parse('answerers: [Octo-Maintainer]\n')
    expect(mayAnswer({ config }, 'octo-maintainer')).toBe(true)
    expect(mayAnswer({ config }, 'OCTO-MAINTAINER')).toBe(true)
    expect(mayAnswer({ config }, 'octo-author')).toBe(false)
  })
})

describe('reading the file through the contents API of the GitHub stand-in', () => {
  let world: Sandbox
  let github: GitHubClient
  beforeAll(async () => {
    world = await Sandbox.create({
      files: {
        'README.md': '# r\n',
        [CONFIG_PATH]: 'defaults:\n  depth: deep\nanswerers: [octo-maintainer]\n',
        'docs/a.md': 'a\n'
      }
    })
    world.remote.createBranch('feature', {
      files: { [CONFIG_PATH]: 'defaults:\n  depth: quick\n' }
    })
    world.remote.createBranch('bare', { files: { [CONFIG_PATH]: null } })
    // A symlink, which the harness's commit helper cannot write: plumbing.
    const git = (args: string[], input?: string) => world.remote.git(args, input).trim()
    const target = git(['hash-object', '-w', '--stdin'], 'docs/a.md')
    const base = world.remote.branchSha('main')!
    const tree = git(['mktree'], `${git(['ls-tree', base])}\n120000 blob ${target}\tlink.md\n`)
    const commit = git(['commit-tree', tree, '-p', base, '-m', 'link'])
    git(['update-ref', 'refs/heads/linked', commit])
    github = new GitHubClient(
      world.fake.actionToken,
      world.remote.owner,
      world.remote.repo,
      world.fake.url
    )
  })
  afterAll(async () => {
    expect(world.fake.violations).toEqual([])
    await world.dispose()
  })

  it("reads a file's text at a branch, and nothing where there is none", async () => {
    expect(await github.fileAt(CONFIG_PATH, 'main')).toBe(
      'defaults:\n  depth: deep\nanswerers: [octo-maintainer]\n'
    )
    expect(await github.fileAt(CONFIG_PATH, 'feature')).toBe('defaults:\n  depth: quick\n')
    expect(await github.fileAt(CONFIG_PATH, 'bare')).toBeUndefined()
    expect(await github.fileAt('nope.md', 'main')).toBeUndefined()
    expect(await github.fileAt('README.md', 'no-such-branch')).toBeUndefined()
    const long = 'x'.repeat(500) + '\n'
    world.remote.commit('feature', { 'docs/long.md': long })
    expect(await github.fileAt('docs/long.md', 'feature')).toBe(long)
  })

  it('refuses a directory and a symlink, saying what is there', async () => {
    await expect(github.fileAt('docs', 'main')).rejects.toThrow(
      'Reading docs on main failed: docs is a directory there, not a file'
    )
    await expect(github.fileAt('.github', 'main')).rejects.toThrow(/directory/)
    await expect(github.fileAt('link.md', 'linked')).rejects.toThrow(
      'link.md is a symlink there, not a file'
    )
  })

  it("loads the base branch's file, or the empty config without one", async () => {
    const config = await loadRepoConfig(github, 'main')
    expect(config).toMatchObject({
      origin: ORIGIN,
      answerers: ['octo-maintainer'],
      defaults: { depth: 'deep' }
    })
    expect(await loadRepoConfig(github, 'bare')).toBe(EMPTY_CONFIG)
    const asked = world.fake.requests.filter(r => r.operationId === 'repos/get-content')
    expect(asked.at(-1)!.path).toBe(
      `/repos/${world.remote.fullName}/contents/.github%2Freview-loop.yml?ref=bare`
    )
  })

  it('says that a broken file is fixed on the base branch', async () => {
    world.remote.createBranch('broken', { files: { [CONFIG_PATH]: 'protect: [a]\n' } })
    await expect(loadRepoConfig(github, 'broken')).rejects.toThrow(
      /`protect` is not a key of this file[^]*read from the base branch broken, never from the pull request/
    )
  })
})
