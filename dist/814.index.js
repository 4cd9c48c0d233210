export const id = 814;
export const ids = [814,32];
export const modules = {

/***/ 915:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   G0: () => (/* binding */ Inputs),
/* harmony export */   Hl: () => (/* binding */ SOURCES),
/* harmony export */   e0: () => (/* binding */ DRIVERS),
/* harmony export */   gC: () => (/* binding */ Labels),
/* harmony export */   tY: () => (/* binding */ Outputs),
/* harmony export */   vF: () => (/* binding */ ACTIONS_BOT_EMAIL),
/* harmony export */   yQ: () => (/* binding */ ACTIONS_BOT_LOGIN)
/* harmony export */ });
/** Names that mirror action.yml: inputs, outputs, labels. */
const Inputs = {
    GithubToken: 'github-token',
    Source: 'source',
    Command: 'command',
    Driver: 'driver',
    DriverModel: 'driver-model',
    WriterModel: 'writer-model',
    Landing: 'landing',
    LedgerStore: 'ledger-store',
    LedgerDir: 'ledger-dir',
    NextRound: 'next-round',
    SourceTimeout: 'source-timeout',
    BotLogin: 'bot-login',
    Depth: 'depth',
    Model: 'model',
    BaseUrl: 'base-url',
    OpenaiApiKey: 'openai-api-key',
    OpenaiApiVersion: 'openai-api-version',
    AnthropicApiKey: 'anthropic-api-key',
    SecretsToRedact: 'secrets-to-redact',
    ReviewBudget: 'review-budget'
};
const Outputs = {
    Status: 'status',
    Round: 'round',
    Verdict: 'verdict',
    OpenGates: 'open-gates'
};
const Labels = {
    AwaitingDecision: 'review-loop: awaiting decision',
    Converged: 'review-loop: converged'
};
/** The login GITHUB_TOKEN acts as; used when the token cannot tell us who it is (GET /user answers 403 for it). */
const ACTIONS_BOT_LOGIN = 'github-actions[bot]';
const ACTIONS_BOT_EMAIL = '41898282+github-actions[bot]@users.noreply.github.com';
/** All review sources the contract names. */
const SOURCES = ['openai', 'anthropic', 'codex', 'claude-code', 'command'];
/** The values of the `driver` input: no driver, one chosen from the source, or a named one. */
const DRIVERS = ['none', 'auto', 'openai', 'anthropic', 'command'];


/***/ }),

/***/ 3566:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   vE: () => (/* binding */ readTrigger),
/* harmony export */   zQ: () => (/* binding */ isCommentRun)
/* harmony export */ });
/* unused harmony export fromPayload */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6921);
/* harmony import */ var _inputs_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1729);
/* harmony import */ var _loop_commands_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7378);
/* harmony import */ var _quick_answer_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(404);
/* harmony import */ var _shared_errors_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8382);
/** Reads what the triggering event asks of the loop, from the runner's event payload. */






const EVENTS = _quick_answer_js__WEBPACK_IMPORTED_MODULE_3__/* .HANDLED_EVENTS */ .b4;
/** Whether a run was started by a person's comment (in the conversation or in a thread): it answers, never starts work. */
function isCommentRun(trigger) {
    return trigger.kind === 'issue_comment' || trigger.kind === 'review_comment';
}
/**
 * The parts of each event's payload the loop reads, as GitHub sends them (checked against every example payload in
 * @octokit/webhooks-examples): anything else in the payload is left alone, and a part missing or of another type is
 * named in the error.
 */
const ID = zod__WEBPACK_IMPORTED_MODULE_4__/* .number */ .aig().int().positive();
const Repo = zod__WEBPACK_IMPORTED_MODULE_4__/* .object */ .Ikc({ full_name: zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP() });
// What starts the checkout early is only a hint (the run reads the pull request itself): a part of it absent shows
// nothing, but a part present of another type is an error as any other.
const PullPart = zod__WEBPACK_IMPORTED_MODULE_4__/* .object */ .Ikc({
    number: ID,
    state: zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP().optional(),
    draft: zod__WEBPACK_IMPORTED_MODULE_4__/* .boolean */ .zMY().optional(),
    head: zod__WEBPACK_IMPORTED_MODULE_4__/* .object */ .Ikc({ sha: zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP().optional(), ref: zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP().optional(), repo: Repo.nullish() })
        .optional(),
    base: zod__WEBPACK_IMPORTED_MODULE_4__/* .object */ .Ikc({ ref: zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP().optional(), repo: Repo.optional() }).optional()
});
const CommentPart = zod__WEBPACK_IMPORTED_MODULE_4__/* .object */ .Ikc({ id: ID, body: zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP(), user: zod__WEBPACK_IMPORTED_MODULE_4__/* .object */ .Ikc({ login: zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP() }) });
const PullRequestEvent = zod__WEBPACK_IMPORTED_MODULE_4__/* .object */ .Ikc({ pull_request: PullPart });
const IssueCommentEvent = zod__WEBPACK_IMPORTED_MODULE_4__/* .object */ .Ikc({ issue: zod__WEBPACK_IMPORTED_MODULE_4__/* .object */ .Ikc({ number: ID }), comment: CommentPart });
const ReviewCommentEvent = zod__WEBPACK_IMPORTED_MODULE_4__/* .object */ .Ikc({
    pull_request: zod__WEBPACK_IMPORTED_MODULE_4__/* .object */ .Ikc({ number: ID }),
    comment: CommentPart.extend({ in_reply_to_id: ID })
});
/** The payload's parts `schema` names, or a ConfigurationError naming each one missing or malformed, and the event. */
function parts(eventName, schema, payload) {
    const parsed = schema.safeParse(payload);
    if (parsed.success)
        return parsed.data;
    const problems = parsed.error.issues.map(issue => {
        const where = issue.path.map(p => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`));
        return `${where.join('').replace(/^\./, '') || '(the payload)'}: ${issue.message}`;
    });
    throw new _inputs_js__WEBPACK_IMPORTED_MODULE_1__/* .ConfigurationError */ .j1(`The ${eventName} event payload is not what GitHub sends (${problems.join('; ')}): run review-loop on the events GitHub delivers, or give GITHUB_EVENT_PATH a complete payload.`);
}
/** What a pull_request event shows of its pull request, when that is enough to start its checkout (`SeenPull`). */
function seenPull(pull) {
    const headRef = pull.head?.ref;
    const headSha = pull.head?.sha;
    const baseRef = pull.base?.ref;
    const own = pull.head?.repo?.full_name;
    if (pull.state !== 'open' || pull.draft !== false || !headRef || !headSha || !baseRef)
        return;
    if (!own || own !== pull.base?.repo?.full_name)
        return;
    return { headRef, headSha, baseRef };
}
/** Reads the event; anything the loop does not handle is `ignored` with the reason. */
function readTrigger(eventName, eventPath) {
    if (!eventName)
        throw new _inputs_js__WEBPACK_IMPORTED_MODULE_1__/* .ConfigurationError */ .j1('GITHUB_EVENT_NAME is not set: run review-loop as a step of a GitHub Actions workflow.');
    if (!EVENTS.includes(eventName)) {
        return { kind: 'ignored', reason: `the ${eventName} event is not one review-loop handles` };
    }
    if (!eventPath)
        throw new _inputs_js__WEBPACK_IMPORTED_MODULE_1__/* .ConfigurationError */ .j1('GITHUB_EVENT_PATH is not set: the runner provides it for every event.');
    let payload;
    try {
        payload = JSON.parse((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(eventPath, 'utf8'));
    }
    catch (error) {
        throw new _inputs_js__WEBPACK_IMPORTED_MODULE_1__/* .ConfigurationError */ .j1(`The event payload at ${eventPath} could not be read: ${(0,_shared_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .errorMessage */ .g)(error)}`);
    }
    return fromPayload(eventName, payload);
}
/** Maps one event payload to a trigger (pure). */
function fromPayload(eventName, payload) {
    // What shows without the command grammar, as the entry file reads it (src/action/quick-answer.ts); then the rest.
    const quick = (0,_quick_answer_js__WEBPACK_IMPORTED_MODULE_3__/* .quickIgnore */ .EQ)(eventName, payload);
    if (quick !== undefined)
        return { kind: 'ignored', reason: quick };
    if (eventName === 'pull_request') {
        const action = payload.action ?? '';
        const pull = parts(eventName, PullRequestEvent, payload).pull_request;
        const seen = seenPull(pull);
        return { kind: 'pull_request', action, pr: pull.number, ...(seen ? { seen } : {}) };
    }
    if (eventName === 'issue_comment') {
        if (!(0,_loop_commands_js__WEBPACK_IMPORTED_MODULE_2__/* .hasCommand */ .mU)(payload.comment?.body ?? ''))
            return { kind: 'ignored', reason: 'the comment holds no /review-loop command' };
        const { issue, comment } = parts(eventName, IssueCommentEvent, payload);
        return {
            kind: 'issue_comment',
            pr: issue.number,
            commentId: comment.id,
            author: comment.user.login
        };
    }
    if (eventName === 'pull_request_review_comment')
        return fromReviewComment(payload);
    const raw = payload.inputs?.pr;
    const pr = typeof raw === 'number'
        ? raw
        : Number(String(raw ?? '')
            .trim()
            .replace(/^#/, ''));
    if (!Number.isInteger(pr) || pr < 1) {
        throw new _inputs_js__WEBPACK_IMPORTED_MODULE_1__/* .ConfigurationError */ .j1(`The workflow_dispatch input 'pr' is ${JSON.stringify(raw ?? null)}: give the pull request number (declare it under on.workflow_dispatch.inputs.pr).`);
    }
    return { kind: 'workflow_dispatch', pr };
}
/**
 * A review comment: only a reply (`created`, with `in_reply_to_id`) holding a command can answer; whether its thread is
 * a finding's is known once the ledger is read.
 */
function fromReviewComment(payload) {
    if (!(0,_loop_commands_js__WEBPACK_IMPORTED_MODULE_2__/* .hasCommand */ .mU)(payload.comment?.body ?? ''))
        return { kind: 'ignored', reason: 'the reply holds no /review-loop command' };
    const { pull_request, comment } = parts('pull_request_review_comment', ReviewCommentEvent, payload);
    return {
        kind: 'review_comment',
        pr: pull_request.number,
        commentId: comment.id,
        author: comment.user.login,
        inReplyTo: comment.in_reply_to_id
    };
}


/***/ }),

/***/ 1729:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ko: () => (/* binding */ readInputs),
/* harmony export */   Mo: () => (/* binding */ resolveSettings),
/* harmony export */   NT: () => (/* binding */ LOGIN_PATTERN),
/* harmony export */   QQ: () => (/* binding */ INPUT_HINTS),
/* harmony export */   Qh: () => (/* binding */ INPUT_SCHEMAS),
/* harmony export */   j1: () => (/* binding */ ConfigurationError)
/* harmony export */ });
/* unused harmony exports BUILT_IN_DEFAULTS, readSettings */
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3838);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6921);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9567);
/* harmony import */ var _config_types_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2143);
/* harmony import */ var _constants_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(915);
/** Parses the action's inputs, merged with the repository file's defaults, into a readonly, typed settings object. */




/** A configuration problem the workflow author must fix; its message names the input and the fix. */
class ConfigurationError extends Error {
    name = 'ConfigurationError';
}
/** A GitHub login, optionally an app's `[bot]` login. */
const LOGIN_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]*(\[bot\])?$/;
/** The rule a set (non-empty) value of each input must meet; the repository file's `defaults` are held to the same. */
const INPUT_SCHEMAS = {
    'github-token': zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().min(1),
    source: zod__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n(_constants_js__WEBPACK_IMPORTED_MODULE_2__/* .SOURCES */ .Hl),
    command: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
    driver: zod__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n(_constants_js__WEBPACK_IMPORTED_MODULE_2__/* .DRIVERS */ .e0),
    'driver-model': zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
    'writer-model': zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
    landing: zod__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n(['head', 'stacked']),
    'ledger-store': zod__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n(['cache', 'directory']),
    'ledger-dir': zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
    'next-round': zod__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n(['dispatch', 'push', 'none']),
    'bot-login': zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().regex(LOGIN_PATTERN),
    depth: zod__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n(['quick', 'standard', 'deep']),
    model: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
    'base-url': zod__WEBPACK_IMPORTED_MODULE_3__/* .url */ .OZ5(),
    'openai-api-key': zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
    'openai-api-version': zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
    'anthropic-api-key': zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
    'secrets-to-redact': zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
    'review-budget': zod__WEBPACK_IMPORTED_MODULE_4__/* .number */ .ai().int().min(10_000),
    'source-timeout': zod__WEBPACK_IMPORTED_MODULE_4__/* .number */ .ai()
        .int()
        .min(1)
        .max(6 * 3600)
};
/** What to write instead of a bad value, by input. */
const INPUT_HINTS = {
    source: `use one of ${_constants_js__WEBPACK_IMPORTED_MODULE_2__/* .SOURCES */ .Hl.join(', ')}, or leave it empty to let the action designate the one usable source`,
    driver: "use 'auto' (a driver chosen from the source and the keys present), 'openai', 'anthropic', 'command' (your command answers the verify, goal and classify roles) or 'none' (deterministic steps only)",
    landing: "use 'head' (fix commits on the PR branch) or 'stacked' (a branch and PR above it), or leave it empty to be asked",
    'ledger-store': "use 'cache' or 'directory'",
    'next-round': "use 'dispatch', 'push' or 'none'",
    'source-timeout': 'give a whole number of seconds between 1 and 21600',
    depth: "use 'quick', 'standard' or 'deep'",
    'base-url': 'give a full URL such as `http://localhost:11434/v1`',
    'review-budget': 'give a whole number of characters, at least 10000',
    'bot-login': 'give the login the token posts comments as, e.g. `my-app[bot]`',
    'github-token': 'pass a token, e.g. `github-token: ${{ github.token }}`'
};
/** The built-in defaults, used when neither the workflow nor the repository file sets the input. */
const BUILT_IN_DEFAULTS = {
    driver: 'auto',
    'ledger-store': 'cache',
    'next-round': 'dispatch',
    depth: 'standard',
    'review-budget': 120_000,
    'source-timeout': 600
};
const S = INPUT_SCHEMAS;
const D = BUILT_IN_DEFAULTS;
const SettingsSchema = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({
    githubToken: S['github-token'],
    source: S.source.optional(),
    command: S.command.optional(),
    driver: S.driver.default(D.driver),
    driverModel: S['driver-model'].optional(),
    writerModel: S['writer-model'].optional(),
    landing: S.landing.optional(),
    ledgerStore: S['ledger-store'].default(D['ledger-store']),
    ledgerDir: S['ledger-dir'].optional(),
    nextRound: S['next-round'].default(D['next-round']),
    botLogin: S['bot-login'].optional(),
    depth: S.depth.default(D.depth),
    model: S.model.optional(),
    baseUrl: S['base-url'].optional(),
    openaiApiKey: S['openai-api-key'].optional(),
    openaiApiVersion: S['openai-api-version'].optional(),
    anthropicApiKey: S['anthropic-api-key'].optional(),
    secretsToRedact: S['secrets-to-redact'].optional(),
    reviewBudget: S['review-budget'].default(D['review-budget']),
    sourceTimeoutSeconds: S['source-timeout'].default(D['source-timeout'])
});
const fieldToInput = {
    githubToken: _constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Inputs */ .G0.GithubToken,
    source: _constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Inputs */ .G0.Source,
    command: _constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Inputs */ .G0.Command,
    driver: _constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Inputs */ .G0.Driver,
    driverModel: _constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Inputs */ .G0.DriverModel,
    writerModel: _constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Inputs */ .G0.WriterModel,
    landing: _constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Inputs */ .G0.Landing,
    ledgerStore: _constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Inputs */ .G0.LedgerStore,
    ledgerDir: _constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Inputs */ .G0.LedgerDir,
    nextRound: _constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Inputs */ .G0.NextRound,
    sourceTimeoutSeconds: _constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Inputs */ .G0.SourceTimeout,
    botLogin: _constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Inputs */ .G0.BotLogin,
    depth: _constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Inputs */ .G0.Depth,
    model: _constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Inputs */ .G0.Model,
    baseUrl: _constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Inputs */ .G0.BaseUrl,
    openaiApiKey: _constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Inputs */ .G0.OpenaiApiKey,
    openaiApiVersion: _constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Inputs */ .G0.OpenaiApiVersion,
    anthropicApiKey: _constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Inputs */ .G0.AnthropicApiKey,
    secretsToRedact: _constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Inputs */ .G0.SecretsToRedact,
    reviewBudget: _constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Inputs */ .G0.ReviewBudget
};
function inputError(input, value, fallback) {
    return new ConfigurationError(`Input '${input}' has an invalid value ${JSON.stringify(value)}: ${INPUT_HINTS[input] ?? fallback}.`);
}
/** Reads every input the workflow set and checks each on its own; throws a ConfigurationError naming the input and the fix. */
function readInputs(getInput = n => _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getInput */ .V4(n)) {
    const out = {};
    for (const input of Object.values(_constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Inputs */ .G0)) {
        const value = getInput(input);
        if (value.trim() === '')
            continue;
        const checked = INPUT_SCHEMAS[input].safeParse(value);
        if (!checked.success)
            throw inputError(input, value, checked.error.issues[0].message);
        out[input] = value;
    }
    if (!out['github-token'])
        throw inputError(_constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Inputs */ .G0.GithubToken, '', 'a token is required');
    return Object.freeze(out);
}
const isDefaultable = (input) => _config_types_js__WEBPACK_IMPORTED_MODULE_1__/* .DEFAULTABLE_INPUTS */ .GP.includes(input);
/**
 * The settings: an input the workflow set wins, then the repository file's default, then the built-in default.
 * A problem with a value that came from the file names the file's key, not the input.
 */
function resolveSettings(inputs, config = { defaults: {} }) {
    const fromFile = new Set();
    const raw = {};
    for (const [field, input] of Object.entries(fieldToInput)) {
        let value = inputs[input];
        if (value === undefined && isDefaultable(input) && config.defaults[input] !== undefined) {
            value = config.defaults[input];
            fromFile.add(input);
        }
        raw[field] = value;
    }
    const where = config.origin ?? 'the repository file';
    const name = (input) => fromFile.has(input) ? `\`defaults.${input}\` in ${where}` : `Input '${input}'`;
    const parsed = SettingsSchema.safeParse(raw);
    if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const input = fieldToInput[String(issue.path[0])];
        throw new ConfigurationError(`${name(input)} has an invalid value ${JSON.stringify(raw[String(issue.path[0])] ?? '')}: ${INPUT_HINTS[input] ?? issue.message}.`);
    }
    const s = parsed.data;
    if (s.ledgerStore === 'directory' && !s.ledgerDir) {
        throw new ConfigurationError(`${name(_constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Inputs */ .G0.LedgerStore)} is 'directory' but 'ledger-dir' is empty: set 'ledger-dir' to the folder that keeps the ledgers.`);
    }
    if (s.source === 'command' && !s.command) {
        throw new ConfigurationError(`${name(_constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Inputs */ .G0.Source)} is 'command' but the input 'command' is empty: set 'command' in the workflow to the command line that speaks the review-loop/1 protocol.`);
    }
    return Object.freeze(s);
}
/** Reads and validates every input, with built-in defaults only; throws a ConfigurationError naming the input and the fix. */
function readSettings(getInput = n => core.getInput(n)) {
    return resolveSettings(readInputs(getInput));
}


/***/ }),

/***/ 8814:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Sy: () => (/* binding */ writeSummary),
/* harmony export */   Xe: () => (/* binding */ ignore),
/* harmony export */   answeredIgnoredEvent: () => (/* binding */ answeredIgnoredEvent),
/* harmony export */   n0: () => (/* binding */ setOutputs)
/* harmony export */ });
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3838);
/* harmony import */ var _constants_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(915);
/* harmony import */ var _event_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3566);
/* harmony import */ var _inputs_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1729);
/* harmony import */ var _shared_errors_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8382);
/**
 * What a step reports of itself (its outputs and the job summary), and the answer to an event the loop does not act on,
 * given by the entry point before the rest of the action loads (src/index.ts): such a run starts as fast as it can.
 */





function setOutputs(status, round, verdict, openGates) {
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setOutput */ .uH(_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Outputs */ .tY.Status, status);
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setOutput */ .uH(_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Outputs */ .tY.Round, round === undefined ? '' : String(round));
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setOutput */ .uH(_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Outputs */ .tY.Verdict, verdict ?? '');
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setOutput */ .uH(_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Outputs */ .tY.OpenGates, openGates.join(' '));
}
/**
 * Writes the job summary. Without one to write to (GITHUB_STEP_SUMMARY unset or unwritable, as under a local runner
 * whose `.env` leaves it out) the run goes on and says so: what the step did stands, and the log holds the trace.
 */
async function writeSummary(text) {
    try {
        await _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .summary */ .z.addRaw(text).write();
    }
    catch (error) {
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .summary */ .z.emptyBuffer();
        const why = (0,_shared_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .errorMessage */ .g)(error);
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(`The job summary was not written (${why}). Set GITHUB_STEP_SUMMARY to a writable file to have it; the round's trace is in the status comment and this log.`);
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .startGroup */ .Oh('Summary (not written to the job summary)');
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(text);
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .endGroup */ .N4();
    }
}
/** Says why the run does nothing, in the log, the outputs and the job summary. */
async function ignore(reason) {
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`Nothing for review-loop: ${reason}`);
    setOutputs('ignored', undefined, undefined, []);
    await writeSummary(`review-loop: nothing to do (${reason}).\n`);
}
/**
 * Answers an event the loop does not handle (the inputs read as the run would, then the event) and returns true; false
 * for any other, and for inputs or an event the run must report as wrong (src/main.ts does, as before).
 */
async function answeredIgnoredEvent() {
    try {
        (0,_inputs_js__WEBPACK_IMPORTED_MODULE_3__/* .readInputs */ .Ko)();
        const trigger = (0,_event_js__WEBPACK_IMPORTED_MODULE_2__/* .readTrigger */ .vE)(process.env.GITHUB_EVENT_NAME, process.env.GITHUB_EVENT_PATH);
        if (trigger.kind !== 'ignored')
            return false;
        await ignore(trigger.reason);
        return true;
    }
    catch {
        return false;
    }
}


/***/ }),

/***/ 2143:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $v: () => (/* binding */ EMPTY_CONFIG),
/* harmony export */   GP: () => (/* binding */ DEFAULTABLE_INPUTS),
/* harmony export */   tF: () => (/* reexport safe */ _loop_config_path_js__WEBPACK_IMPORTED_MODULE_0__.t)
/* harmony export */ });
/* harmony import */ var _loop_config_path_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3092);
/** The repository's own review-loop settings, read from `.github/review-loop.yml` on the PR's base branch. */
/** Where the file lives in the repository. */

/** The action inputs the file may give defaults for (never tokens, keys or `command`). */
const DEFAULTABLE_INPUTS = [
    'source',
    'driver',
    'landing',
    'ledger-store',
    'ledger-dir',
    'next-round',
    'depth',
    'model',
    'driver-model',
    'writer-model',
    'base-url',
    'openai-api-version',
    'review-budget',
    'source-timeout',
    'bot-login'
];
/** The settings of a repository without the file. */
const EMPTY_CONFIG = Object.freeze({
    rules: [],
    protected: [],
    defaults: {}
});


/***/ }),

/***/ 7378:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Gr: () => (/* binding */ parseCommands),
/* harmony export */   mU: () => (/* binding */ hasCommand),
/* harmony export */   mZ: () => (/* binding */ parseThreadCommands),
/* harmony export */   yg: () => (/* binding */ threadTarget)
/* harmony export */ });
/* unused harmony exports MAX_NESTING, threadCommand */
/* harmony import */ var marked__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8022);
/* harmony import */ var _command_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7927);
/**
 * Parses `/review-loop` commands out of a PR comment, as GitHub renders it: the comment is read by a CommonMark/GFM
 * lexer (`marked`), and a command is taken only from the text of a top-level paragraph, which a reader sees as written.
 * Code blocks (fenced or indented, however they close), quotes (lazy continuation lines too), lists, headings, tables,
 * HTML blocks and comments, and code spans never carry one.
 */


const PREFIX = /^\/review-loop(?:\s+|$)/;
/** Stands where a paragraph held something a reader does not see as plain text (a code span): no command there. */
const NOT_TEXT = '\u0000';
/**
 * What a reader sees of a paragraph's text: HTML comments are nothing, code spans are not plain text (a line that
 * starts inside one starts with `NOT_TEXT`), a backslash escape is the character. Linear: every backtick run is paired
 * with the next run of the same length, read left to right once.
 */
function visibleText(text) {
    const hidden = (0,_command_text_js__WEBPACK_IMPORTED_MODULE_1__/* .withoutHtmlComments */ .a)(text);
    const runs = [...hidden.matchAll(/`+/g)].map(m => ({ at: m.index, length: m[0].length }));
    const later = new Map();
    runs.forEach((r, i) => {
        const list = later.get(r.length);
        if (list)
            list.push(i);
        else
            later.set(r.length, [i]);
    });
    const cursor = new Map();
    let out = '';
    let last = 0;
    for (let i = 0; i < runs.length; i++) {
        const open = runs[i];
        if (open.at < last)
            continue;
        const same = later.get(open.length);
        let k = cursor.get(open.length) ?? 0;
        while (k < same.length && same[k] <= i)
            k++;
        cursor.set(open.length, k);
        if (k >= same.length)
            continue;
        const close = runs[same[k]];
        const span = hidden.slice(open.at, close.at + close.length);
        out += hidden.slice(last, open.at) + NOT_TEXT + span.replace(/\n/g, `\n${NOT_TEXT}`);
        last = close.at + close.length;
        i = same[k];
    }
    out += hidden.slice(last);
    return out.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}
/** A line's leading chain of block containers (quote markers, list markers), each after at most three blanks. */
const CONTAINERS = /^(?:[ \t]{0,3}(?:>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$)))+/gm;
/** One container marker of such a chain. */
const CONTAINER = /[ \t]{0,3}(?:>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))/g;
/** The most containers one line opens that the lexer is given. */
const MAX_NESTING = 32;
/**
 * The comment with no line opening more than `MAX_NESTING` containers: the markers past that many are left out. marked
 * lexes each container's text again, so `> - > - …` on one line cost the square of its length (0.6 s on 64 KB) until
 * the lexer ran out of stack, and then the whole comment was read as holding no command. What is past the 32nd
 * container of a line is never top-level text, and it keeps its kind (a paragraph, a fence) inside the 32nd, so the
 * lines a reader sees as top-level paragraphs are the same.
 */
function shallow(body) {
    return body.replace(CONTAINERS, chain => {
        CONTAINER.lastIndex = 0;
        for (let n = 0; n < MAX_NESTING; n++)
            if (!CONTAINER.exec(chain))
                return chain;
        return chain.slice(0, CONTAINER.lastIndex);
    });
}
/**
 * The lines of the comment's top-level paragraphs, as a reader sees them. Only the block structure is lexed (marked's
 * inline lexer is quadratic on some input and is not needed: a command is a whole line of plain text).
 */
function paragraphLines(body) {
    let tokens;
    try {
        tokens = new marked__WEBPACK_IMPORTED_MODULE_0__/* .Lexer */ .JG({ gfm: true }).blockTokens(shallow(body.replace(/\r\n?/g, '\n')), []);
    }
    catch {
        return [];
    }
    return tokens
        .filter((t) => t.type === 'paragraph')
        .flatMap(p => visibleText(p.text).split('\n'));
}
function parseLine(text) {
    if (!PREFIX.test(text))
        return undefined;
    // A code span later in the line is kept as its text (`dismiss \`x\` is fine`).
    const line = text.split(NOT_TEXT).join('');
    const rest = line.replace(PREFIX, '');
    const [head = '', ...tail] = rest.split(/\s+/);
    const word = head.toLowerCase();
    if (word === 'stop' && tail.length === 0)
        return { kind: 'stop' };
    if (word === 'continue' && tail.length === 0)
        return { kind: 'continue' };
    if (word === 'status' && tail.length === 0)
        return { kind: 'status' };
    if (word === 'record' && tail.every(t => /^[dgfp]\d+,?$/i.test(t))) {
        const items = tail.map(t => t.replace(/,$/, '').toUpperCase());
        return { kind: 'record', items: [...new Set(items)] };
    }
    if (/^g\d+$/i.test(head)) {
        // The words are kept exactly as written after the gate ID.
        const words = rest.slice(head.length).trim();
        return words ? { kind: 'answer', gate: head.toUpperCase(), words } : { kind: 'unknown', line };
    }
    return { kind: 'unknown', line };
}
/** The comment's command lines, in order: only lines of top-level paragraph text. */
function parseCommands(body) {
    // Read as GitHub shows it: `/r<!---->eview-loop stop` and `\/review-loop stop` show as the command they spell.
    if (!(0,_command_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mayHoldCommand */ .U)(body))
        return [];
    const commands = [];
    for (const raw of paragraphLines(body)) {
        const command = parseLine(raw.trim());
        if (command)
            commands.push(command);
    }
    return commands;
}
/** Whether a comment holds at least one command line (cheap check before any API call). */
function hasCommand(body) {
    return parseCommands(body).length > 0;
}
/** The words a thread reply's short form cannot start with: they are commands of their own, whatever follows. */
const RESERVED = new Set(['stop', 'continue', 'status', 'record']);
/**
 * The gate a thread's finding belongs to, for the short form: the gates naming the finding that still stand (a gate
 * superseded by a newer review is not one; when every gate naming it was superseded, the newest is, so the reply says
 * it is no longer open). One such gate is the answer's; several are ambiguous; none leaves nothing to answer.
 */
function threadTarget(gates, finding) {
    const named = gates.filter(g => g.findings.includes(finding));
    const standing = named.filter(g => g.status !== 'superseded');
    const ids = standing.map(g => g.id);
    if (standing.length === 1)
        return { finding, gate: standing[0].id, gates: ids };
    if (standing.length === 0 && named.length > 0) {
        const newest = named.at(-1).id;
        return { finding, gate: newest, gates: [newest] };
    }
    return { finding, gates: ids };
}
/**
 * A command read in a reply in a finding's thread. `/review-loop G3 dismiss`, `stop`, `continue`, `status` and
 * `record` mean what they mean in the conversation; the short form `/review-loop <answer>` (any option key, or free
 * words for an open question) answers the finding's one gate, with the words kept exactly as written.
 */
function threadCommand(command, target) {
    if (command.kind !== 'unknown')
        return command;
    const rest = command.line.replace(PREFIX, '').trim();
    const head = (rest.split(/\s+/)[0] ?? '').toLowerCase();
    if (rest === '' || RESERVED.has(head) || /^g\d+$/.test(head))
        return command;
    if (target.gate)
        return { kind: 'answer', gate: target.gate, words: rest };
    return {
        kind: 'no-single-gate',
        line: command.line,
        finding: target.finding,
        gates: target.gates
    };
}
/** The commands of a reply in a finding's thread, in order (see `threadCommand`). */
function parseThreadCommands(body, target) {
    return parseCommands(body).map(c => threadCommand(c, target));
}


/***/ }),

/***/ 3092:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   t: () => (/* binding */ CONFIG_PATH)
/* harmony export */ });
/** Where the repository's own review-loop settings live: the loader reads it, and the protocol never lets a fix edit it. */
const CONFIG_PATH = '.github/review-loop.yml';


/***/ }),

/***/ 8382:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   g: () => (/* binding */ errorMessage)
/* harmony export */ });
/**
 * The words of anything thrown. `(error as Error).message` prints "undefined" for a thrown string or object, and
 * `String(error)` throws for an object with no prototype, so every message about a caught failure goes through here.
 */
function errorMessage(error) {
    // Duck-typed as well as `instanceof`: an error from another realm (a test VM, undici) is not an `Error` here.
    const message = typeof error === 'object' && error !== null
        ? error.message
        : undefined;
    if (typeof message === 'string' && message !== '')
        return message;
    try {
        // A message-less Error reads as its name ("Error", "TypeError"), a thrown string as itself.
        return String(error);
    }
    catch {
        return 'a thrown value that cannot be shown as text';
    }
}


/***/ })

};
