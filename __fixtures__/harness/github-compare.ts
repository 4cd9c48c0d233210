/**
 * The GitHub stand-in's compare route (`GET /repos/{owner}/{repo}/compare/{basehead}`), answered from the bare
 * repository as GitHub does: the merge-base of the two, how far each is ahead, the head's commits since the merge-base
 * (paged; `files` left out, as GitHub leaves them off every page but the first when asked to page).
 */
import { nodeId } from './github-objects.js'
import { HttpError, type RouteRequest, type RouteResult } from './github-routes.js'

/** A commit as the REST API's `commit` schema has it, read from the stand-in's repository. */
function commitObject(req: RouteRequest, sha: string): Record<string, unknown> {
  const { fake } = req
  const full = fake.remote.fullName
  const api = `${fake.ctx.apiUrl}/repos/${full}`
  const [
    tree = '',
    parents = '',
    an = '',
    ae = '',
    ad = '',
    cn = '',
    ce = '',
    cd = '',
    ...message
  ] = fake.remote
    .git(['show', '-s', '--format=%T%n%P%n%an%n%ae%n%aI%n%cn%n%ce%n%cI%n%B', sha])
    .split('\n')
  return {
    url: `${api}/commits/${sha}`,
    sha,
    node_id: nodeId('Commit', parseInt(sha.slice(0, 7), 16)),
    html_url: `${fake.ctx.htmlUrl}/${full}/commit/${sha}`,
    comments_url: `${api}/commits/${sha}/comments`,
    commit: {
      url: `${api}/git/commits/${sha}`,
      author: { name: an, email: ae, date: new Date(ad).toISOString() },
      committer: { name: cn, email: ce, date: new Date(cd).toISOString() },
      message: message.join('\n').trimEnd(),
      comment_count: 0,
      tree: { sha: tree, url: `${api}/git/trees/${tree}` }
    },
    author: null,
    committer: null,
    parents: parents
      .split(' ')
      .filter(Boolean)
      .map(p => ({
        sha: p,
        url: `${api}/commits/${p}`,
        html_url: `${fake.ctx.htmlUrl}/${full}/commit/${p}`
      }))
  }
}

/** `base...head`: each side a branch or a commit of the repository. */
function compare(req: RouteRequest): RouteResult {
  const { fake } = req
  const basehead = decodeURIComponent(req.params.basehead ?? '')
  const [baseName, headName, extra] = basehead.split('...')
  if (!baseName || !headName || extra !== undefined) throw new HttpError(404, 'Not Found')
  const resolve = (name: string) =>
    fake.remote.branchSha(name) ?? fake.remote.resolve(`${name}^{commit}`)
  const base = resolve(baseName)
  const head = resolve(headName)
  if (!base || !head) throw new HttpError(404, 'Not Found')
  let mergeBase: string
  try {
    mergeBase = fake.remote.git(['merge-base', base, head]).trim()
  } catch {
    throw new HttpError(404, `No common ancestor between ${baseName} and ${headName}.`)
  }
  const count = (range: string) => Number(fake.remote.git(['rev-list', '--count', range]).trim())
  const ahead = count(`${base}..${head}`)
  const behind = count(`${head}..${base}`)
  const perPage = Math.min(Number(req.query.get('per_page') ?? 250), 250)
  const page = Math.max(Number(req.query.get('page') ?? 1), 1)
  const shas = fake.remote
    .git(['rev-list', '--reverse', `${base}..${head}`])
    .split('\n')
    .filter(Boolean)
    .slice((page - 1) * perPage, page * perPage)
  const api = `${fake.ctx.apiUrl}/repos/${fake.remote.fullName}`
  const html = `${fake.ctx.htmlUrl}/${fake.remote.fullName}`
  return {
    status: 200,
    body: {
      url: `${api}/compare/${basehead}`,
      html_url: `${html}/compare/${basehead}`,
      permalink_url: `${html}/compare/${base}...${head}`,
      diff_url: `${html}/compare/${basehead}.diff`,
      patch_url: `${html}/compare/${basehead}.patch`,
      base_commit: commitObject(req, base),
      merge_base_commit: commitObject(req, mergeBase),
      status:
        ahead === 0 && behind === 0
          ? 'identical'
          : behind === 0
            ? 'ahead'
            : ahead === 0
              ? 'behind'
              : 'diverged',
      ahead_by: ahead,
      behind_by: behind,
      total_commits: ahead,
      commits: shas.map(sha => commitObject(req, sha))
    }
  }
}

/** The routes this file serves, keyed by operationId. */
export const COMPARE_ROUTES: Record<string, (req: RouteRequest) => RouteResult> = {
  'repos/compare-commits-with-basehead': compare
}
