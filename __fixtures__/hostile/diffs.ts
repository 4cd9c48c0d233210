/**
 * Diffs git prints of a pull request whose lines read as diff syntax (issue 15): an added `++ b/x` shows as `+++ b/x`,
 * a removed `-- a/x` as `--- a/x`. Each with the head-side hunk ranges a reader of the diff must find.
 */
const header = (path: string) => [
  `diff --git a/${path} b/${path}`,
  'index 1111111..2222222 100644',
  `--- a/${path}`,
  `+++ b/${path}`
]

export const DIFF_CASES: {
  name: string
  diff: string
  hunks: Record<string, [number, number][]>
}[] = [
  {
    name: "an added line reading as another file's header",
    diff: [
      ...header('src/a.js'),
      '@@ -1,2 +1,3 @@',
      ' one',
      '+++ b/src/b.js',
      ' two',
      '@@ -10,2 +11,3 @@',
      ' x',
      '+y',
      ' z',
      ...header('src/b.js'),
      '@@ -1 +1 @@',
      '-old',
      '+new',
      ''
    ].join('\n'),
    hunks: {
      'src/a.js': [
        [1, 3],
        [11, 13]
      ],
      'src/b.js': [[1, 1]]
    }
  },
  {
    name: 'added and removed lines reading as headers and hunk headers',
    diff: [
      ...header('src/a.js'),
      '@@ -1,3 +1,4 @@',
      '--- a/src/c.js',
      '+++ b/src/c.js',
      '+diff --git a/src/c.js b/src/c.js',
      '+@@ -1 +1,900 @@',
      ' kept',
      '\\ No newline at end of file',
      ''
    ].join('\n'),
    hunks: { 'src/a.js': [[1, 4]] }
  }
]
