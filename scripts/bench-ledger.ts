/**
 * The ledger's share of a run, measured apart (issue 16: load, validate and save within 250 ms for 2,000 findings
 * over 100 rounds): a ledger of that size saved to and restored from the Actions cache stand-in through the action's
 * own CacheStore (the real @actions/cache, tar and zstd), parsed and checked against the schema, serialized again.
 * In this process, so the module's loading is left out (a run's figures in bench.ts include it).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CacheFake } from '../__fixtures__/harness/cache-fake.js'
import { aFinding, aLedger, anInvocation, aRound, BASE, HEAD } from '../__fixtures__/ledgers.js'
import { parseLedger, serializeLedger } from '../src/ledger/codec.js'
import { CacheStore } from '../src/ledger/cache-store.js'
import type { Ledger } from '../src/loop/model.js'

const ROUNDS = 100
const FINDINGS = 2_000

/** 100 rounds of 20 findings each, every finding with a fix, evidence and a trace entry in its round. */
export function bigLedger(): Ledger {
  const findings: Ledger['findings'] = []
  const rounds: Ledger['rounds'] = []
  for (let r = 1; r <= ROUNDS; r++) {
    const ids: string[] = []
    for (let i = 0; i < FINDINGS / ROUNDS; i++) {
      const id = `F${findings.length + 1}`
      ids.push(id)
      findings.push(
        aFinding({
          id,
          round: r,
          file: `src/module-${i}/file-${r}.ts`,
          line: 10 + i,
          description: `Finding ${id}: the loop over the entries reads one element past the end when the list is empty, so a caller gets undefined where it expects a value (round ${r}).`,
          evidence: `for (let i = 0; i <= list.length; i++) use(list[i])`,
          expectation: 'every index read is inside the list',
          fix: {
            start_line: 10 + i,
            end_line: 10 + i,
            replacement: '    for (let i = 0; i < list.length; i++) use(list[i])'
          },
          outcome: r < ROUNDS ? { kind: 'applied', commit: HEAD } : { kind: 'pending' }
        } as Partial<Ledger['findings'][number]>)
      )
    }
    rounds.push(
      aRound({
        n: r,
        findings: ids,
        entries: ids.map(finding => ({ finding, slot: 'relay', outcome: { kind: 'pending' } }))
      } as Partial<Ledger['rounds'][number]>)
    )
  }
  return aLedger({
    invocations: [anInvocation({ base: BASE, head: HEAD })],
    rounds,
    findings,
    counters: { ...aLedger().counters, round: ROUNDS, finding: FINDINGS }
  } as Partial<Ledger>)
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN

/** Saves and loads the big ledger `runs` times; a table of medians. */
export async function ledgerBench(runs: number): Promise<string> {
  const ledger = bigLedger()
  const cache = await CacheFake.start()
  const temp = mkdtempSync(join(tmpdir(), 'review-loop-bench-ledger-'))
  const saved: Record<string, string | undefined> = {}
  const write = process.stdout.write.bind(process.stdout)
  const times = {
    serialize: [] as number[],
    save: [] as number[],
    load: [] as number[],
    parse: [] as number[]
  }
  let bytes = 0
  try {
    for (let i = 0; i < Math.max(runs, 3); i++) {
      const env: Record<string, string> = {
        ...cache.cacheEnvFor({
          ref: 'refs/heads/main',
          defaultBranch: 'main',
          runId: String(5000 + i)
        }),
        RUNNER_TEMP: temp
      }
      for (const [name, value] of Object.entries(env)) {
        saved[name] ??= process.env[name]
        process.env[name] = value
      }
      // @actions/core writes its debug lines to stdout.
      process.stdout.write = (() => true) as typeof process.stdout.write
      const store = new CacheStore({
        repository: 'octo/widgets',
        pr: 7,
        runId: String(5000 + i),
        runAttempt: '1',
        tempDir: temp
      })
      let t = performance.now()
      const text = serializeLedger({ ...ledger, revision: i + 1 })
      times.serialize.push(performance.now() - t)
      bytes = Buffer.byteLength(text)
      t = performance.now()
      await store.save(text, i + 1)
      times.save.push(performance.now() - t)
      t = performance.now()
      const loaded = await store.load(i + 1)
      times.load.push(performance.now() - t)
      if (!loaded) throw new Error('ledger bench: the saved revision could not be loaded')
      t = performance.now()
      const parsed = parseLedger(loaded.text, loaded.origin, 7)
      times.parse.push(performance.now() - t)
      if (parsed.findings.length !== FINDINGS) throw new Error('ledger bench: findings lost')
      process.stdout.write = write
    }
  } finally {
    process.stdout.write = write
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
    await cache.close()
    rmSync(temp, { recursive: true, force: true })
  }
  const m = (k: keyof typeof times) => median(times[k])
  const total = m('serialize') + m('save') + m('load') + m('parse')
  const ms = (x: number) => `${x.toFixed(0)} ms`
  return [
    `### ledger: ${FINDINGS.toLocaleString('en')} findings over ${ROUNDS} rounds, ${(bytes / 1024).toFixed(0)} KB of JSON (${times.save.length} runs, medians)`,
    '',
    '| serialize | save to the cache (tar, zstd, upload) | load from the cache | parse and validate | in all | goal |',
    '| --- | --- | --- | --- | --- | --- |',
    `| ${ms(m('serialize'))} | ${ms(m('save'))} | ${ms(m('load'))} | ${ms(m('parse'))} | ${ms(total)} | ${total <= 250 ? 'met' : 'not met'} (≤ 250 ms) |`
  ].join('\n')
}
