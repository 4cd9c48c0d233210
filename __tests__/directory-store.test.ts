import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import * as fs from 'node:fs/promises'
import * as os from 'node:os'
import * as path from 'node:path'
import { DirectoryStore } from '../src/ledger/directory-store.js'

let root: string

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'directory-store-'))
})

afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true })
})

async function freshDir(name: string): Promise<string> {
  const dir = path.join(root, name)
  await fs.mkdir(dir, { recursive: true })
  return dir
}

/** Makes a directory unwritable even for root (chmod does not stop root; the immutable flag does). */
function lock(dir: string): () => void {
  if (process.getuid?.() !== 0) {
    execFileSync('chmod', ['555', dir])
    return () => execFileSync('chmod', ['755', dir])
  }
  execFileSync('chattr', ['+i', dir])
  return () => execFileSync('chattr', ['-i', dir])
}

describe('DirectoryStore', () => {
  it('round-trips text at <dir>/<owner>/<repo>/pr-<N>.json and keeps the previous revision', async () => {
    const dir = await freshDir('round-trip')
    const store = new DirectoryStore({ dir, repository: 'octo/widgets', pr: 12 })
    expect(store.file).toBe(path.join(dir, 'octo', 'widgets', 'pr-12.json'))

    await store.save('{"revision":1}', 1)
    expect(await store.load()).toEqual({ text: '{"revision":1}', origin: `file ${store.file}` })
    expect(await store.loadPrevious()).toBeUndefined()

    await store.save('{"revision":2}', 2)
    expect((await store.load(1))?.text).toBe('{"revision":2}')
    expect((await store.loadPrevious())?.text).toBe('{"revision":1}')
    expect(await fs.readdir(path.dirname(store.file))).toEqual(['pr-12.json', 'pr-12.prev.json'])
  })

  it('keeps PRs and repositories apart', async () => {
    const dir = await freshDir('apart')
    await new DirectoryStore({ dir, repository: 'octo/widgets', pr: 1 }).save('a', 1)
    await new DirectoryStore({ dir, repository: 'octo/gadgets', pr: 1 }).save('b', 1)
    expect(
      (await new DirectoryStore({ dir, repository: 'octo/widgets', pr: 1 }).load())?.text
    ).toBe('a')
    expect(
      await new DirectoryStore({ dir, repository: 'octo/widgets', pr: 2 }).load()
    ).toBeUndefined()
  })

  it('returns undefined when the directory does not exist yet', async () => {
    const store = new DirectoryStore({
      dir: path.join(root, 'never', 'made'),
      repository: 'o/r',
      pr: 3
    })
    expect(await store.load()).toBeUndefined()
  })

  it('leaves the old file intact and no temporary files when a save fails part-way', async () => {
    const dir = await freshDir('failed-write')
    const store = new DirectoryStore({ dir, repository: 'o/r', pr: 4 })
    await store.save('good', 1)
    // A directory where the previous copy goes makes the save fail after its temp file is written.
    await fs.mkdir(store.previousFile)
    await fs.writeFile(path.join(store.previousFile, 'blocker'), 'x')

    await expect(store.save('newer', 2)).rejects.toThrow(
      /Could not save ledger revision 2 to .*pr-4\.json: .*previous ledger, if any, is unchanged/
    )
    expect((await store.load())?.text).toBe('good')
    expect((await fs.readdir(path.dirname(store.file))).sort()).toEqual([
      'pr-4.json',
      'pr-4.prev.json'
    ])
  })

  it('says the directory is not writable, and changes nothing', async () => {
    const dir = await freshDir('locked')
    const store = new DirectoryStore({ dir, repository: 'o/r', pr: 5 })
    await store.save('kept', 1)
    const unlock = lock(path.dirname(store.file))
    try {
      await expect(store.save('lost', 2)).rejects.toThrow(
        /permission denied\. Make the ledger directory writable/
      )
    } finally {
      unlock()
    }
    expect((await store.load())?.text).toBe('kept')
    expect(await fs.readdir(path.dirname(store.file))).toEqual(['pr-5.json'])
  })

  it('says so when the directory is a file', async () => {
    const file = path.join(root, 'a-file')
    await fs.writeFile(file, 'not a directory')
    const store = new DirectoryStore({ dir: file, repository: 'o/r', pr: 6 })
    await expect(store.save('x', 1)).rejects.toThrow(
      /Cannot create the ledger folder .*a file is in the way where a directory is needed/
    )
    await expect(store.load()).rejects.toThrow(/part of that path is a file, not a directory/)
  })

  it('refuses a repository that would leave the directory', () => {
    expect(() => new DirectoryStore({ dir: root, repository: '../etc', pr: 1 })).toThrow(
      /repository must be "owner\/repo"/
    )
    expect(() => new DirectoryStore({ dir: root, repository: 'o/r', pr: 0 })).toThrow(
      /pr must be a positive integer/
    )
  })
})
