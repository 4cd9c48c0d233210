export const id = 997;
export const ids = [997];
export const modules = {

/***/ 997:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   F: () => (/* binding */ secretsOf),
/* harmony export */   guardProcess: () => (/* binding */ guardProcess)
/* harmony export */ });
/* unused harmony export crashMessage */
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3838);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _constants_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(915);
/* harmony import */ var _secrets_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7911);
/* harmony import */ var _sources_redact_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7021);
/* harmony import */ var _shared_errors_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8382);
/**
 * The process-wide guard (issue 15, item 6): whatever fails outside the run's own error handling (a promise nobody
 * awaits rejecting, an exception thrown from a callback) ends the step failed with a message saying what happened and
 * what stands, the `status` output `blocked`, and nothing more written: the ledger stays as the last save left it.
 * Without it node prints a stack and exits, with no output, no summary, and the run's question unanswered.
 */






/** The secret values of `env`, read before the run deletes them from the process environment. */
function secretsOf(env) {
    return (0,_secrets_js__WEBPACK_IMPORTED_MODULE_3__/* .secretValues */ .VX)({}, env);
}
/** The message the step fails with, redacted: what failed, that nothing more was saved, and what to do. */
function crashMessage(error, secrets) {
    const what = error instanceof Error ? `${error.name}: ${error.message}` : (0,_shared_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .errorMessage */ .g)(error);
    const first = (0,_sources_redact_js__WEBPACK_IMPORTED_MODULE_4__/* .redactText */ .Rd)(what, secrets).split('\n')[0].slice(0, 1_000);
    return `review-loop stopped on an error it did not expect: ${first}. This run saved nothing more, so the ledger stands as the last save left it and the next run starts from there. Re-run the job; if it stops the same way, report it with this log.`;
}
/**
 * Installs the guard for a step started as a script (never on import: a tool that calls `run()` itself keeps its own
 * handlers). The first unexpected failure fails the step and exits; the log keeps its stack, redacted. Call `ended`
 * once the run has returned: a failure after that is a warning, and the step ends as the run left it.
 */
function guardProcess(env = process.env) {
    const secrets = secretsOf(env);
    let stopped = false;
    let ended = false;
    const stop = (error) => {
        if (stopped)
            return;
        stopped = true;
        if (ended) {
            // The run had ended and saved, and its outputs stand: a late failure (a library's stray promise) is said, and
            // the step ends as the run left it.
            const what = (0,_shared_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .errorMessage */ .g)(error);
            _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(`After the run ended: ${(0,_sources_redact_js__WEBPACK_IMPORTED_MODULE_4__/* .redactText */ .Rd)(what, secrets).split('\n')[0].slice(0, 1_000)}`);
            process.exit();
        }
        const message = crashMessage(error, secrets);
        try {
            _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setOutput */ .uH(_constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Outputs */ .tY.Status, 'blocked');
            if (error instanceof Error && error.stack) {
                _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .startGroup */ .Oh('The unexpected error, as node reported it');
                _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq((0,_sources_redact_js__WEBPACK_IMPORTED_MODULE_4__/* .redactText */ .Rd)(error.stack, secrets));
                _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .endGroup */ .N4();
            }
            _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setFailed */ .C1(message);
            const summary = env.GITHUB_STEP_SUMMARY;
            if (summary)
                (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.appendFileSync)(summary, `**review-loop stopped:** ${message}\n`);
        }
        finally {
            process.exit(1);
        }
    };
    process.on('unhandledRejection', stop);
    process.on('uncaughtException', stop);
    return { ended: () => (ended = true) };
}


/***/ }),

/***/ 7911:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BA: () => (/* binding */ secretInputsOf),
/* harmony export */   Dd: () => (/* binding */ holdSecrets),
/* harmony export */   Pu: () => (/* binding */ OTHER_KEY_VARIABLES),
/* harmony export */   VX: () => (/* binding */ secretValues),
/* harmony export */   al: () => (/* binding */ UNREAD_TOKEN_VARIABLES),
/* harmony export */   cN: () => (/* binding */ SECRET_INPUT_VARIABLES),
/* harmony export */   iY: () => (/* binding */ answerSecrets),
/* harmony export */   sQ: () => (/* binding */ PROVIDER_KEY_VARIABLES)
/* harmony export */ });
/* unused harmony exports SECRET_INPUTS, REDACT_INPUT, inputVariable, SECRET_VARIABLES */
/* harmony import */ var _sources_redact_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7021);
/**
 * The one list of what holds a secret: the action's secret inputs, the provider keys the sources and drivers read from
 * the step's environment, and the GitHub token variables a workflow may set for other tools. The crash guard's message,
 * a source's and a driver's answers, the log's masks, and what leaves the process environment are all derived from
 * it, so a name added here is redacted and dropped everywhere at once.
 */

/** The action inputs whose value is a secret (names as in action.yml). */
const SECRET_INPUTS = ['github-token', 'openai-api-key', 'anthropic-api-key'];
/** The input whose lines are further secret values, one a line. */
const REDACT_INPUT = 'secrets-to-redact';
/** The provider keys the sources and drivers read from the step's environment (src/action/step-env.ts). */
const PROVIDER_KEY_VARIABLES = [
    'OPENAI_API_KEY',
    'ANTHROPIC_API_KEY',
    'CODEX_API_KEY',
    'CLAUDE_CODE_OAUTH_TOKEN',
    'AZURE_OPENAI_API_KEY'
];
/**
 * Keys a workflow may set for an agent CLI that the action neither reads nor takes out of the environment: a `command`
 * source is not given them (src/sources/command.ts), and no answer carries them.
 */
const OTHER_KEY_VARIABLES = ['ANTHROPIC_AUTH_TOKEN'];
/** GitHub token variables a workflow may set for other tools: the action reads its token from its input only. */
const UNREAD_TOKEN_VARIABLES = [
    'GITHUB_TOKEN',
    'GH_TOKEN',
    'GH_ENTERPRISE_TOKEN',
    'GITHUB_ENTERPRISE_TOKEN'
];
/** The variable the runner passes an input in: `INPUT_` and the name in capitals, hyphens kept. */
const inputVariable = (input) => `INPUT_${input.toUpperCase()}`;
/** The variables of the secret inputs, `secrets-to-redact` among them. */
const SECRET_INPUT_VARIABLES = [...SECRET_INPUTS, REDACT_INPUT].map(inputVariable);
/** Variables whose whole value is a secret (names compared in capitals, as Windows compares them). */
const SECRET_VARIABLES = [
    ...SECRET_INPUTS.map(inputVariable),
    ...UNREAD_TOKEN_VARIABLES,
    ...PROVIDER_KEY_VARIABLES,
    ...OTHER_KEY_VARIABLES
];
/** Secret values the action took out of its process environment, kept in its memory so redaction still knows them. */
const held = new Set();
/** Keeps the secret values of `env` before they are deleted from it (src/sources/command.ts, `dropSecretInputs`). */
function holdSecrets(env) {
    for (const value of fromEnvironment(env))
        held.add(value);
}
function fromEnvironment(env) {
    const out = [];
    for (const [name, value] of Object.entries(env)) {
        const upper = name.toUpperCase();
        if (!value)
            continue;
        if (upper === inputVariable(REDACT_INPUT))
            out.push(...(0,_sources_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .secretLines */ ._o)(value));
        else if (SECRET_VARIABLES.includes(upper))
            out.push(value.trim());
    }
    return out;
}
/**
 * Every secret value a run holds: its secret inputs, the lines of `secrets-to-redact`, the secret variables of `env`,
 * and those the action already took out of its process environment. Each once, none empty.
 */
function secretValues(inputs, env = {}) {
    const values = [
        ...SECRET_INPUTS.map(name => inputs[name]?.trim()),
        ...(0,_sources_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .secretLines */ ._o)(inputs[REDACT_INPUT]),
        ...fromEnvironment(env),
        ...held
    ];
    return [...new Set(values.filter((s) => typeof s === 'string' && s !== ''))];
}
/**
 * The values a source's or a driver's answer is redacted with. Values under 8 characters are left out: they would
 * match ordinary words (the shapes of secrets are scrubbed besides, src/sources/sanitise.ts).
 */
function answerSecrets(inputs, env = {}) {
    return secretValues(inputs, env).filter(s => s.length >= 8);
}
/** The secret inputs of a run's settings. */
function secretInputsOf(settings) {
    return {
        'github-token': settings.githubToken,
        'openai-api-key': settings.openaiApiKey,
        'anthropic-api-key': settings.anthropicApiKey,
        'secrets-to-redact': settings.secretsToRedact
    };
}


/***/ }),

/***/ 7021:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ah: () => (/* binding */ redactOutcome),
/* harmony export */   Oi: () => (/* binding */ redactCorrection),
/* harmony export */   Rd: () => (/* binding */ redactText),
/* harmony export */   _o: () => (/* binding */ secretLines)
/* harmony export */ });
/* unused harmony export secretForms */
/* harmony import */ var _sanitise_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7954);
/**
 * Removes secrets from what a source returned, before it is stored or shown anywhere: the exact values of the keys the
 * action knows, also in simple encodings (base64 at all three alignments, also wrapped across lines, hex, URL
 * encoding, with separators between characters), and anything shaped like a secret (`scrubSecretShapes`), which
 * catches keys the action cannot know.
 */

const MARK = '[redacted]';
/** The shortest secret value whose encodings are looked for (shorter ones would match ordinary text). */
const MIN_SECRET = 8;
/** The base64 characters a secret alone decides, at each of the three byte alignments, standard and URL-safe. */
function base64Cores(secret) {
    const cores = [];
    for (let pad = 0; pad < 3; pad++) {
        const encoded = Buffer.concat([Buffer.alloc(pad), secret]).toString('base64');
        const start = Math.ceil((pad * 4) / 3);
        const end = Math.floor(((pad + secret.length) * 4) / 3);
        const core = encoded.slice(start, end);
        cores.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
    }
    return cores;
}
/** Every encoded form of one secret value that is looked for as a literal, longest first. */
function secretForms(secret) {
    const bytes = Buffer.from(secret, 'utf8');
    const hex = bytes.toString('hex');
    const percent = [...bytes].map(b => `%${b.toString(16).padStart(2, '0')}`).join('');
    const forms = new Set([
        secret,
        ...base64Cores(bytes),
        hex,
        hex.toUpperCase(),
        percent,
        percent.toUpperCase(),
        encodeURIComponent(secret)
    ]);
    return [...forms].filter(f => f.length >= MIN_SECRET).sort((a, b) => b.length - a.length);
}
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
/** The values of the `secrets-to-redact` input: one a line, blank lines and surrounding spaces left out. */
function secretLines(input) {
    return (input ?? '')
        .split(/\r?\n/)
        .map(line => line.trim())
        .filter(line => line !== '');
}
/**
 * Characters a leak may put between a secret's characters: spaces, line breaks, punctuation, and the invisible ones
 * (zero-width space, non-joiner and joiner, word joiner, soft hyphen): a reader sees, and copies, the key whole.
 */
const SEPARATORS = '[\\s\\-.,:;|/\\\\\'"`*_+\\u200B-\\u200D\\u2060\\u00AD]{0,3}';
/**
 * The secret with up to three separator characters between any two of its characters (`g h p _ …`, `g-h-p-…`,
 * one character a line). Linear in the text: each character of the secret is a literal between bounded runs.
 */
function separatedPattern(secret) {
    return new RegExp([...secret].map(escapeRegExp).join(SEPARATORS), 'g');
}
/** A line break, and the indentation after it, between two characters of a wrapped encoding (`base64`, PEM, YAML). */
const WRAP = '(?:\\r?\\n[ \\t]{0,8})?';
/**
 * The secret's base64 forms with a line break allowed between any two characters: `base64` wraps at 76 characters and
 * PEM at 64, so a key encoded inside a longer text is cut across lines. Linear in the text, as `separatedPattern` is.
 */
function wrappedPattern(secret) {
    const cores = base64Cores(Buffer.from(secret, 'utf8')).filter(c => c.length >= MIN_SECRET);
    return new RegExp([...new Set(cores)].map(core => [...core].map(escapeRegExp).join(WRAP)).join('|'), 'g');
}
const patterns = new Map();
const wraps = new Map();
/** The text with every known secret value (in any of its encodings) and anything shaped like a secret replaced. */
function redactText(text, secrets) {
    let out = text;
    for (const secret of secrets) {
        if (!secret)
            continue;
        for (const form of secret.length >= MIN_SECRET ? secretForms(secret) : [secret])
            out = out.split(form).join(MARK);
        if (secret.length < MIN_SECRET)
            continue;
        let separated = patterns.get(secret);
        if (!separated)
            patterns.set(secret, (separated = separatedPattern(secret)));
        out = out.replace(separated, MARK);
        let wrapped = wraps.get(secret);
        if (!wrapped)
            wraps.set(secret, (wrapped = wrappedPattern(secret)));
        out = out.replace(wrapped, MARK);
    }
    return (0,_sanitise_js__WEBPACK_IMPORTED_MODULE_0__/* .scrubSecretShapes */ .SH)(out).text;
}
function finding(f, secrets) {
    // The path too: a finding can name a file after a key (`keys/<token>.txt`), and the path is shown on every surface.
    const out = {
        ...f,
        file: redactText(f.file, secrets),
        description: redactText(f.description, secrets)
    };
    // A quote from the code can hold a secret the code itself holds: it is redacted like the rest.
    if (f.evidence !== undefined)
        out.evidence = redactText(f.evidence, secrets);
    if (f.expectation !== undefined)
        out.expectation = redactText(f.expectation, secrets);
    if (f.fix)
        out.fix = { ...f.fix, replacement: redactText(f.fix.replacement, secrets) };
    if (f.downgraded)
        out.downgraded = { ...f.downgraded, basis: redactText(f.downgraded.basis, secrets) };
    return out;
}
/** A malformed finding as sent, redacted as JSON text: kept as that text when redaction broke its JSON. */
function redactRaw(raw, secrets) {
    const text = redactText(JSON.stringify(raw ?? null), secrets);
    try {
        return JSON.parse(text);
    }
    catch {
        return text;
    }
}
function malformed(m, secrets) {
    return {
        ...m,
        raw: redactRaw(m.raw, secrets),
        problems: m.problems.map(p => redactText(p, secrets))
    };
}
/** A source's outcome with every secret value removed from its text. */
function redactOutcome(outcome, secrets) {
    if (outcome.kind === 'no-review') {
        return {
            ...outcome,
            cause: redactText(outcome.cause, secrets),
            returned: redactText(outcome.returned, secrets)
        };
    }
    const out = {
        ...outcome,
        findings: outcome.findings.map(f => finding(f, secrets)),
        malformed: outcome.malformed.map(m => malformed(m, secrets))
    };
    if (outcome.unmapped !== undefined)
        out.unmapped = redactText(outcome.unmapped, secrets);
    if (outcome.call !== undefined)
        out.call = redactText(outcome.call, secrets);
    if (outcome.direction) {
        out.direction = {
            mechanism: redactText(outcome.direction.mechanism, secrets),
            falsifier: redactText(outcome.direction.falsifier, secrets)
        };
    }
    return out;
}
/** A correction's result with every secret value removed. */
function redactCorrection(result, secrets) {
    return {
        findings: result.findings.map(f => finding(f, secrets)),
        malformed: result.malformed.map(m => malformed(m, secrets))
    };
}


/***/ }),

/***/ 7954:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   SH: () => (/* binding */ scrubSecretShapes),
/* harmony export */   zO: () => (/* binding */ sanitiseUntrusted)
/* harmony export */ });
/* unused harmony export SECRET_PLACEHOLDER */
/** Cleans text a pull request's author wrote before any model reads it: hidden comments, invisible characters, secrets. */
/** The visible stand-in for anything shaped like a secret. */
const SECRET_PLACEHOLDER = '[removed: looks like a secret]';
const KIND_ORDER = [
    'hidden-comment',
    'bidi-control',
    'invisible-character',
    'private-key',
    'github-token',
    'aws-access-key',
    'anthropic-key',
    'openai-key',
    'slack-token',
    'google-api-key',
    'npm-token',
    'jwt',
    'url-credentials',
    'credential'
];
// Embedding and isolate controls reorder what a reader sees against what a model reads (Trojan Source).
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;
// Format (Cf) and control (Cc) characters, lone surrogates, and characters that render as nothing
// although they are letters or marks (Hangul fillers, the combining grapheme joiner, Khmer inherent vowels).
const INVISIBLE = /[\p{Cf}\p{Cs}\u115F\u1160\u2028\u2029\u3164\uFFA0]|\u034F|\u17B4|\u17B5|\u180B|\u180C|\u180D|[^\n\t\P{Cc}]/gu;
// Variation selectors carry hidden bytes when stacked; one FE0E/FE0F after a character is ordinary emoji styling.
const VARIATION_SELECTORS = /(?:[\uFE00-\uFE0F]|[\u{E0100}-\u{E01EF}])+/gu;
// Only `-->` ends a comment here, even where HTML would end it sooner (`<!-->`): removing too much is the safe error.
const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
// `[//]: # (…)` and its kin: a link definition pointing nowhere, the Markdown idiom for a comment.
const MARKDOWN_COMMENT = /^ {0,3}\[[^\]\n]+\]:[ \t]*(?:#|<>)(?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'|\([^)\n]*\)))?[ \t]*$\n?/gm;
/** `-----BEGIN … PRIVATE KEY-----` through its own end marker: found with indexOf, once per marker kind. */
function privateKeyBlocks(text, count) {
    const begin = /-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY( BLOCK)?-----/g;
    const unended = new Set();
    let out = '';
    let last = 0;
    for (const m of text.matchAll(begin)) {
        if (m.index < last)
            continue;
        const end = `-----END ${m[1] ?? ''}PRIVATE KEY${m[2] ?? ''}-----`;
        if (unended.has(end))
            continue;
        const at = text.indexOf(end, m.index + m[0].length);
        if (at < 0) {
            unended.add(end);
            continue;
        }
        out += text.slice(last, m.index) + SECRET_PLACEHOLDER;
        last = at + end.length;
        count();
    }
    return out + text.slice(last);
}
const SECRET_WORDS = ['key', 'token', 'secret', 'password', 'passwd', 'pwd', 'credential', 'auth'];
/** A name-like run: where a `API_KEY`, `password` or `authToken` can stand. */
const NAME_RUN = /(?<![A-Za-z0-9_.-])[A-Za-z0-9_.-]+/g;
/** After a secret's name: a quote, an assignment or `is`, a quote, then the value (sticky, at the name's end). */
const AFTER_NAME = /["']?[ \t]*(?:(?:[:=]|=>|is(?=[ \t]))[ \t]*)?["'`]?([A-Za-z0-9+/_.=-]{16,})/y;
/**
 * The whole shape of a key the action's own ledger is saved under (src/ledger/cache-store.ts, `ledgerCacheKey`): the
 * repository's name reduced to `[A-Za-z0-9._-]`, the PR, an 8-digit revision, an optional 16-hex digest, the run and its
 * attempt. A message naming one (how to recover a revision) would otherwise read as `key <random value>`.
 */
const LEDGER_KEY = /^review-loop-ledger-[A-Za-z0-9._-]+-pr\d+-rev\d{8}(?:-[0-9a-f]{16})?-run\d+-\d+$/;
/**
 * A long random-looking value next to a word that names a secret (`API_KEY=…`, `password: "…"`, `token …`, or glued
 * on as `apiKey_…`): each name-like run is read once, and what follows it once.
 */
function namedCredentials(text, count) {
    let out = '';
    let last = 0;
    for (const m of text.matchAll(NAME_RUN)) {
        const run = m[0];
        const lower = run.toLowerCase();
        const wordEnd = Math.max(...SECRET_WORDS.map(w => {
            const at = lower.lastIndexOf(w);
            return at < 0 ? -1 : at + w.length;
        }));
        if (wordEnd < 0 || m.index < last || LEDGER_KEY.test(run))
            continue;
        // Glued on: what follows the word in the same run.
        const glued = /^[_.-]*/.exec(run.slice(wordEnd))[0].length + wordEnd;
        if (run.length - glued >= 16 && looksRandom(run.slice(glued))) {
            out += text.slice(last, m.index + glued) + SECRET_PLACEHOLDER;
            last = m.index + run.length;
            count();
            continue;
        }
        AFTER_NAME.lastIndex = m.index + run.length;
        const after = AFTER_NAME.exec(text);
        if (after && looksRandom(after[1]) && !LEDGER_KEY.test(after[1])) {
            const valueAt = after.index + after[0].length - after[1].length;
            out += text.slice(last, valueAt) + SECRET_PLACEHOLDER;
            last = after.index + after[0].length;
            count();
        }
    }
    return out + text.slice(last);
}
const SECRET_RULES = [
    { kind: 'private-key', scan: privateKeyBlocks },
    {
        // A block whose end marker is missing: the header and the base64 lines (and PEM headers) after it. The space after
        // a line's content is inside its optional group, so two runs of spaces never meet (a blank line of spaces is linear).
        kind: 'private-key',
        pattern: /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----(?:\n[ \t]*(?:(?:[A-Za-z0-9+/=]+|[A-Za-z-]+:[^\n]*)[ \t]*)?(?=\n|$))*/g
    },
    { kind: 'github-token', pattern: /(?<![A-Za-z0-9_])gh[pousr]_[A-Za-z0-9]{30,255}\b/g },
    { kind: 'github-token', pattern: /(?<![A-Za-z0-9_])github_pat_[A-Za-z0-9_]{20,255}/g },
    { kind: 'aws-access-key', pattern: /(?<![A-Za-z0-9_])(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b/g },
    { kind: 'anthropic-key', pattern: /(?<![A-Za-z0-9_-])sk-ant-[A-Za-z0-9_-]{20,}/g },
    {
        kind: 'openai-key',
        pattern: /(?<![A-Za-z0-9_-])sk-[A-Za-z0-9_-]{20,}/g,
        // A long hyphenated word after `sk-` is prose; a key mixes digits with capitals or runs long.
        replace: match => /\d/.test(match) && (/[A-Z]/.test(match) || match.length >= 40) ? SECRET_PLACEHOLDER : null
    },
    { kind: 'slack-token', pattern: /(?<![A-Za-z0-9_-])xox[abposre]-[A-Za-z0-9-]{10,}/g },
    { kind: 'slack-token', pattern: /(?<![A-Za-z0-9_-])xapp-\d-[A-Za-z0-9-]{10,}/g },
    {
        kind: 'slack-token',
        pattern: /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9/_-]+/g
    },
    { kind: 'google-api-key', pattern: /(?<![A-Za-z0-9_-])AIza[0-9A-Za-z_-]{35}\b/g },
    { kind: 'npm-token', pattern: /(?<![A-Za-z0-9_])npm_[A-Za-z0-9]{36}\b/g },
    {
        kind: 'jwt',
        pattern: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g
    },
    {
        kind: 'url-credentials',
        pattern: /(?<![a-z0-9+.-])([a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:)([^\s@/]{3,})(@)/gi,
        replace: (_match, scheme, _password, at) => `${scheme}${SECRET_PLACEHOLDER}${at}`
    },
    {
        kind: 'credential',
        pattern: /(?<![A-Za-z0-9_])(Bearer[ \t]+)([A-Za-z0-9._~+/-]{16,}=*)/g,
        replace: (match, lead, value) => (looksRandom(value) ? `${lead}${SECRET_PLACEHOLDER}` : null)
    },
    { kind: 'credential', scan: namedCredentials }
];
/** Shannon entropy in bits per character. */
function entropy(text) {
    const counts = new Map();
    for (const ch of text)
        counts.set(ch, (counts.get(ch) ?? 0) + 1);
    let bits = 0;
    for (const count of counts.values()) {
        const p = count / text.length;
        bits -= p * Math.log2(p);
    }
    return bits;
}
/** Whether a value reads as generated rather than written: letters and digits mixed, and varied enough. */
function looksRandom(value) {
    const core = value.replace(/=+$/, '');
    if (core.length < 16 || !/\d/.test(core) || !/[A-Za-z]/.test(core))
        return false;
    return entropy(core) >= 3;
}
/** Every secret rule over `text`, in order, counting what each replaced. */
function applySecretRules(text, count) {
    let out = text;
    for (const rule of SECRET_RULES) {
        if ('scan' in rule) {
            out = rule.scan(out, () => count(rule.kind));
            continue;
        }
        out = out.replace(rule.pattern, (match, ...rest) => {
            // The arguments after the groups are the offset (a number) and the whole text.
            const groups = rest
                .slice(0, rest.findIndex(arg => typeof arg === 'number'))
                .map(g => (typeof g === 'string' ? g : ''));
            const replaced = rule.replace ? rule.replace(match, ...groups) : SECRET_PLACEHOLDER;
            if (replaced === null)
                return match;
            count(rule.kind);
            return replaced;
        });
    }
    return out;
}
/**
 * Replaces anything shaped like a secret (private key blocks, provider and GitHub token prefixes, bearer headers,
 * URL passwords, a random value named as a key or password) with a visible placeholder; nothing else changes. For
 * text a source or a command returned: a key no one told the action about is caught by its shape.
 */
function scrubSecretShapes(text) {
    let count = 0;
    return { text: applySecretRules(text, () => count++), count };
}
/**
 * Removes what a reader of the rendered PR cannot see but a model would read (hidden comments, invisible and
 * bidirectional control characters), and replaces anything shaped like a secret with a visible placeholder.
 */
function sanitiseUntrusted(text) {
    const counts = new Map();
    const count = (kind, n = 1) => {
        if (n > 0)
            counts.set(kind, (counts.get(kind) ?? 0) + n);
    };
    // CRLF is how GitHub stores descriptions, not a hidden character; a lone CR is one.
    let out = text.replace(/\r\n/g, '\n');
    // Invisible characters first, so none of them can split a comment marker or a token and hide it from the rules below.
    out = out.replace(BIDI, () => {
        count('bidi-control');
        return '';
    });
    out = out.replace(VARIATION_SELECTORS, (run, offset) => {
        const styling = offset > 0 && (run === '\uFE0E' || run === '\uFE0F');
        if (styling)
            return run;
        count('invisible-character', [...run].length);
        return '';
    });
    out = out.replace(INVISIBLE, ch => {
        count('invisible-character');
        return ch === '\u2028' || ch === '\u2029' ? '\n' : '';
    });
    out = out.replace(HTML_COMMENT, () => {
        count('hidden-comment');
        return '';
    });
    out = out.replace(MARKDOWN_COMMENT, () => {
        count('hidden-comment');
        return '';
    });
    out = applySecretRules(out, count);
    return {
        text: out,
        removed: KIND_ORDER.filter(kind => counts.has(kind)).map(kind => ({
            kind,
            count: counts.get(kind) ?? 0
        }))
    };
}


/***/ })

};
