export const id = 401;
export const ids = [401];
export const modules = {

/***/ 7401:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  parseRepoConfig: () => (/* binding */ parseRepoConfig)
});

// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(8815);
// EXTERNAL MODULE: ./src/action/inputs.ts
var inputs = __webpack_require__(1729);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 6 modules
var schemas = __webpack_require__(6921);
// EXTERNAL MODULE: ./src/config/types.ts
var types = __webpack_require__(2143);
;// CONCATENATED MODULE: ./src/config/schema.ts
/** The zod schema of `.github/review-loop.yml` as written (kebab-case keys), closed: an unknown key is an error. */



/** Relative to the repository root: no leading '/', no '..' segment, not blank. */
const RELATIVE_PATH = /^(?!\/)(?!(?:.*\/)?\.\.(?:\/|$))\S.*$/;
/** The inputs that carry a secret: never in a repository file. */
const SECRET_INPUTS = ['github-token', 'openai-api-key', 'anthropic-api-key'];
const pathOrGlob = schemas/* string */.YjP()
    .regex(RELATIVE_PATH)
    .describe('A path or glob relative to the repository root, e.g. docs/conventions/*.md');
/** A relative path naming one file: RELATIVE_PATH without glob characters (the goal is one file, never a pattern). */
const FILE_PATH = /^(?!\/)(?!(?:.*\/)?\.\.(?:\/|$))(?!.*[*?[\]{}])\S.*$/;
const goalPath = schemas/* string */.YjP()
    .regex(FILE_PATH)
    .describe('The path of one file relative to the repository root (not a glob), e.g. docs/VISION.md');
// YAML reads `review-budget: 200000` as a number; the inputs are strings, so a scalar is read as its text.
const scalarText = (v) => typeof v === 'number' || typeof v === 'boolean' ? String(v) : v;
const fileValue = (input) => schemas/* preprocess */.vkY(scalarText, inputs/* INPUT_SCHEMAS */.Qh[input]).optional();
// Object.fromEntries cannot type the keys it builds; the list is the type's own.
const defaultShape = Object.fromEntries(types/* DEFAULTABLE_INPUTS */.GP.map(input => [input, fileValue(input)]));
/** `.github/review-loop.yml`, as written. */
const RepoConfigFileSchema = schemas/* strictObject */.rej({
    rules: schemas/* array */.YOg(schemas/* union */.KCZ([
        pathOrGlob,
        schemas/* strictObject */.rej({
            path: pathOrGlob,
            'applies-to': schemas/* array */.YOg(pathOrGlob)
                .min(1)
                .optional()
                .describe('Globs of the changed files these rules govern.')
        })
    ]))
        .optional()
        .describe('Extra rule and intent locations (a path or glob, or {path, applies-to}), harvested like the rule files found by looking.'),
    goal: schemas/* union */.KCZ([
        goalPath,
        schemas/* strictObject */.rej({
            path: goalPath,
            section: schemas/* string */.YjP()
                .min(1)
                .optional()
                .describe('The heading of the section, e.g. Northstar.')
        })
    ])
        .optional()
        .describe('Where the project says what it is for: a file, or {path, section}.'),
    authority: schemas/* array */.YOg(pathOrGlob)
        .min(1)
        .optional()
        .describe('The order of authority among the project surfaces, highest first.'),
    protected: schemas/* array */.YOg(pathOrGlob)
        .optional()
        .describe('Globs of paths no fix may touch without a person.'),
    answerers: schemas/* array */.YOg(schemas/* string */.YjP().regex(inputs/* LOGIN_PATTERN */.NT))
        .min(1)
        .optional()
        .describe('Who may answer gates (GitHub logins, who need write access too). Absent: anyone with write access.'),
    defaults: schemas/* strictObject */.rej(defaultShape)
        .optional()
        .describe("Defaults for the action's inputs; an input set in the workflow wins. Never tokens, keys or `command`.")
})
    .meta({
    title: 'review-loop repository configuration (.github/review-loop.yml)',
    description: "Read from the pull request's base branch, never its head: a pull request cannot loosen its own guards."
});
/** The parsed file as the loop uses it: shorthands expanded, absent lists empty, defaults as input text. */
function toRepoConfig(file, origin) {
    const defaults = {};
    for (const input of types/* DEFAULTABLE_INPUTS */.GP) {
        const value = file.defaults?.[input];
        if (value !== undefined)
            defaults[input] = String(value);
    }
    const goal = typeof file.goal === 'string' ? { path: file.goal } : file.goal;
    return {
        origin,
        rules: (file.rules ?? []).map(rule => typeof rule === 'string'
            ? { path: rule }
            : { path: rule.path, ...(rule['applies-to'] ? { appliesTo: rule['applies-to'] } : {}) }),
        ...(goal
            ? { goal: { path: goal.path, ...(goal.section ? { section: goal.section } : {}) } }
            : {}),
        ...(file.authority ? { authority: file.authority } : {}),
        protected: file.protected ?? [],
        ...(file.answerers ? { answerers: file.answerers } : {}),
        defaults
    };
}

// EXTERNAL MODULE: ./src/shared/errors.ts
var errors = __webpack_require__(8382);
;// CONCATENATED MODULE: ./src/config/parse.ts
/** Parses the text of `.github/review-loop.yml` into a RepoConfig, or fails naming the line, key, value and fix. */





const TOP_KEYS = Object.keys(RepoConfigFileSchema.shape);
const PATH_HINT = "give a path or glob relative to the repository root (no leading '/', no '..')";
const LOGIN_HINT = "give a GitHub login, e.g. 'octo-maintainer'";
/** The fix for a bad value, by key path with list indices as `[]`. */
const HINTS = {
    rules: 'give a list of paths or globs, each a string or {path: ..., applies-to: [globs]}',
    'rules[]': `${PATH_HINT}, or write {path: ..., applies-to: [globs]}`,
    'rules[].path': PATH_HINT,
    'rules[].applies-to': "give a list of globs of the changed files these rules govern, e.g. ['src/api/**']",
    'rules[].applies-to[]': "give a glob relative to the repository root, e.g. 'src/api/**'",
    goal: 'give a path (goal: docs/VISION.md) or {path: docs/VISION.md, section: Northstar}',
    'goal.path': 'give the path of one file relative to the repository root, not a glob (no * ? [ ] { }), e.g. docs/VISION.md',
    'goal.section': 'give the text of the heading, e.g. Northstar',
    authority: 'give a list of paths or globs, highest authority first (remove the key when the project declares no order)',
    'authority[]': PATH_HINT,
    protected: "give a list of globs, e.g. ['src/security/**']",
    'protected[]': PATH_HINT,
    answerers: "give a list of at least one login, e.g. ['octo-maintainer'] (remove the key to let anyone with write access answer)",
    'answerers[]': LOGIN_HINT,
    defaults: 'give a mapping of input names to values, e.g. `depth: deep`'
};
const ALLOWED_UNDER = {
    '': TOP_KEYS,
    defaults: types/* DEFAULTABLE_INPUTS */.GP,
    'rules[]': ['path', 'applies-to'],
    goal: ['path', 'section']
};
function keyPath(path) {
    return path.reduce((out, part) => typeof part === 'number' ? `${out}[${part}]` : out === '' ? part : `${out}.${part}`, '');
}
/** The path with list indices as `[]`: `rules[].applies-to`. */
const generic = (path) => keyPath(path).replace(/\[\d+\]/g, '[]');
function valueAt(root, path) {
    let at = root;
    for (const part of path) {
        if (at === null || typeof at !== 'object')
            return undefined;
        at = at[part];
    }
    return at;
}
function hintFor(path, value) {
    const where = generic(path);
    if (where === 'answerers[]' && typeof value === 'string' && value.startsWith('@'))
        return `write the login without '@': '${value.slice(1)}'`;
    if (path[0] === 'defaults' && typeof path[1] === 'string')
        return inputs/* INPUT_HINTS */.QQ[path[1]] ?? 'give the value as text';
    return HINTS[where] ?? 'see docs/config.md';
}
function distance(a, b) {
    const row = Array.from({ length: b.length + 1 }, (_, i) => i);
    for (let i = 1; i <= a.length; i++) {
        let diagonal = row[0];
        row[0] = i;
        for (let j = 1; j <= b.length; j++) {
            const above = row[j];
            row[j] = Math.min(above + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
            diagonal = above;
        }
    }
    return row[b.length];
}
function unknownKey(parent, key) {
    const at = keyPath([...parent, key]);
    if (SECRET_INPUTS.includes(key)) {
        return `\`${at}\` cannot be set here: a secret never belongs in a repository file; pass it in the workflow's \`with:\` (e.g. \`${key}: \${{ secrets.${key.toUpperCase().replace(/-/g, '_')} }}\`)`;
    }
    if (key === 'command') {
        return `\`${at}\` cannot be set here: the command line is the workflow author's trusted configuration and runs on the runner, so it belongs in the workflow's \`with:\`, never in a repository file`;
    }
    if (parent.length === 0 && types/* DEFAULTABLE_INPUTS */.GP.includes(key)) {
        return `\`${key}\` is not a key of this file: to give the input a default, put it under \`defaults:\` (defaults: {${key}: ...})`;
    }
    const allowed = ALLOWED_UNDER[generic(parent)] ?? [];
    const near = allowed.find(k => distance(k, key) <= Math.max(1, Math.floor(k.length / 4)));
    return `\`${at}\` is not a key of ${parent.length === 0 ? 'this file' : `\`${keyPath(parent)}\``}${near ? `; did you mean \`${near}\`?` : ''} (the keys are: ${allowed.join(', ')})`;
}
/** A value as the message shows it, cut short when long. */
function shown(value) {
    const text = JSON.stringify(value) ?? String(value);
    return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
/** Describes one zod issue as `[key path of the line, text]` entries. */
function describe(issue, root) {
    const path = issue.path;
    if (issue.code === 'unrecognized_keys') {
        return issue.keys.map(key => [[...path, key], unknownKey(path, key)]);
    }
    const value = valueAt(root, path);
    if (issue.code === 'invalid_union' && value !== null && typeof value === 'object') {
        // A mapping was meant as the {path, ...} form: report what is wrong inside it.
        const branch = issue.errors.find(branch => !branch.every(i => i.code === 'invalid_type' && i.path.length === 0));
        if (branch)
            return branch.flatMap(i => describe({ ...i, path: [...path, ...i.path] }, root));
    }
    if (issue.code === 'too_small' && Array.isArray(value))
        return [[path, `\`${keyPath(path)}\` is an empty list: ${hintFor(path, value)}`]];
    if (value === undefined)
        return [[path, `\`${keyPath(path)}\` is missing: ${hintFor(path, value)}`]];
    return [[path, `\`${keyPath(path)}\` is ${shown(value)}: ${hintFor(path, value)}`]];
}
/** The 1-based line of the key (in a mapping) or the item (in a list) at `path`, else of its nearest parent. */
function lineOf(doc, lines, path) {
    for (let n = path.length; n > 0; n--) {
        const parent = n === 1 ? doc.contents : doc.getIn(path.slice(0, n - 1), true);
        const last = path[n - 1];
        let node;
        if ((0,dist/* isMap */.jh)(parent))
            node = parent.items.find(p => (0,dist/* isScalar */.jn)(p.key) && p.key.value === last)?.key;
        else if ((0,dist/* isSeq */.oP)(parent) && typeof last === 'number')
            node = parent.items[last];
        if ((0,dist/* isNode */.Ll)(node) && node.range)
            return lines.linePos(node.range[0]).line;
    }
    const root = doc.contents;
    return root?.range ? lines.linePos(root.range[0]).line : undefined;
}
function withoutNulls(value) {
    if (value === null || typeof value !== 'object' || Array.isArray(value))
        return value;
    // An emptied key (`protected:` with every entry commented out) reads as absent, not as an error.
    return Object.fromEntries(Object.entries(value)
        .filter(([, v]) => v !== null)
        .map(([k, v]) => [k, k === 'defaults' ? withoutNulls(v) : v]));
}
/** Parses the file's text; `origin` ("… on main") names it in every error. */
function parseRepoConfig(text, origin) {
    const lines = new dist/* LineCounter */.HN();
    const doc = (0,dist/* parseDocument */.Tp)(text, { lineCounter: lines, prettyErrors: true, uniqueKeys: true });
    const syntax = doc.errors[0];
    if (syntax) {
        // An unclosed quote or bracket is reported past the end of the file; the last line is the one to look at.
        const last = text.replace(/\s+$/, '').split('\n').length;
        const at = syntax.linePos?.[0].line;
        const line = at === undefined ? undefined : Math.min(at, last);
        const what = syntax.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
        throw new inputs/* ConfigurationError */.j1(`${origin}${line ? `, line ${line}` : ''}: not valid YAML (${what}); fix the syntax there.`);
    }
    let value;
    try {
        value = doc.toJS({ maxAliasCount: 100 });
    }
    catch (error) {
        // A "billion laughs" file: aliases that expand without bound.
        throw new inputs/* ConfigurationError */.j1(`${origin}: not valid YAML (${(0,errors/* errorMessage */.g)(error)}); write the values out instead of through aliases.`);
    }
    const raw = withoutNulls(value);
    if (raw === undefined || raw === null)
        return { origin, rules: [], protected: [], defaults: {} };
    if (typeof raw !== 'object' || Array.isArray(raw)) {
        throw new inputs/* ConfigurationError */.j1(`${origin}: the file must be a mapping of keys (${TOP_KEYS.join(', ')}), not ${Array.isArray(raw) ? 'a list' : shown(raw)}; see docs/config.md.`);
    }
    const parsed = RepoConfigFileSchema.safeParse(raw);
    if (parsed.success)
        return toRepoConfig(parsed.data, origin);
    const problems = parsed.error.issues.flatMap(issue => describe(issue, raw));
    const located = problems.map(([path, text]) => {
        const line = lineOf(doc, lines, path);
        return `${line ? `line ${line}: ` : ''}${text}.`;
    });
    if (located.length === 1)
        throw new inputs/* ConfigurationError */.j1(`${origin}, ${located[0]}`);
    throw new inputs/* ConfigurationError */.j1(`${origin} has ${located.length} problems:\n${located.map(l => `- ${l}`).join('\n')}`);
}


/***/ })

};
