export const id = 32;
export const ids = [32];
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
